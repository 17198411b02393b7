// Writes booked calls to their host's calendar from the calendar_writes outbox, with notify-leads' protocol:
// claim (lease), then complete, or fail with the backoff's delay, or give up (no delay) when the request cannot
// succeed or has failed `maxWriteAttempts` times; the database then tells the team by e-mail. A write done
// records the address the event is at (the host's own copy of the invitation may have another name), and the
// booking's next write (a move, the cancel's delete) goes there.
import { bookingUid } from '../_shared/booking-uid.ts';
import { retryDelaySeconds, type BackoffPolicy } from '../_shared/backoff.ts';
import { drainOutbox, type DrainOptions, type DrainSummary } from '../_shared/drain.ts';
import { CalendarError, type CalendarWriter, type HostCalendar } from './calendars.ts';
import type { CalendarDatabase, ClaimedCalendarWrite } from './database.ts';
import { eventName, hostEvent } from './event.ts';

export type WriteDependencies = DrainOptions & {
  database: CalendarDatabase;
  writer: CalendarWriter;
  backoff: BackoffPolicy;
  maxWriteAttempts: number;
  random?: () => number;
  now?: () => Date;
  log?: (line: string) => void;
};

const OUTCOMES = ['written', 'retrying', 'dead'] as const;
type Outcome = (typeof OUTCOMES)[number];
export type WriteSummary = DrainSummary<Outcome>;

/** Does the job; resolves with the address the event is at afterwards (null: removed). */
async function write(job: ClaimedCalendarWrite, deps: WriteDependencies): Promise<string | null> {
  const { booking, host } = job;
  if (!host.calendar_url) throw new CalendarError(`host ${host.id} has no calendar`, false);
  const calendar: HostCalendar = {
    calendarUrl: host.calendar_url,
    credentialKey: host.credential_key,
    timeZone: host.time_zone,
  };
  // Where the last write left the event (the host's own copy from the invitation may have another name).
  const known = { uid: bookingUid(booking.id), url: job.event_href ?? null };
  // A call cancelled since this job was queued is not put back: the calendar follows the booking as it is now.
  if (job.action === 'delete' || booking.status === 'cancelled') {
    await deps.writer.remove(calendar, eventName(booking.id), known);
    return null;
  }
  return await deps.writer.put(calendar, eventName(booking.id), hostEvent(booking, deps.now?.()), known);
}

async function writeAndRecord(job: ClaimedCalendarWrite, deps: WriteDependencies): Promise<Outcome> {
  const log = deps.log ?? (() => undefined);
  const what = `${job.action} of booking ${job.booking.id} for host ${job.host.id} (${job.job_id})`;
  let at: string | null;
  try {
    at = await write(job, deps);
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    const retryable = !(error instanceof CalendarError) || error.retryable;
    const retryIn =
      retryable && job.attempts < deps.maxWriteAttempts
        ? retryDelaySeconds(job.attempts, deps.backoff, deps.random)
        : null;
    await deps.database.failWrite(job, message, retryIn);
    log(
      `calendar-sync: attempt ${job.attempts} at ${what} failed (${message}); ${retryIn === null ? 'given up' : `retry in ${retryIn} s`}`,
    );
    return retryIn === null ? 'dead' : 'retrying';
  }
  await deps.database.completeWrite(job, at);
  log(`calendar-sync: done ${what}${at && !at.endsWith(`/${eventName(job.booking.id)}`) ? ` at ${at}` : ''}`);
  return 'written';
}

/** One booking's jobs in the order they were claimed (a put and then a delete must land in that order). */
async function writeInOrder(jobs: ClaimedCalendarWrite[], deps: WriteDependencies): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const job of jobs) outcomes.push(await writeAndRecord(job, deps));
  return outcomes;
}

export function writeDueCalendarEvents(deps: WriteDependencies): Promise<WriteSummary> {
  return drainOutbox(
    (batchSize, leaseSeconds) => deps.database.claimWrites(batchSize, leaseSeconds),
    async (jobs) => {
      const byBooking = Map.groupBy(jobs, (job) => job.booking.id);
      const outcomes = await Promise.all([...byBooking.values()].map((group) => writeInOrder(group, deps)));
      return outcomes.flat();
    },
    OUTCOMES,
    deps,
  );
}
