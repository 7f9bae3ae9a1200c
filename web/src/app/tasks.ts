// Yielding to the browser between pieces of start-up work: each piece runs in a task of its own,
// short enough not to block input (docs/performance.md, "First load").

/** Resolves in a later task (after whatever input, paint or network work is waiting). */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
