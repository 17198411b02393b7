import { runsAnsweredSince, type RunCounts } from '../../dev/deno-function';
import { waitUntil } from './wait-until';

/**
 * Waits until a locally run Edge Function (dev/deno-function.ts: the notification or calendar runner) has run through
 * `count` more times, each run begun after this call and answered: whatever it still had to do then has been done,
 * so what it has sent is all there will be. This, not a sleep, is how a test shows that nothing more happens: a sleep
 * passes without proof when the machine is too slow for the runner to have run at all.
 */
export function moreRuns(
  runner: { runs(): RunCounts },
  { count = 2, timeoutMs = 20_000 }: { count?: number; timeoutMs?: number } = {},
): Promise<number> {
  const mark = runner.runs();
  return waitUntil(`${count} more runs of the function`, () => runsAnsweredSince(mark, runner.runs()), {
    until: (runs) => runs >= count,
    timeoutMs,
    intervalMs: 50,
  });
}
