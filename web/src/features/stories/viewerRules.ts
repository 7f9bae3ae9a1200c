// The story viewer's timing rules (spec §4 "Stories", §9): a story shows for 10 s, its bar
// growing 1 % every 100 ms; then the same member's next story, then the next member's first; the
// viewer closes after the last story of the last member, and at the end of one's own stories.
// A tap pauses and resumes; prev goes back. Pure: the viewer calls these from its timer and its
// buttons, the tests with fake timers.

/** One step of the progress bar. */
export const STORY_TICK_MS = 100;
/** How much one step adds, in percent: 100 steps, 10 s a story. */
export const STORY_STEP_PERCENT = 1;

/** Whom the viewer steps through: each member's stories load when they come up. */
export interface ViewerMember {
  userId: number;
  mine: boolean;
}

export interface ViewerState {
  /** The member on screen (an index into the members). */
  member: number;
  /** Their story on screen (an index into their stories, oldest first). */
  story: number;
  /** How far the story's bar has grown, 0 to 100. */
  percent: number;
  paused: boolean;
  closed: boolean;
}

export function openAt(member: number): ViewerState {
  return { member, story: 0, percent: 0, paused: false, closed: false };
}

/** The members the viewer steps through from a ring list: one's own ring alone (its end closes
 *  the viewer), or everyone else's. */
export function viewerSequence<T extends { mine: 0 | 1 }>(
  rings: readonly T[],
  start: number,
): { members: T[]; start: number } {
  const chosen = rings[start];
  if (!chosen) return { members: [], start: 0 };
  if (chosen.mine === 1) return { members: [chosen], start: 0 };
  const others = rings.filter((ring) => ring.mine !== 1);
  return { members: others, start: Math.max(0, others.indexOf(chosen)) };
}

/**
 * The next story: the member's next one, else (unless they are mine) the next member's first,
 * else the viewer closes. `storyCount` is how many stories the member on screen has.
 */
export function next(
  state: ViewerState,
  storyCount: number,
  members: readonly ViewerMember[],
): ViewerState {
  if (state.closed) return state;
  if (state.story + 1 < storyCount) return { ...state, story: state.story + 1, percent: 0 };
  const current = members[state.member];
  if (!current || current.mine || state.member + 1 >= members.length) {
    return { ...state, percent: 100, closed: true };
  }
  return { ...state, member: state.member + 1, story: 0, percent: 0 };
}

/** Prev: the member's previous story, else the previous member's first, else this story again. */
export function prev(state: ViewerState): ViewerState {
  if (state.closed) return state;
  if (state.story > 0) return { ...state, story: state.story - 1, percent: 0 };
  if (state.member > 0) return { ...state, member: state.member - 1, story: 0, percent: 0 };
  return { ...state, percent: 0 };
}

/** One timer step (every 100 ms): the bar grows 1 %; at 100 % the next story comes. Nothing moves
 *  while paused. */
export function tick(
  state: ViewerState,
  storyCount: number,
  members: readonly ViewerMember[],
): ViewerState {
  if (state.paused || state.closed) return state;
  const percent = Math.min(100, state.percent + STORY_STEP_PERCENT);
  if (percent < 100) return { ...state, percent };
  return next(state, storyCount, members);
}

/**
 * `steps` timer steps at once (a busy page runs its timer late: the time, not the number of timer
 * callbacks, decides how far a story is). They stop at the end of the story: the next one starts
 * from 0 once its picture is there.
 */
export function run(
  state: ViewerState,
  steps: number,
  storyCount: number,
  members: readonly ViewerMember[],
): ViewerState {
  let current = state;
  for (let i = 0; i < steps; i += 1) {
    const after = tick(current, storyCount, members);
    const moved = after.member !== current.member || after.story !== current.story;
    current = after;
    if (moved || after.closed || after.paused) break;
  }
  return current;
}

/** A tap: pauses a running story, resumes a paused one. */
export function togglePause(state: ViewerState): ViewerState {
  return state.closed ? state : { ...state, paused: !state.paused };
}

/** After the story on screen was deleted: the one after it takes its place (or the one before,
 *  when it was the last); none left closes the viewer. */
export function afterDelete(state: ViewerState, remaining: number): ViewerState {
  if (remaining <= 0) return { ...state, closed: true };
  return { ...state, story: Math.min(state.story, remaining - 1), percent: 0 };
}

/** How full each bar of the member's stories is: the past ones full, the current one by its
 *  percent, the later ones empty. */
export function barFill(state: ViewerState, storyCount: number): number[] {
  return Array.from({ length: storyCount }, (_, i) =>
    i < state.story ? 100 : i === state.story ? state.percent : 0,
  );
}
