export type GuardKind = 'authenticated' | 'guest';
export type GuardDecision = 'render' | 'wait' | { redirect: string };

export function guardDecision(
  kind: GuardKind,
  {
    authenticated,
    authChecked,
    finishingRegistration = false,
  }: { authenticated: boolean; authChecked: boolean; finishingRegistration?: boolean },
): GuardDecision {
  if (kind === 'guest') {
    // Guest pages render at once: the server already redirected a valid session, and waiting for
    // the socket would delay the landing page for every visitor. A member who has just created
    // their account stays on /register for its photo step (it needs the session).
    return authenticated && !finishingRegistration ? { redirect: '/explore' } : 'render';
  }
  if (authenticated) return 'render';
  return authChecked ? { redirect: '/' } : 'wait';
}
