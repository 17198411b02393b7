/** @jest-environment node */
// The booking messages' outbox (supabase/migrations/20261125110000_booking_notifications.sql), on a real PostgreSQL
// server prepared like a hosted project (the same SQL as on npm start's embedded database, which runs a sample of
// the contract suites: POSTGRES_ONLY in ../helpers/local-api.ts): booking, moving and cancelling a call write
// exactly the right jobs in the same transaction (the invitation to the visitor and the team, its update, its
// cancellation, the visitor's reminders still ahead); the claim/complete/fail protocol the notify-leads function
// uses; the order of a booking's messages; closed to visitors; and, on the real server, two runners claiming at
// once never deliver a job twice.
import {
  bookingVisitor,
  EVERY_HOUR_OF_EVERY_DAY,
  freeSlots,
  holdAndConfirm,
  setAvailability,
  type BookingVisitor,
} from '../helpers/booking';
import { POSTGRES_ONLY, signJwt, startTestApi, type TestApi } from '../helpers/local-api';

jest.setTimeout(60_000);

const HOUR = 3600_000;
const iso = (time: number) => new Date(time).toISOString();
const ms = (value: string | Date | null) => new Date(value ?? 0).getTime();

type Job = {
  id: string;
  booking_id: string;
  kind: string;
  recipient: string;
  sequence: number;
  starts_at: Date;
  previous_starts_at: Date | null;
  next_attempt_at: Date;
  deliver_by: Date;
  status: string;
};

type Claimed = {
  job_id: string;
  claim_token: string;
  kind: string;
  recipient: string;
  sequence: number;
  starts_at: string;
  previous_starts_at: string | null;
  booking: Record<string, unknown>;
  request: Record<string, unknown>;
  team: { time_zone: string; call_minutes: number };
};

const jobsOf = (api: TestApi, bookingId: string) =>
  api.sql<Job>(
    `select id, booking_id, kind, recipient, sequence, starts_at, previous_starts_at, next_attempt_at, deliver_by, status
       from private.outbox where queue = 'booking_message' and booking_id = $1 order by queue_position`,
    [bookingId],
  );

/** kind/recipient/sequence of each job, in the order written. */
const summary = (jobs: Job[]) => jobs.map((job) => `${job.kind}:${job.recipient}:${job.sequence}:${job.status}`);

/** The first free time at least `hoursAhead` from now. */
async function slotAfter(visitor: BookingVisitor, hoursAhead: number) {
  const [slot] = await freeSlots(visitor, { from_time: iso(Date.now() + hoursAhead * HOUR) });
  if (!slot) throw new Error(`no free time ${hoursAhead} hours ahead`);
  return slot;
}

async function book(api: TestApi, hoursAhead: number, zone = 'America/New_York') {
  const visitor = await bookingVisitor(api);
  const slot = await slotAfter(visitor, hoursAhead);
  const booked = await holdAndConfirm(visitor, slot.starts_at, zone);
  expect(booked.status).toBe('booked');
  return { visitor, bookingId: booked.booking_id!, token: booked.manage_token!, startsAt: booked.starts_at! };
}

/** Makes the given bookings' pending jobs due now and every other pending job not due, so a claim takes exactly these. */
async function onlyDue(api: TestApi, bookingIds: string[]) {
  await api.sql(
    `update private.outbox
        set next_attempt_at = case when booking_id = any ($1::uuid[]) then now() - interval '1 second' else now() + interval '1 day' end
      where queue = 'booking_message' and status = 'pending'`,
    [bookingIds],
  );
}

const claim = async (api: TestApi, batchSize = 20) => {
  const { data, error } = await api.service.rpc(
    'claim_booking_notifications' as never,
    {
      batch_size: batchSize,
    } as never,
  );
  if (error) throw new Error(`claim: ${(error as { message: string }).message}`);
  return (data ?? []) as unknown as Claimed[];
};
const complete = async (api: TestApi, job: Claimed) =>
  (
    await api.service.rpc(
      'complete_booking_notification' as never,
      {
        job_id: job.job_id,
        claim_token: job.claim_token,
        provider_message_id: `msg-${job.job_id}`,
      } as never,
    )
  ).data as unknown as boolean;

describe.each(POSTGRES_ONLY)('booking messages on %s', (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ backend });
  }, 90_000);
  afterAll(() => api?.close());
  beforeEach(() => setAvailability(api, { weeklyHours: EVERY_HOUR_OF_EVERY_DAY, minimumNotice: '0' }));

  test('booking writes the invitation for the visitor and the team and both reminders, in the same transaction', async () => {
    const { bookingId, startsAt } = await book(api, 72);
    const jobs = await jobsOf(api, bookingId);
    expect(summary(jobs)).toEqual([
      'booked:visitor:0:pending',
      'booked:team:0:pending',
      'reminder_24h:visitor:0:pending',
      'reminder_1h:visitor:0:pending',
    ]);
    const start = ms(startsAt);
    for (const job of jobs) expect(ms(job.starts_at)).toBe(start);
    const due = Object.fromEntries(jobs.map((job) => [job.kind, ms(job.next_attempt_at)]));
    expect(due.reminder_24h).toBe(start - 24 * HOUR);
    expect(due.reminder_1h).toBe(start - HOUR);
    expect(due.booked).toBeLessThanOrEqual(Date.now() + 5_000);
    // A reminder is worth sending until the call starts; nothing else of the booking is copied.
    expect(ms(jobs[2].deliver_by)).toBe(start);
    const columns = await api.sql<{ column_name: string }>(
      `select column_name from information_schema.columns where table_schema = 'private' and table_name = 'outbox'`,
    );
    expect(columns.map((column) => column.column_name)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^(email|name|phone|company|manage_token)$/)]),
    );
  });

  test('only the reminders still ahead: none 30 minutes before, only the 1-hour one 3 hours before', async () => {
    const soon = await book(api, 0.5);
    const [firstSoon] = await jobsOf(api, soon.bookingId);
    const within = ms(soon.startsAt) - Date.now();
    // The first free time half an hour ahead starts within the next hour, so neither reminder is ahead.
    expect(within).toBeLessThan(HOUR + 30 * 60_000);
    const soonKinds = summary(await jobsOf(api, soon.bookingId));
    if (within <= HOUR) expect(soonKinds).toEqual(['booked:visitor:0:pending', 'booked:team:0:pending']);
    expect(firstSoon.kind).toBe('booked');

    const later = await book(api, 3);
    expect(summary(await jobsOf(api, later.bookingId))).toEqual([
      'booked:visitor:0:pending',
      'booked:team:0:pending',
      'reminder_1h:visitor:0:pending',
    ]);
  });

  test('holding a time, letting it go or picking another writes nothing', async () => {
    const visitor = await bookingVisitor(api);
    const [first, second] = await freeSlots(visitor, { from_time: iso(Date.now() + 48 * HOUR) });
    const hold = (startsAt: string) =>
      visitor.call('hold_booking_slot', { email: visitor.email, starts_at: startsAt, visitor_time_zone: 'UTC' });
    expect((await hold(first.starts_at)).status).toBe('held');
    expect((await hold(second.starts_at)).status).toBe('held');
    const [{ count }] = await api.sql<{ count: number }>(
      `select count(*)::int as count from private.outbox n join private.bookings b on b.id = n.booking_id
        where n.queue = 'booking_message' and b.email = $1`,
      [visitor.email],
    );
    expect(count).toBe(0);
  });

  test('a move sends the same invitation with a higher SEQUENCE to both and reschedules the reminders', async () => {
    const { visitor, bookingId, token, startsAt } = await book(api, 72);
    // The 24-hour reminder was sent already (as if the call had been three days ahead a day ago).
    await api.sql(
      `update private.outbox set status = 'sent', sent_at = now() where queue = 'booking_message' and booking_id = $1 and kind = 'reminder_24h'`,
      [bookingId],
    );
    const target = await slotAfter(visitor, 120);
    const moved = await visitor.call('move_booking', { token, starts_at: target.starts_at });
    expect(moved.status).toBe('booked');
    const jobs = await jobsOf(api, bookingId);
    expect(summary(jobs)).toEqual([
      'booked:visitor:0:pending',
      'booked:team:0:pending',
      'reminder_24h:visitor:0:sent',
      'moved:visitor:1:pending',
      'moved:team:1:pending',
      'reminder_24h:visitor:1:pending',
      'reminder_1h:visitor:1:pending',
    ]);
    const movedJobs = jobs.filter((job) => job.kind === 'moved');
    for (const job of movedJobs) {
      expect(ms(job.starts_at)).toBe(ms(target.starts_at));
      expect(ms(job.previous_starts_at)).toBe(ms(startsAt));
    }
    const reminders = jobs.filter((job) => job.kind.startsWith('reminder') && job.status === 'pending');
    expect(reminders.map((job) => ms(job.next_attempt_at))).toEqual([
      ms(target.starts_at) - 24 * HOUR,
      ms(target.starts_at) - HOUR,
    ]);
    const [row] = await api.sql<{ sequence: number }>('select sequence from private.bookings where id = $1', [
      bookingId,
    ]);
    expect(row.sequence).toBe(1);
  });

  test('a cancellation sends CANCEL to both with a higher SEQUENCE and removes the reminders not yet sent', async () => {
    const { visitor, bookingId, token } = await book(api, 72);
    const target = await slotAfter(visitor, 100);
    expect((await visitor.call('move_booking', { token, starts_at: target.starts_at })).status).toBe('booked');
    expect((await visitor.call('cancel_booking', { token })).status).toBe('cancelled');
    expect(summary(await jobsOf(api, bookingId))).toEqual([
      'booked:visitor:0:pending',
      'booked:team:0:pending',
      'moved:visitor:1:pending',
      'moved:team:1:pending',
      'cancelled:visitor:2:pending',
      'cancelled:team:2:pending',
    ]);
    // Cancelling again changes nothing and announces nothing.
    expect((await visitor.call('cancel_booking', { token })).status).toBe('cancelled');
    expect(await jobsOf(api, bookingId)).toHaveLength(6);
  });

  test('a change made outside the visitor functions still raises the SEQUENCE and is announced once', async () => {
    const { bookingId, startsAt } = await book(api, 72);
    await api.sql(
      `update private.bookings set starts_at = starts_at + interval '1 hour', ends_at = ends_at + interval '1 hour',
              blocked = private.blocked_range(starts_at + interval '1 hour') where id = $1`,
      [bookingId],
    );
    const moved = (await jobsOf(api, bookingId)).filter((job) => job.kind === 'moved');
    expect(moved.map((job) => [job.recipient, job.sequence, ms(job.starts_at) - ms(startsAt)])).toEqual([
      ['visitor', 1, HOUR],
      ['team', 1, HOUR],
    ]);
  });

  test('claims carry what the messages need: the visitor’s link only to the visitor, the phone to the team', async () => {
    const { visitor, bookingId, token } = await book(api, 72, 'Australia/Lord_Howe');
    await api.sql(`update public.consultation_requests set phone = '+61 400 000 000', name = 'Ada' where email = $1`, [
      visitor.email,
    ]);
    await api.sql(`update private.booking_settings set team_time_zone = 'Australia/Perth'`);
    await onlyDue(api, [bookingId]);
    const jobs = await claim(api);
    // Both invitations are due; the reminders too (made due here), but they wait for the visitor's invitation.
    expect(jobs.map((job) => `${job.kind}:${job.recipient}`).sort()).toEqual(['booked:team', 'booked:visitor']);
    const byRecipient = Object.fromEntries(jobs.map((job) => [job.recipient, job]));
    expect(byRecipient.visitor.booking).toMatchObject({
      id: bookingId,
      email: visitor.email,
      visitor_time_zone: 'Australia/Lord_Howe',
      manage_token: token,
    });
    expect(byRecipient.team.booking.manage_token).toBeNull();
    expect(byRecipient.team.request).toMatchObject({ name: 'Ada', phone: '+61 400 000 000', company: 'Acme' });
    expect(byRecipient.team.request).not.toHaveProperty('client_hash');
    expect(byRecipient.team.team).toEqual({ time_zone: 'Australia/Perth', call_minutes: 30 });
    for (const job of jobs) expect(await complete(api, job)).toBe(true);
    const next = await claim(api);
    expect(next.map((job) => job.kind).sort()).toEqual(['reminder_1h', 'reminder_24h']);
    expect(next.every((job) => job.booking.manage_token === token)).toBe(true);
  });

  test('a booking’s messages to one recipient go out in order: the update waits for the invitation', async () => {
    const { visitor, bookingId, token } = await book(api, 72);
    const target = await slotAfter(visitor, 100);
    expect((await visitor.call('move_booking', { token, starts_at: target.starts_at })).status).toBe('booked');
    await api.sql(
      `delete from private.outbox where queue = 'booking_message' and booking_id = $1 and kind like 'reminder%'`,
      [bookingId],
    );
    await onlyDue(api, [bookingId]);
    const first = await claim(api);
    expect(first.map((job) => `${job.kind}:${job.sequence}`).sort()).toEqual(['booked:0', 'booked:0']);
    // The visitor's invitation failed once: its update still waits for it.
    const visitorJob = first.find((job) => job.recipient === 'visitor')!;
    const teamJob = first.find((job) => job.recipient === 'team')!;
    const failed = await api.service.rpc(
      'fail_booking_notification' as never,
      {
        job_id: visitorJob.job_id,
        claim_token: visitorJob.claim_token,
        error: 'HTTP 503',
        retry_in_seconds: 1,
      } as never,
    );
    expect(failed.data).toBe(true);
    expect(await complete(api, teamJob)).toBe(true);
    const second = await claim(api);
    expect(second.map((job) => `${job.kind}:${job.recipient}:${job.sequence}`)).toEqual(['moved:team:1']);
    await onlyDue(api, [bookingId]);
    const third = await claim(api);
    expect(third.map((job) => `${job.kind}:${job.recipient}`)).toEqual(['booked:visitor']);
  });

  test('a reminder whose call has started expires instead of going out; a message failing past its time is dead', async () => {
    const { bookingId } = await book(api, 72);
    await api.sql(
      `update private.outbox set status = 'sent' where queue = 'booking_message' and booking_id = $1 and kind = 'booked'`,
      [bookingId],
    );
    await api.sql(
      `update private.outbox set deliver_by = now() - interval '1 second' where queue = 'booking_message' and booking_id = $1 and kind = 'reminder_24h'`,
      [bookingId],
    );
    await onlyDue(api, [bookingId]);
    const jobs = await claim(api);
    expect(jobs.map((job) => job.kind)).toEqual(['reminder_1h']);
    const rows = await jobsOf(api, bookingId);
    expect(rows.find((job) => job.kind === 'reminder_24h')?.status).toBe('expired');

    await api.sql(`update private.outbox set deliver_by = now() + interval '5 seconds' where id = $1`, [
      jobs[0].job_id,
    ]);
    const failed = await api.service.rpc(
      'fail_booking_notification' as never,
      {
        job_id: jobs[0].job_id,
        claim_token: jobs[0].claim_token,
        error: 'HTTP 503',
        retry_in_seconds: 60,
      } as never,
    );
    expect(failed.data).toBe(true);
    const [reminder] = (await jobsOf(api, bookingId)).filter((job) => job.kind === 'reminder_1h');
    expect(reminder.status).toBe('dead');
  });

  test('erasing the lead erases its bookings and their messages', async () => {
    const { visitor, bookingId } = await book(api, 72);
    expect(await jobsOf(api, bookingId)).toHaveLength(4);
    await api.sql('delete from public.consultation_requests where email = $1', [visitor.email]);
    expect(await jobsOf(api, bookingId)).toEqual([]);
  });

  test('visitors can neither read the outbox nor call its functions or the operator functions', async () => {
    for (const role of ['anon', 'authenticated']) {
      const [privileges] = await api.sql<Record<string, boolean>>(
        `select has_table_privilege($1, 'private.outbox', 'select,insert,update,delete') as outbox,
                has_function_privilege($1, 'public.claim_booking_notifications(integer, integer)', 'execute') as claim,
                has_function_privilege($1, 'public.complete_booking_notification(uuid, uuid, text)', 'execute') as complete,
                has_function_privilege($1, 'public.fail_booking_notification(uuid, uuid, text, integer)', 'execute') as fail,
                has_function_privilege($1, 'public.booking_overview(uuid[])', 'execute') as overview,
                has_function_privilege($1, 'public.find_operator_booking(text)', 'execute') as find,
                has_function_privilege($1, 'public.operator_cancel_booking(uuid)', 'execute') as cancel,
                has_function_privilege($1, 'public.operator_move_booking(uuid, timestamptz)', 'execute') as move,
                has_function_privilege($1, 'private.enqueue_booking_notifications()', 'execute') as enqueue`,
        [role],
      );
      expect(Object.values(privileges).every((value) => value === false)).toBe(true);
    }
    const authenticated = api.clientFor(signJwt({ role: 'authenticated', sub: 'someone' }));
    for (const client of [api.anon, authenticated]) {
      const claimed = await client.rpc('claim_booking_notifications' as never, { batch_size: 100 } as never);
      expect((claimed.error as { code?: string } | null)?.code).toBe('42501');
      const overview = await client.rpc('booking_overview' as never, {} as never);
      expect((overview.error as { code?: string } | null)?.code).toBe('42501');
    }
  });
});

describe('on a real multi-connection PostgreSQL server', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ backend: 'postgres' });
  }, 90_000);
  afterAll(() => api?.close());

  test('two runners claiming at once deliver every job exactly once', async () => {
    await setAvailability(api, { weeklyHours: EVERY_HOUR_OF_EVERY_DAY, minimumNotice: '0', maxCallsPerDay: 100 });
    const bookings = [];
    for (let index = 0; index < 12; index++) bookings.push(await book(api, 30 + index * 2));
    const ids = bookings.map((booking) => booking.bookingId);
    const total = (
      await api.sql<{ count: number }>(
        `select count(*)::int as count from private.outbox where queue = 'booking_message' and booking_id = any ($1::uuid[])`,
        [ids],
      )
    )[0].count;
    expect(total).toBe(12 * 4);

    // Runs that overlap: what one has claimed and not yet completed, the other cannot take.
    await onlyDueKeep(api, ids);
    const firstClaim = await claim(api, 3);
    const secondClaim = await claim(api, 3);
    expect(firstClaim).toHaveLength(3);
    expect(secondClaim).toHaveLength(3);
    const overlapping = [...firstClaim, ...secondClaim];
    expect(new Set(overlapping.map((job) => job.job_id)).size).toBe(6);
    const delivered: string[] = [];
    for (const job of overlapping) if (await complete(api, job)) delivered.push(job.job_id);

    // Two runners at once, each claiming small batches and completing what it claimed, until neither finds
    // anything. How they share the work is the scheduler's business; every job is delivered exactly once.
    const runner = async () => {
      let claimedHere = 0;
      let idle = 0;
      while (idle < 3) {
        await onlyDueKeep(api, ids);
        const jobs = await claim(api, 3);
        if (jobs.length === 0) {
          idle += 1;
          continue;
        }
        idle = 0;
        claimedHere += jobs.length;
        for (const job of jobs) if (await complete(api, job)) delivered.push(job.job_id);
      }
      return claimedHere;
    };
    const perRunner = await Promise.all([runner(), runner()]);
    expect(6 + perRunner[0] + perRunner[1]).toBe(total);
    expect(new Set(delivered).size).toBe(delivered.length);
    expect(delivered).toHaveLength(total);
    const [{ sent }] = await api.sql<{ sent: number }>(
      `select count(*)::int as sent from private.outbox where queue = 'booking_message' and booking_id = any ($1::uuid[]) and status = 'sent'`,
      [ids],
    );
    expect(sent).toBe(total);
  });
});

/** Makes the given bookings' pending jobs due (reminders included) without touching claimed ones. */
async function onlyDueKeep(api: TestApi, bookingIds: string[]) {
  await api.sql(
    `update private.outbox set next_attempt_at = now() - interval '1 second'
      where queue = 'booking_message' and status = 'pending' and booking_id = any ($1::uuid[])`,
    [bookingIds],
  );
}
