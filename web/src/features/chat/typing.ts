// Typing indicators (docs/protocol.md "Typing"): when this member's composer tells the partner
// that they are typing, and for how long a partner's `typing` event shows. Plain classes with
// their timers, no React and no socket: the ChatService (service.ts) owns one of each.
import { sendableText } from './rules';

/** The server passes at most one `typing` per 2 s per pair; sending more often is wasted. */
export const TYPING_SEND_INTERVAL_MS = 2_000;
/** How long "typing…" stays after the last event: a little over two sends, so it doesn't flicker
 *  while the partner keeps typing, and it goes soon after they stop. */
export const TYPING_SHOW_MS = 5_000;

/**
 * Decides when the composer sends `typing`: on a change of a non-empty draft, at most once every
 * 2 s per conversation. An empty draft (cleared, or sent) sends nothing and starts the interval
 * afresh, so the next word after a send is told at once.
 */
export class TypingSender {
  private readonly lastSent = new Map<number, number>();
  private readonly send: (receiverId: number) => void;
  private readonly now: () => number;

  constructor(send: (receiverId: number) => void, now: () => number = () => Date.now()) {
    this.send = send;
    this.now = now;
  }

  /** The draft of the conversation with `receiverId` is now `draft`. */
  draftChanged(receiverId: number, draft: string): void {
    if (sendableText(draft) === null) {
      this.stop(receiverId);
      return;
    }
    const now = this.now();
    const last = this.lastSent.get(receiverId);
    if (last !== undefined && now - last < TYPING_SEND_INTERVAL_MS) return;
    this.lastSent.set(receiverId, now);
    this.send(receiverId);
  }

  /** The message went, or the draft was cleared. */
  stop(receiverId: number): void {
    this.lastSent.delete(receiverId);
  }

  reset(): void {
    this.lastSent.clear();
  }
}

/**
 * Who is typing to this member: each id for 5 s after its last event, or until its message
 * arrives. `onChange` gets the ids whenever the set changes (not when a timer only restarts).
 */
export class TypingIndicators {
  private readonly timers = new Map<number, ReturnType<typeof setTimeout>>();
  private readonly onChange: (typingIds: number[]) => void;

  constructor(onChange: (typingIds: number[]) => void) {
    this.onChange = onChange;
  }

  /** A `typing` event from `userId`. */
  typing(userId: number): void {
    const running = this.timers.get(userId);
    if (running !== undefined) clearTimeout(running);
    this.timers.set(
      userId,
      setTimeout(() => this.clear(userId), TYPING_SHOW_MS),
    );
    if (running === undefined) this.changed();
  }

  /** `userId` stopped typing: their message arrived (or they were blocked). */
  clear(userId: number): void {
    const running = this.timers.get(userId);
    if (running === undefined) return;
    clearTimeout(running);
    this.timers.delete(userId);
    this.changed();
  }

  isTyping(userId: number): boolean {
    return this.timers.has(userId);
  }

  /** Forgets everyone, silently (the session ended). */
  reset(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private changed(): void {
    this.onChange([...this.timers.keys()]);
  }
}
