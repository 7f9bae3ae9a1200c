/** An idempotency key for a purchase (1–64 characters of A-Z a-z 0-9 _ -, docs/protocol.md):
 *  the same key again, after a lost answer, pays once. */
export function newClientId(prefix: string): string {
  const random = globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`;
  return `${prefix}-${random}`.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 64);
}
