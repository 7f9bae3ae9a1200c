// The signed-in screens' first segments: the RequireAuth routes of router.tsx, and the pages
// /reconnect/{page} may continue to (features/escape/plan.ts).
export const MEMBER_SEGMENTS: ReadonlySet<string> = new Set([
  'explore',
  'meet',
  'stories',
  'contacts',
  'profile',
  'likesme',
  'mylikes',
  'visitors',
  'match',
  'chat',
  'settings',
]);

/** Whether `pathname` is one of the signed-in screens. */
export const isMemberPath = (pathname: string): boolean =>
  MEMBER_SEGMENTS.has(pathname.split('/')[1] ?? '');
