// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TYPING_SEND_INTERVAL_MS, TYPING_SHOW_MS, TypingIndicators, TypingSender } from './typing';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('TypingSender', () => {
  it('tells the partner at most once every 2 s while the draft changes', () => {
    const send = vi.fn();
    const sender = new TypingSender(send);
    sender.draftChanged(41, 'H');
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenLastCalledWith(41);
    // A keystroke every 100 ms up to 1.9 s: nothing more goes.
    for (let i = 1; i < TYPING_SEND_INTERVAL_MS / 100; i += 1) {
      vi.advanceTimersByTime(100);
      sender.draftChanged(41, 'Hello'.repeat(i));
    }
    expect(send).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(100);
    sender.draftChanged(41, 'Hello there');
    expect(send).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(TYPING_SEND_INTERVAL_MS - 1);
    sender.draftChanged(41, 'Hello there!');
    expect(send).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1);
    sender.draftChanged(41, 'Hello there!!');
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('sends nothing for an empty or blank draft', () => {
    const send = vi.fn();
    const sender = new TypingSender(send);
    sender.draftChanged(41, '');
    sender.draftChanged(41, '   \n\t');
    expect(send).not.toHaveBeenCalled();
  });

  it('keeps the interval per conversation', () => {
    const send = vi.fn();
    const sender = new TypingSender(send);
    sender.draftChanged(41, 'a');
    sender.draftChanged(42, 'b');
    sender.draftChanged(41, 'ab');
    expect(send.mock.calls).toEqual([[41], [42]]);
  });

  it('stops on a send or a cleared draft, and the next word is told at once', () => {
    const send = vi.fn();
    const sender = new TypingSender(send);
    sender.draftChanged(41, 'Hi');
    // The message went: the draft is empty, nothing is sent for it.
    sender.draftChanged(41, '');
    expect(send).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(300);
    sender.draftChanged(41, 'A');
    expect(send).toHaveBeenCalledTimes(2);
    sender.stop(41);
    sender.draftChanged(41, 'An');
    expect(send).toHaveBeenCalledTimes(3);
    sender.reset();
    sender.draftChanged(41, 'And');
    expect(send).toHaveBeenCalledTimes(4);
  });
});

describe('TypingIndicators', () => {
  it('shows someone for 5 s after their last event', () => {
    const onChange = vi.fn();
    const indicators = new TypingIndicators(onChange);
    indicators.typing(41);
    expect(indicators.isTyping(41)).toBe(true);
    expect(onChange).toHaveBeenLastCalledWith([41]);
    vi.advanceTimersByTime(TYPING_SHOW_MS - 1);
    expect(indicators.isTyping(41)).toBe(true);
    vi.advanceTimersByTime(1);
    expect(indicators.isTyping(41)).toBe(false);
    expect(onChange).toHaveBeenLastCalledWith([]);
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('restarts the 5 s with every event, without telling of a change that is none', () => {
    const onChange = vi.fn();
    const indicators = new TypingIndicators(onChange);
    indicators.typing(41);
    vi.advanceTimersByTime(4_000);
    indicators.typing(41);
    expect(onChange).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(4_000);
    expect(indicators.isTyping(41)).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect(indicators.isTyping(41)).toBe(false);
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('keeps each person apart', () => {
    const onChange = vi.fn();
    const indicators = new TypingIndicators(onChange);
    indicators.typing(41);
    vi.advanceTimersByTime(3_000);
    indicators.typing(42);
    expect(onChange).toHaveBeenLastCalledWith([41, 42]);
    vi.advanceTimersByTime(2_000);
    expect(onChange).toHaveBeenLastCalledWith([42]);
    vi.advanceTimersByTime(3_000);
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('hides someone at once when their message arrives', () => {
    const onChange = vi.fn();
    const indicators = new TypingIndicators(onChange);
    indicators.typing(41);
    indicators.typing(42);
    indicators.clear(41);
    expect(indicators.isTyping(41)).toBe(false);
    expect(onChange).toHaveBeenLastCalledWith([42]);
    // Clearing someone who isn't typing changes nothing; the old timer is gone too.
    indicators.clear(41);
    vi.advanceTimersByTime(TYPING_SHOW_MS);
    expect(onChange.mock.calls).toEqual([[[41]], [[41, 42]], [[42]], [[]]]);
  });

  it('forgets everyone silently on reset', () => {
    const onChange = vi.fn();
    const indicators = new TypingIndicators(onChange);
    indicators.typing(41);
    onChange.mockClear();
    indicators.reset();
    vi.advanceTimersByTime(TYPING_SHOW_MS);
    expect(indicators.isTyping(41)).toBe(false);
    expect(onChange).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});
