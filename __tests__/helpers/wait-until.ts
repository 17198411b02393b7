/**
 * Polls `check` every `intervalMs` until it returns a value other than undefined or false, and resolves with it;
 * rejects after `timeoutMs` naming `what`, with the last value seen, so a test waits for a background process
 * (a sync, an outbox) as long as it takes and no longer, never for a fixed time.
 */
export async function waitUntil<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  { timeoutMs = 20_000, intervalMs = 150 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs / 1000} s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
