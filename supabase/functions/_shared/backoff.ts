// When to try a failed outbox job again (notify-leads' messages, calendar-sync's calendar writes): exponential
// backoff with "equal jitter" (half the delay fixed, half random), so retries spread out instead of hitting a
// recovering provider together. How long a job keeps retrying is each outbox's own rule (notify-leads: 24 hours
// from the job's creation, in the database; calendar-sync: a number of attempts, in the function).
export type BackoffPolicy = { baseSeconds: number; maxSeconds: number };

export const DEFAULT_BACKOFF: BackoffPolicy = { baseSeconds: 30, maxSeconds: 3600 };

/** Seconds to wait after the `attempt`-th failed attempt (1-based); `random` returns [0, 1). */
export function retryDelaySeconds(attempt: number, policy: BackoffPolicy, random: () => number = Math.random): number {
  const exponent = Math.min(Math.max(attempt, 1) - 1, 30);
  const ceiling = Math.min(policy.maxSeconds, policy.baseSeconds * 2 ** exponent);
  return Math.max(1, Math.round(ceiling / 2 + (random() * ceiling) / 2));
}
