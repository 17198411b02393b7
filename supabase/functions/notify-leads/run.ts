import { retryDelaySeconds } from './backoff.ts';
import type { NotifyConfig } from './config.ts';
import { postToChat, sendEmail, type Fetch } from './providers.ts';
import { renderBookingMessage, UnrenderableJob } from './booking-render.ts';
import type { BookingQueue, ClaimedBookingJob, ClaimedJob, Queue } from './queue.ts';
import { renderNotification } from './render.ts';

// One run of the function: claim due jobs in batches, deliver each, record the outcome, until the queue
// has nothing due or the run's time budget is spent (the next scheduled run continues).
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

async function deliver(job: ClaimedJob, deps: RunDependencies): Promise<'sent' | 'retrying' | 'dead'> {
  const log = deps.log ?? (() => undefined);
  if (!job.lead) {
    await deps.queue.fail(job, 'the lead no longer exists', null);
    return 'dead';
  }
  const message = renderNotification(job.lead_table, job.lead);
  const email = await sendEmail(deps.fetch, deps.config, message, job.job_id);
  if (email.ok) {
    await deps.queue.complete(job, email.id);
    log(`notify-leads: sent ${job.job_id} (${job.lead_table}) as ${email.id ?? 'unknown id'}`);
    // The chat post is a convenience on top of the e-mail: one attempt, a failure is only logged.
    const chat = await postToChat(deps.fetch, deps.config, message);
    if (!chat.ok) log(`notify-leads: chat webhook failed for ${job.job_id}: ${chat.error}`);
    return 'sent';
  }
  const retryIn = email.retry ? retryDelaySeconds(job.attempts, deps.config.backoff, deps.random) : null;
  await deps.queue.fail(job, email.error, retryIn);
  log(
    `notify-leads: attempt ${job.attempts} for ${job.job_id} failed (${email.error}); ${retryIn === null ? 'permanent' : `retry in ${retryIn} s`}`,
  );
  return email.retry ? 'retrying' : 'dead';
}

export async function deliverDueNotifications(deps: RunDependencies): Promise<RunSummary> {
  const summary: RunSummary = { claimed: 0, sent: 0, retrying: 0, dead: 0 };
  const deadline = Date.now() + (deps.budgetMs ?? 40_000);
  while (Date.now() < deadline) {
    const jobs = await deps.queue.claim(deps.batchSize ?? 10, deps.leaseSeconds ?? 120);
    if (jobs.length === 0) break;
    summary.claimed += jobs.length;
    const outcomes = await Promise.all(jobs.map((job) => deliver(job, deps)));
    for (const outcome of outcomes) summary[outcome] += 1;
  }
  return summary;
}

// The booking messages' outbox, the same way: claim, render, send (the job id as idempotency key), record.
export type BookingRunDependencies = Omit<RunDependencies, 'queue'> & { queue: BookingQueue; now?: () => Date };

async function deliverBookingMessage(
  job: ClaimedBookingJob,
  siteUrl: string,
  deps: BookingRunDependencies,
): Promise<'sent' | 'retrying' | 'dead'> {
  const log = deps.log ?? (() => undefined);
  let message;
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
  const email = await sendEmail(deps.fetch, deps.config, message, job.job_id);
  if (email.ok) {
    await deps.queue.complete(job, email.id);
    log(
      `notify-leads: sent booking ${job.kind} to the ${job.recipient} (${job.job_id}) as ${email.id ?? 'unknown id'}`,
    );
    if (job.recipient === 'team') {
      const chat = await postToChat(deps.fetch, deps.config, message);
      if (!chat.ok) log(`notify-leads: chat webhook failed for ${job.job_id}: ${chat.error}`);
    }
    return 'sent';
  }
  const retryIn = email.retry ? retryDelaySeconds(job.attempts, deps.config.backoff, deps.random) : null;
  await deps.queue.fail(job, email.error, retryIn);
  log(
    `notify-leads: attempt ${job.attempts} for booking ${job.kind} ${job.job_id} failed (${email.error}); ${retryIn === null ? 'permanent' : `retry in ${retryIn} s`}`,
  );
  return email.retry ? 'retrying' : 'dead';
}

/**
 * Delivers the due booking messages. Without SITE_URL no message could carry a working change/cancel link, so
 * none is claimed (they wait, due, until it is set) and the run says so.
 */
export async function deliverDueBookingMessages(deps: BookingRunDependencies): Promise<RunSummary> {
  const summary: RunSummary = { claimed: 0, sent: 0, retrying: 0, dead: 0 };
  const siteUrl = deps.config.siteUrl;
  if (!siteUrl) {
    deps.log?.(
      'notify-leads: booking messages are waiting: set SITE_URL (the site address for the change/cancel link)',
    );
    return summary;
  }
  const deadline = Date.now() + (deps.budgetMs ?? 40_000);
  while (Date.now() < deadline) {
    const jobs = await deps.queue.claim(deps.batchSize ?? 10, deps.leaseSeconds ?? 120);
    if (jobs.length === 0) break;
    summary.claimed += jobs.length;
    const outcomes = await Promise.all(jobs.map((job) => deliverBookingMessage(job, siteUrl, deps)));
    for (const outcome of outcomes) summary[outcome] += 1;
  }
  return summary;
}
