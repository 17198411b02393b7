import { retryDelaySeconds } from '../_shared/backoff.ts';
import { drainOutbox } from '../_shared/drain.ts';
import type { NotifyConfig } from './config.ts';
import { postToChat, sendEmail, type Fetch } from './providers.ts';
import { renderBookingMessage, UnrenderableJob } from './booking-render.ts';
import { crmFailureOf, renderCrmFailed } from './crm-failed-render.ts';
import { renderHeldDigest } from './digest-render.ts';
import type { BookingQueue, ClaimedBookingJob, ClaimedJob, Queue } from './queue.ts';
import { renderNotification, type Notification } from './render.ts';
import { renderWeeklySummary } from './weekly-render.ts';

// One run of the function: claim due jobs in batches, deliver each, record the outcome, until the queue
// has nothing due or the run's time budget is spent (the next scheduled run continues; _shared/drain.ts).
export type RunDependencies = {
  queue: Queue;
  config: NotifyConfig;
  fetch: Fetch;
  random?: () => number;
  log?: (line: string) => void;
  batchSize?: number;
  leaseSeconds?: number;
  budgetMs?: number;
};
export type RunSummary = { claimed: number; sent: number; retrying: number; dead: number };

const OUTCOMES = ['sent', 'retrying', 'dead'] as const;
type Outcome = (typeof OUTCOMES)[number];
type Recorder<J> = {
  complete(job: J, providerMessageId: string | undefined): Promise<boolean>;
  fail(job: J, error: string, retryInSeconds: number | null): Promise<boolean>;
};
type Shared = Omit<RunDependencies, 'queue'>;

/**
 * Sends one message and records the outcome: complete, or fail with the backoff's delay (retryable) or none
 * (permanent). With `toChat`, a delivered message is also posted to the chat webhook: a convenience on top of
 * the e-mail, one attempt, a failure only logged.
 */
async function sendAndRecord<J extends { job_id: string; attempts: number }>(
  job: J,
  message: Notification,
  queue: Recorder<J>,
  deps: Shared,
  what: string,
  toChat: boolean,
): Promise<Outcome> {
  const log = deps.log ?? (() => undefined);
  const email = await sendEmail(deps.fetch, deps.config, message, job.job_id);
  if (email.ok) {
    await queue.complete(job, email.id);
    log(`notify-leads: sent ${what} as ${email.id ?? 'unknown id'}`);
    if (toChat) {
      const chat = await postToChat(deps.fetch, deps.config, message);
      if (!chat.ok) log(`notify-leads: chat webhook failed for ${job.job_id}: ${chat.error}`);
    }
    return 'sent';
  }
  const retryIn = email.retry ? retryDelaySeconds(job.attempts, deps.config.backoff, deps.random) : null;
  await queue.fail(job, email.error, retryIn);
  log(
    `notify-leads: attempt ${job.attempts} for ${what} failed (${email.error}); ${retryIn === null ? 'permanent' : `retry in ${retryIn} s`}`,
  );
  return email.retry ? 'retrying' : 'dead';
}

function drain<J>(
  claim: (batchSize: number, leaseSeconds: number) => Promise<J[]>,
  deliverOne: (job: J) => Promise<Outcome>,
  deps: Shared,
): Promise<RunSummary> {
  return drainOutbox(claim, (jobs) => Promise.all(jobs.map(deliverOne)), OUTCOMES, deps);
}

async function deliver(job: ClaimedJob, deps: RunDependencies): Promise<Outcome> {
  if (job.kind === 'held_digest') return deliverDigest(job, deps);
  if (job.kind === 'weekly_summary') return deliverWeeklySummary(job, deps);
  if (job.kind === 'crm_failed') return deliverCrmFailed(job, deps);
  if (!job.lead_table || !job.lead) {
    await deps.queue.fail(job, 'the lead no longer exists', null);
    return 'dead';
  }
  const message = renderNotification(job.lead_table, job.lead);
  return sendAndRecord(job, message, deps.queue, deps, `${job.job_id} (${job.lead_table})`, true);
}

/**
 * The hour's digest of held leads (issue 36): to the team's address only (not the chat webhook: it carries the
 * release links), with the release page's links when SITE_URL is set, else the release commands alone. Its content
 * is read under the job's claim: null means the claim is no longer this run's (its lease ran out), and the run that
 * holds it now delivers it.
 */
async function deliverDigest(job: ClaimedJob, deps: RunDependencies): Promise<Outcome> {
  const digest = await deps.queue.digest(job);
  if (!digest) return 'retrying';
  const message = renderHeldDigest(digest, deps.config.siteUrl);
  return sendAndRecord(job, message, deps.queue, deps, `held-lead digest ${job.job_id}`, false);
}

/**
 * The week's summary (issue 44): to the team's address only (NOTIFY_TO; not the chat webhook), with the
 * dashboard's link when SITE_URL is set, else how to open it. A summary that cannot be rendered (a malformed answer)
 * is given up with the reason: another attempt would read the same. Read under the claim, as the digest is.
 */
async function deliverWeeklySummary(job: ClaimedJob, deps: RunDependencies): Promise<Outcome> {
  const summary = await deps.queue.weeklySummary(job);
  if (!summary) return 'retrying';
  let message: Notification;
  try {
    message = renderWeeklySummary(summary, deps.config.siteUrl);
  } catch (error) {
    await deps.queue.fail(job, `cannot render the weekly summary: ${error}`, null);
    return 'dead';
  }
  return sendAndRecord(job, message, deps.queue, deps, `weekly summary ${job.job_id}`, false);
}

/**
 * A CRM target stopped (issue 46): the team is told which, why, what to fix and how to resume, by e-mail and in the
 * chat channel (nothing in it is secret). A payload that names no target still tells the team, without a name.
 */
function deliverCrmFailed(job: ClaimedJob, deps: RunDependencies): Promise<Outcome> {
  const failure = crmFailureOf(job.payload);
  const message = renderCrmFailed(failure);
  return sendAndRecord(
    job,
    message,
    deps.queue,
    deps,
    `crm_failed ${failure.target ?? 'unknown target'} ${job.job_id}`,
    true,
  );
}

export function deliverDueNotifications(deps: RunDependencies): Promise<RunSummary> {
  return drain(
    (batchSize, leaseSeconds) => deps.queue.claim(batchSize, leaseSeconds),
    (job) => deliver(job, deps),
    deps,
  );
}

// The booking messages' outbox, the same way: claim, render, send (the job id as idempotency key), record.
export type BookingRunDependencies = Omit<RunDependencies, 'queue'> & { queue: BookingQueue; now?: () => Date };

async function deliverBookingMessage(
  job: ClaimedBookingJob,
  siteUrl: string,
  deps: BookingRunDependencies,
): Promise<Outcome> {
  let message: Notification;
  try {
    message = renderBookingMessage(job, {
      siteUrl,
      team: deps.config.to,
      teamFrom: deps.config.from,
      visitorFrom: deps.config.bookingFrom,
      now: deps.now?.(),
    });
  } catch (error) {
    await deps.queue.fail(job, error instanceof UnrenderableJob ? error.message : `cannot render: ${error}`, null);
    return 'dead';
  }
  const what = `booking ${job.kind} to the ${job.recipient} (${job.job_id})`;
  return sendAndRecord(job, message, deps.queue, deps, what, job.recipient === 'team');
}

/**
 * Delivers the due booking messages. Without SITE_URL no message could carry a working change/cancel link, so
 * none is claimed (they wait, due, until it is set) and the run says so.
 */
export function deliverDueBookingMessages(deps: BookingRunDependencies): Promise<RunSummary> {
  const siteUrl = deps.config.siteUrl;
  if (!siteUrl) {
    deps.log?.(
      'notify-leads: booking messages are waiting: set SITE_URL (the site address for the change/cancel link)',
    );
    return Promise.resolve({ claimed: 0, sent: 0, retrying: 0, dead: 0 });
  }
  return drain(
    (batchSize, leaseSeconds) => deps.queue.claim(batchSize, leaseSeconds),
    (job) => deliverBookingMessage(job, siteUrl, deps),
    deps,
  );
}
