export type GuardKind = 'authenticated' | 'guest';
export type GuardDecision = 'render' | 'wait' | { redirect: string };

export function guardDecision(
  kind: GuardKind,
  { authenticated, authChecked }: { authenticated: boolean; authChecked: boolean },
): GuardDecision {
  if (kind === 'guest') {
    // Guest pages render at once: the server already redirected a valid session, and waiting for
    // the socket would delay the landing page for every visitor.
    return authenticated ? { redirect: '/explore' } : 'render';
  }
  if (authenticated) return 'render';
  return authChecked ? { redirect: '/' } : 'wait';
}
