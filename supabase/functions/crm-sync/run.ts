// One run over the crm_sync queue: claim due changes, sync each to its target, then complete it, or fail it:
// again later (backoff with jitter; a 429's Retry-After), or stop the target until a person fixes it ('pause':
// a refused token, rejected data, missing secrets, or transient failures for about a day) or for good ('off':
// a webhook receiver's 410). The database tells the team once per stop. Changes to one target run one after
// another (the database already hands out one change per person and target at a time); targets side by side, so
// a slow CRM never holds up another.
import { retryDelaySeconds, type BackoffPolicy } from '../_shared/backoff.ts';
import { drainOutbox, type DrainOptions, type DrainSummary } from '../_shared/drain.ts';
import type { Target } from './config.ts';
import type { ClaimedCrmChange, CrmDatabase, Stop } from './database.ts';
import { CrmError } from './http.ts';
import { LostClaim, type TargetSync } from './target.ts';

export type Targets = Record<Target, TargetSync | { problem: string }>;

export type RunDependencies = DrainOptions & {
  database: CrmDatabase;
  targets: Targets;
  backoff: BackoffPolicy;
  pauseAfterSeconds: number;
  pauseAfterAttempts: number;
  /** Values never to appear in an error or a log line (the credentials), replaced by [secret]. */
  secrets?: string[];
  random?: () => number;
  now?: () => Date;
  log?: (line: string) => void;
};

const OUTCOMES = ['synced', 'retrying', 'paused', 'off', 'lost'] as const;
type Outcome = (typeof OUTCOMES)[number];
export type RunSummary = DrainSummary<Outcome>;

const LABELS: Record<Target, string> = { hubspot: 'HubSpot', pipedrive: 'Pipedrive', webhook: 'The webhook' };
const MAX_RETRY_SECONDS = 3600;

/**
 * Why the rest of a target's changes in this run are not tried: it paused or asked to wait (they are tried again
 * after retryIn), or it was turned off (retryIn null: they are given up, as the database does with its pending ones).
 */
type Hold = { message: string; retryIn: number | null };

function redactor(secrets: string[] = []) {
  const values = secrets.filter((secret) => secret.length >= 6);
  return (text: string) => values.reduce((out, secret) => out.replaceAll(secret, '[secret]'), text).slice(0, 1000);
}

async function syncOne(job: ClaimedCrmChange, deps: RunDependencies, holds: Map<Target, Hold>): Promise<Outcome> {
  const log = deps.log ?? (() => undefined);
  const redact = redactor(deps.secrets);
  const label = LABELS[job.target] ?? job.target;
  const what = `${job.target} ${job.change} (${job.job_id}, attempt ${job.attempts})`;

  const stop = async (message: string, how: Stop): Promise<Outcome> => {
    const error = redact(message);
    await deps.database.fail(job, error, null, how);
    holds.set(
      job.target,
      how === 'off'
        ? { message: `${label} was turned off: ${error}`, retryIn: null }
        : { message: `${label} was paused in this run`, retryIn: 60 },
    );
    log(`crm-sync: ${what} ${how === 'off' ? 'turned the target off' : 'paused the target'}: ${error}`);
    return how === 'off' ? 'off' : 'paused';
  };

  const held = holds.get(job.target);
  if (held) {
    await deps.database.fail(job, `not tried: ${held.message}`, held.retryIn, null);
    log(
      `crm-sync: ${what} not tried (${held.message}); ${held.retryIn === null ? 'given up' : `again in ${held.retryIn} s`}`,
    );
    return held.retryIn === null ? 'off' : 'retrying';
  }
  const sync = deps.targets[job.target];
  if (!sync) return await stop(`unknown CRM target "${job.target}"`, 'pause');
  if (typeof sync !== 'function')
    return await stop(`${label} is turned on but not configured: ${sync.problem}`, 'pause');

  let remark: string | void;
  try {
    remark = await sync(job, async (kind, remoteId) => {
      if (!(await deps.database.recordRemoteId(job, kind, remoteId))) throw new LostClaim();
    });
  } catch (error) {
    if (error instanceof LostClaim) {
      log(`crm-sync: ${what} was taken over by another run (its lease ran out)`);
      return 'lost';
    }
    const failure =
      error instanceof CrmError
        ? error
        : new CrmError(`${label}: ${error instanceof Error ? error.message : String(error)}`, 'retry');
    if (failure.action !== 'retry') return await stop(failure.message, failure.action);
    const now = deps.now?.() ?? new Date();
    const ageSeconds = (now.getTime() - Date.parse(job.queued_at)) / 1000;
    if (ageSeconds >= deps.pauseAfterSeconds && job.attempts >= deps.pauseAfterAttempts) {
      const hours = Math.round(ageSeconds / 3600);
      return await stop(
        `${label} has been failing for ${hours} hours (check its status, then resume): ${failure.message}`,
        'pause',
      );
    }
    const retryIn = Math.min(
      MAX_RETRY_SECONDS,
      failure.retryAfterSeconds ?? retryDelaySeconds(job.attempts, deps.backoff, deps.random),
    );
    const message = redact(failure.message);
    await deps.database.fail(job, message, retryIn, null);
    // Rate-limited: the target's other changes wait as long instead of being refused too.
    if (failure.retryAfterSeconds !== undefined) holds.set(job.target, { message: `${label} asked to wait`, retryIn });
    log(`crm-sync: ${what} failed (${message}); again in ${retryIn} s`);
    return 'retrying';
  }
  await deps.database.complete(job);
  log(`crm-sync: ${what} synced${remark ? ` (${redact(remark)})` : ''}`);
  return 'synced';
}

export function syncDueChanges(deps: RunDependencies): Promise<RunSummary> {
  return drainOutbox(
    (batchSize, leaseSeconds) => deps.database.claim(batchSize, leaseSeconds),
    async (jobs) => {
      const holds = new Map<Target, Hold>();
      const byTarget = Map.groupBy(jobs, (job) => job.target);
      const outcomes = await Promise.all(
        [...byTarget.values()].map(async (group) => {
          const done: Outcome[] = [];
          for (const job of group) done.push(await syncOne(job, deps, holds));
          return done;
        }),
      );
      return outcomes.flat();
    },
    OUTCOMES,
    deps,
  );
}
