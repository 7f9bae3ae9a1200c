// Placeholder until the matched modal is built: MainLayout mounts it once for every screen.
export function MatchedModalHost() {
  return null;
}
