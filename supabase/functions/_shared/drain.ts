// One run's work on an outbox: claim due jobs in batches and handle them, until nothing is due or the run's time
// budget is spent (the next scheduled run continues). Each handled job counts under the outcome it reports.
export type DrainOptions = { batchSize?: number; leaseSeconds?: number; budgetMs?: number };
export type DrainSummary<O extends string> = { claimed: number } & Record<O, number>;

export async function drainOutbox<J, O extends string>(
  claim: (batchSize: number, leaseSeconds: number) => Promise<J[]>,
  handleBatch: (jobs: J[]) => Promise<O[]>,
  outcomes: readonly O[],
  options: DrainOptions,
): Promise<DrainSummary<O>> {
  const summary = { claimed: 0, ...Object.fromEntries(outcomes.map((outcome) => [outcome, 0])) } as DrainSummary<O>;
  const deadline = Date.now() + (options.budgetMs ?? 40_000);
  while (Date.now() < deadline) {
    const jobs = await claim(options.batchSize ?? 10, options.leaseSeconds ?? 120);
    if (jobs.length === 0) break;
    summary.claimed += jobs.length;
    for (const outcome of await handleBatch(jobs)) (summary as Record<O, number>)[outcome] += 1;
  }
  return summary;
}
