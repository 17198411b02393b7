import { inspect } from 'node:util';

export type WaitOptions<T> = {
  timeoutMs?: number;
  intervalMs?: number;
  /**
   * When the value `check` read is the one waited for; by default, any value but undefined or false. With it, `check`
   * can return what it saw (a count, a list) and the timeout's message shows that, not just "false".
   */
  until?: (value: T) => boolean;
};

/** What the error shows of a value: short enough to read in a test's failure. */
const shown = (value: unknown) => {
  const text = inspect(value, { depth: 4, breakLength: Infinity, maxArrayLength: 20, maxStringLength: 200 });
  return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
};

/**
 * Polls `check` every `intervalMs` until it returns a value other than undefined or false (or, with `until`, one
 * `until` accepts), and resolves with it; rejects after `timeoutMs` naming `what`, with the last value seen, so a
 * test waits for a background process (a sync, an outbox) as long as it takes and no longer, never for a fixed time.
 */
export async function waitUntil<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  { timeoutMs = 20_000, intervalMs = 150, until }: WaitOptions<T> = {},
): Promise<T> {
  const done = (value: T | undefined | false): value is T =>
    until ? until(value as T) : value !== undefined && value !== false;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (done(value)) return value;
    if (Date.now() > deadline) {
      throw new Error(`not within ${timeoutMs / 1000} s: ${what} (last seen: ${shown(value)})`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
