// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  afterDelete,
  barFill,
  next,
  openAt,
  prev,
  run,
  STORY_TICK_MS,
  tick,
  togglePause,
  viewerSequence,
  type ViewerMember,
  type ViewerState,
} from './viewerRules';

const OTHERS: ViewerMember[] = [
  { userId: 41, mine: false },
  { userId: 42, mine: false },
];
const MINE: ViewerMember[] = [{ userId: 12, mine: true }];

/** The viewer's clock: one tick every 100 ms, as the viewer's interval runs it. */
function runClock(
  start: ViewerState,
  counts: Record<number, number>,
  members: ViewerMember[],
  ms: number,
): ViewerState {
  let state = start;
  const timer = setInterval(() => {
    const member = members[state.member];
    state = tick(state, member ? (counts[member.userId] ?? 0) : 0, members);
  }, STORY_TICK_MS);
  vi.advanceTimersByTime(ms);
  clearInterval(timer);
  return state;
}

describe('the story clock', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('grows 1 % every 100 ms: a story lasts 10 s', () => {
    const counts = { 41: 2, 42: 1 };
    let state = runClock(openAt(0), counts, OTHERS, 100);
    expect(state.percent).toBe(1);
    state = runClock(openAt(0), counts, OTHERS, 5_000);
    expect(state).toMatchObject({ member: 0, story: 0, percent: 50 });
    state = runClock(openAt(0), counts, OTHERS, 9_900);
    expect(state).toMatchObject({ member: 0, story: 0, percent: 99 });
    state = runClock(openAt(0), counts, OTHERS, 10_000);
    expect(state).toMatchObject({ member: 0, story: 1, percent: 0 });
  });

  it('goes to the same member’s next story, then the next member, then closes', () => {
    const counts = { 41: 2, 42: 1 };
    let state = runClock(openAt(0), counts, OTHERS, 20_000);
    expect(state).toMatchObject({ member: 1, story: 0, percent: 0, closed: false });
    state = runClock(state, counts, OTHERS, 9_900);
    expect(state.closed).toBe(false);
    state = runClock(state, counts, OTHERS, 100);
    expect(state.closed).toBe(true);
    // Nothing moves once closed.
    expect(runClock(state, counts, OTHERS, 5_000)).toEqual(state);
  });

  it('closes at the end of one’s own stories', () => {
    const state = runClock(openAt(0), { 12: 2 }, MINE, 20_000);
    expect(state.closed).toBe(true);
    // Even with others after them in the list.
    const mixed = [...MINE, ...OTHERS];
    expect(runClock(openAt(0), { 12: 1, 41: 1 }, mixed, 10_000).closed).toBe(true);
  });

  it('stands still while paused and runs on from where it stood', () => {
    const counts = { 41: 1, 42: 1 };
    let state = runClock(openAt(0), counts, OTHERS, 3_000);
    state = togglePause(state);
    expect(state.paused).toBe(true);
    const paused = runClock(state, counts, OTHERS, 60_000);
    expect(paused).toEqual(state);
    state = runClock(togglePause(paused), counts, OTHERS, 2_000);
    expect(state).toMatchObject({ member: 0, percent: 50, paused: false });
  });
});

describe('a late timer', () => {
  it('catches up by the time that passed, and stops at the end of the story', () => {
    expect(run(openAt(0), 37, 2, OTHERS)).toMatchObject({ story: 0, percent: 37 });
    expect(run({ ...openAt(0), percent: 90 }, 25, 2, OTHERS)).toMatchObject({
      story: 1,
      percent: 0,
    });
    expect(run({ ...openAt(0), paused: true }, 25, 2, OTHERS).percent).toBe(0);
    expect(run({ ...openAt(1), percent: 99 }, 5, 1, OTHERS).closed).toBe(true);
  });
});

describe('stepping', () => {
  it('prev goes to the previous story, then the previous member, else restarts the story', () => {
    expect(prev({ ...openAt(0), story: 1, percent: 40 })).toMatchObject({ story: 0, percent: 0 });
    expect(prev({ ...openAt(1), percent: 40 })).toMatchObject({ member: 0, story: 0, percent: 0 });
    expect(prev({ ...openAt(0), percent: 40 })).toMatchObject({ member: 0, story: 0, percent: 0 });
  });

  it('next skips the rest of a story; a member with none to show is passed', () => {
    expect(next({ ...openAt(0), percent: 30 }, 2, OTHERS)).toMatchObject({ story: 1, percent: 0 });
    expect(next(openAt(0), 0, OTHERS)).toMatchObject({ member: 1, story: 0 });
    expect(next(openAt(1), 1, OTHERS).closed).toBe(true);
  });

  it('a tap pauses and the next tap resumes', () => {
    const paused = togglePause(openAt(0));
    expect(paused.paused).toBe(true);
    expect(togglePause(paused).paused).toBe(false);
  });

  it('after a delete the next story takes its place, or the previous one; none left closes', () => {
    expect(afterDelete({ ...openAt(0), story: 1, percent: 70 }, 3)).toMatchObject({
      story: 1,
      percent: 0,
    });
    expect(afterDelete({ ...openAt(0), story: 2 }, 2)).toMatchObject({ story: 1 });
    expect(afterDelete(openAt(0), 0).closed).toBe(true);
  });

  it('fills the bars before the story on screen, grows its own, leaves the later ones empty', () => {
    expect(barFill({ ...openAt(0), story: 1, percent: 42 }, 3)).toEqual([100, 42, 0]);
  });
});

describe('viewerSequence', () => {
  const rings = [
    { user_id: 12, mine: 1 as const },
    { user_id: 41, mine: 0 as const },
    { user_id: 42, mine: 0 as const },
  ];

  it('one’s own ring alone, so that its end closes the viewer', () => {
    expect(viewerSequence(rings, 0)).toEqual({ members: [rings[0]], start: 0 });
  });

  it('from someone else’s ring: everyone else, starting there', () => {
    expect(viewerSequence(rings, 2)).toEqual({ members: [rings[1], rings[2]], start: 1 });
  });

  it('nothing for an index out of the list', () => {
    expect(viewerSequence(rings, 9)).toEqual({ members: [], start: 0 });
  });
});
