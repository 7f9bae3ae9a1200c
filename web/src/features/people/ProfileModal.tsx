// Placeholder until the profile modal is built: MainLayout mounts it once for every screen.
export function ProfileModalHost() {
  return null;
}
