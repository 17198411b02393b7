/** @jest-environment node */
// The hosts in the booking messages and who turned up (issue 34), on a real PostgreSQL server (the same SQL as on
// npm start's embedded database, which runs a sample of the contract suites: POSTGRES_ONLY in
// ../helpers/local-api.ts): the messages' claim names the call's host; the host gets the 1-hour reminder with their
// own link secret; a calendar write given up tells the team exactly once; an outcome is recorded only for a booked
// call whose start has passed, by the host's link or an operator, with who and when; the show rate by week and
// source; the hosts' overview, pause and add. Visitors reach none of it but the link's two functions, and those
// only with the secret. The booking rules and their messages run on a clock the tests set (Wednesday 9 June 2027,
// 10:05 in Sydney).
import { A_WEDNESDAY_MORNING, setBookingClock } from '../helpers/booking-clock';
import {
  bookingVisitor,
  EVERY_HOUR_OF_EVERY_DAY,
  freeSlots,
  holdAndConfirm,
  setAvailability,
  setHosts,
} from '../helpers/booking';
import { POSTGRES_ONLY, startTestApi, type TestApi } from '../helpers/local-api';

jest.setTimeout(60_000);

const HOUR = 3600_000;
const ADA = { name: 'Ada Lovelace', email: 'ada@brightlane.test' };
const withCalendar = (host: { name: string; email?: string }, key: string) => ({
  ...host,
  calendarUrl: `http://127.0.0.1:5232/${key}/work/`,
  credentialKey: key,
});

type Claimed = {
  job_id: string;
  kind: string;
  recipient: string;
  booking: { manage_token: string | null; outcome_token: string | null } | null;
  host: { id: string; name: string; email: string | null; time_zone: string } | null;
  calendar_write: { action: string; attempts: number; last_error: string } | null;
};

describe.each(POSTGRES_ONLY)('host messages and outcomes on %s', (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ backend });
  }, 90_000);
  afterAll(() => api?.close());
  beforeEach(async () => {
    await setAvailability(api, { weeklyHours: EVERY_HOUR_OF_EVERY_DAY, minimumNotice: '0' });
    await setBookingClock(api, A_WEDNESDAY_MORNING);
  });

  async function rpc<T>(name: string, args: Record<string, unknown> = {}): Promise<T> {
    const { data, error } = await api.service.rpc(name as never, args as never);
    if (error) throw new Error(`${name}: ${error.message}`);
    return data as T;
  }
  async function anonRpc<T>(name: string, args: Record<string, unknown>): Promise<T> {
    const { data, error } = await api.anon.rpc(name as never, args as never);
    if (error) throw new Error(`${name}: ${error.message}`);
    return data as T;
  }

  async function book(hoursAhead: number) {
    const visitor = await bookingVisitor(api);
    const [slot] = await freeSlots(visitor, {
      from_time: new Date(A_WEDNESDAY_MORNING.getTime() + hoursAhead * HOUR).toISOString(),
    });
    const booked = await holdAndConfirm(visitor, slot.starts_at, 'America/New_York');
    expect(booked.status).toBe('booked');
    return { visitor, bookingId: booked.booking_id!, manageToken: booked.manage_token!, startsAt: booked.starts_at! };
  }
  const jobs = async (bookingId: string) =>
    (
      await api.sql<{ job: string }>(
        `select kind || ':' || recipient || ':' || status as job from private.outbox
          where queue = 'booking_message' and booking_id = $1 order by queue_position`,
        [bookingId],
      )
    ).map((row) => row.job);
  /** Claims every pending message of the booking (made due on the booking clock) and nothing else. */
  async function claimAllOf(bookingId: string): Promise<Claimed[]> {
    await api.sql(
      `update private.outbox
          set next_attempt_at = case when booking_id = $1 then private.clock_now() - interval '1 second'
                                     else private.clock_now() + interval '1 day' end,
              deliver_by = case when booking_id = $1 then greatest(deliver_by, private.clock_now() + interval '1 minute')
                                else deliver_by end
        where queue = 'booking_message' and status = 'pending'`,
      [bookingId],
    );
    const claimed: Claimed[] = [];
    for (let run = 0; run < 4; run++) {
      const batch = await rpc<(Claimed & { claim_token: string })[]>('claim_booking_notifications', { batch_size: 50 });
      for (const job of batch) {
        claimed.push(job);
        await rpc('complete_booking_notification', { job_id: job.job_id, claim_token: job.claim_token });
      }
    }
    return claimed;
  }
  /** Moves a booked call into the past of the booking clock (its start `hoursAgo` hours ago), as time passing would. */
  const startedAgo = (bookingId: string, hoursAgo: number) =>
    api.sql(
      `update private.bookings
          set starts_at = private.clock_now() - make_interval(hours => $2),
              ends_at = private.clock_now() - make_interval(hours => $2) + interval '30 minutes',
              blocked = tstzrange(private.clock_now() - make_interval(hours => $2),
                                  private.clock_now() - make_interval(hours => $2) + interval '45 minutes'),
              team_day = ((private.clock_now() - make_interval(hours => $2)) at time zone 'Australia/Sydney')::date
        where id = $1`,
      [bookingId, hoursAgo],
    );
  const outcomeTokenOf = async (bookingId: string) =>
    (await api.sql<{ t: string }>('select outcome_token as t from private.bookings where id = $1', [bookingId]))[0].t;

  test('the claim names the host; the host’s 1-hour reminder carries the host’s secret and nobody else’s', async () => {
    const [ada] = await setHosts(api, [ADA]);
    const { bookingId, manageToken } = await book(48);
    expect(await jobs(bookingId)).toEqual([
      'booked:visitor:pending',
      'booked:team:pending',
      'reminder_24h:visitor:pending',
      'reminder_1h:visitor:pending',
      'reminder_1h:host:pending',
    ]);
    const claimed = await claimAllOf(bookingId);
    expect(claimed).toHaveLength(5);
    for (const job of claimed) expect(job.host).toEqual({ id: ada, ...ADA, time_zone: 'Australia/Sydney' });
    const outcomeToken = await outcomeTokenOf(bookingId);
    expect(outcomeToken).toMatch(/^[0-9a-f]{64}$/);
    expect(outcomeToken).not.toBe(manageToken);
    for (const job of claimed) {
      expect({ job: `${job.kind}:${job.recipient}`, tokens: job.booking }).toEqual({
        job: `${job.kind}:${job.recipient}`,
        tokens: expect.objectContaining({
          manage_token: job.recipient === 'visitor' ? manageToken : null,
          outcome_token: job.recipient === 'host' ? outcomeToken : null,
        }),
      });
    }
  });

  test('the default host (no e-mail) gets no reminder; the host’s reminder follows a move and goes with a cancel', async () => {
    const [team] = await setHosts(api);
    const first = await book(48);
    expect(await jobs(first.bookingId)).not.toContain('reminder_1h:host:pending');
    const [claimedTeam] = await claimAllOf(first.bookingId);
    expect(claimedTeam.host).toEqual({
      id: team,
      name: 'The Brightlane team',
      email: null,
      time_zone: 'Australia/Sydney',
    });

    await setHosts(api, [ADA]);
    const { bookingId, manageToken, visitor, startsAt } = await book(48);
    const [target] = await freeSlots(visitor, { from_time: new Date(Date.parse(startsAt) + 24 * HOUR).toISOString() });
    expect((await visitor.call('move_booking', { token: manageToken, starts_at: target.starts_at })).status).toBe(
      'booked',
    );
    const [reminder] = await api.sql<{ sequence: number; due: Date }>(
      `select sequence, next_attempt_at as due from private.outbox
        where queue = 'booking_message' and booking_id = $1 and recipient = 'host' and status = 'pending'`,
      [bookingId],
    );
    expect(reminder.sequence).toBe(1);
    expect(new Date(reminder.due).getTime()).toBe(Date.parse(target.starts_at) - HOUR);
    await visitor.call('cancel_booking', { token: manageToken });
    expect((await jobs(bookingId)).filter((job) => job.includes(':host:'))).toEqual([]);
  });

  test('a calendar write given up tells the team exactly once, naming the host, the action and the error', async () => {
    const [ada] = await setHosts(api, [withCalendar(ADA, 'ada')]);
    const { bookingId } = await book(48);
    type Write = { job_id: string; claim_token: string };
    const [first] = await rpc<Write[]>('claim_calendar_writes');
    const claim = ({ job_id, claim_token }: Write) => ({ job_id, claim_token });
    await rpc('fail_calendar_write', { ...claim(first), error: 'HTTP 503', retry_in_seconds: 1 });
    expect(await jobs(bookingId)).not.toContain('calendar_failed:team:pending');
    await api.sql(
      `update private.outbox set next_attempt_at = now() - interval '1 second' where queue = 'calendar_write'`,
    );
    const [again] = await rpc<Write[]>('claim_calendar_writes');
    expect(
      await rpc('fail_calendar_write', { ...claim(again), error: 'HTTP 401 Unauthorized', retry_in_seconds: null }),
    ).toBe(true);
    // A late answer of the same claim changes nothing.
    expect(await rpc('fail_calendar_write', { ...claim(again), error: 'HTTP 401 again', retry_in_seconds: null })).toBe(
      false,
    );
    expect((await jobs(bookingId)).filter((job) => job.startsWith('calendar_failed'))).toEqual([
      'calendar_failed:team:pending',
    ]);
    const failed = (await claimAllOf(bookingId)).find((job) => job.kind === 'calendar_failed')!;
    expect(failed.host).toMatchObject({ id: ada, name: ADA.name });
    expect(failed.calendar_write).toEqual({
      action: 'put',
      sequence: 0,
      attempts: 2,
      last_error: 'HTTP 401 Unauthorized',
    });
    expect(failed.booking?.manage_token).toBeNull();
  });

  test('an outcome only for a booked call whose start has passed; the host’s link records it with who and when', async () => {
    await setHosts(api, [ADA]);
    const { bookingId, manageToken } = await book(48);
    const token = await outcomeTokenOf(bookingId);
    expect(await anonRpc('record_call_outcome', { token, outcome: 'attended' })).toMatchObject({
      status: 'not_started',
    });
    expect((await anonRpc<{ status: string }>('call_for_outcome', { token })).status).toBe('not_started');

    await startedAgo(bookingId, 2);
    const view = await anonRpc<Record<string, unknown>>('call_for_outcome', { token });
    expect(view).toMatchObject({ status: 'found', visitor_name: 'Booker', company: 'Acme', host_name: ADA.name });
    expect(view.outcome).toBeNull();
    expect(JSON.stringify(view)).not.toMatch(/@|token/);
    // The visitor's change/cancel secret is not the host's.
    expect(await anonRpc('call_for_outcome', { token: manageToken })).toEqual({ status: 'not_found' });
    expect(await anonRpc('record_call_outcome', { token: manageToken, outcome: 'attended' })).toEqual({
      status: 'not_found',
    });
    expect(await anonRpc('record_call_outcome', { token, outcome: 'maybe' })).toEqual({ status: 'invalid_outcome' });

    const before = Date.now();
    const recorded = await anonRpc<Record<string, string>>('record_call_outcome', { token, outcome: 'no_show' });
    expect(recorded).toMatchObject({ status: 'recorded', outcome: 'no_show', recorded_by: `host ${ADA.name}` });
    expect(Date.parse(recorded.recorded_at)).toBeGreaterThanOrEqual(before - 5_000);
    // Recording again replaces it (a mistaken tap), with who and when of the latest.
    expect(
      await rpc('operator_record_call_outcome', {
        booking_id: bookingId,
        outcome: 'attended',
        recorded_by: 'operator (sam)',
      }),
    ).toMatchObject({ status: 'recorded', outcome: 'attended', recorded_by: 'operator (sam)' });
    expect(await api.sql('select outcome, recorded_by from private.call_outcomes')).toEqual([
      { outcome: 'attended', recorded_by: 'operator (sam)' },
    ]);
    expect(await anonRpc('call_for_outcome', { token })).toMatchObject({ outcome: 'attended' });
  });

  test('a cancelled call takes no outcome; operators find a past call by e-mail', async () => {
    const { bookingId, manageToken, visitor } = await book(48);
    expect(await rpc('find_operator_call', { reference: visitor.email })).toEqual({ status: 'not_found' });
    await startedAgo(bookingId, 3);
    expect(await rpc('find_operator_call', { reference: visitor.email.toUpperCase() })).toMatchObject({
      status: 'found',
      booking_id: bookingId,
    });
    const token = await outcomeTokenOf(bookingId);
    await api.sql(`update private.bookings set status = 'cancelled' where id = $1`, [bookingId]);
    expect(await anonRpc('record_call_outcome', { token, outcome: 'attended' })).toMatchObject({ status: 'cancelled' });
    expect(await rpc('operator_record_call_outcome', { booking_id: bookingId, outcome: 'moved' })).toMatchObject({
      status: 'cancelled',
    });
    expect(manageToken).toBeTruthy();
  });

  test('the show rate counts calls whose start has passed by week and source', async () => {
    const calls = [];
    for (const [hoursAgo, attribution, outcome] of [
      [2, { utm_source: 'linkedin', surface: 'booking_form' }, 'attended'],
      [3, { utm_source: 'linkedin' }, 'no_show'],
      [4, { referrer: 'https://www.google.com/search?q=ai' }, 'moved'],
      [5, null, null],
      [24 * 7 + 2, { utm_source: 'linkedin' }, 'attended'],
    ] as const) {
      const { bookingId, visitor } = await book(48 + calls.length);
      await api.sql(`update public.consultation_requests set attribution = $2 where email = $1`, [
        visitor.email,
        attribution && JSON.stringify(attribution),
      ]);
      await startedAgo(bookingId, hoursAgo);
      if (outcome) await rpc('operator_record_call_outcome', { booking_id: bookingId, outcome });
      calls.push(bookingId);
    }
    // A call still ahead and a cancelled one that started are not counted.
    await book(72);
    const { bookingId: cancelled } = await book(96);
    await startedAgo(cancelled, 6);
    await api.sql(`update private.bookings set status = 'cancelled' where id = $1`, [cancelled]);

    const weekOf = async (bookingId: string) =>
      (
        await api.sql<{ week: string }>(
          `select to_char(date_trunc('week', starts_at at time zone 'Australia/Sydney'), 'YYYY-MM-DD') as week
             from private.bookings where id = $1`,
          [bookingId],
        )
      )[0].week;
    type Row = {
      week_start: string;
      source: string;
      attended: number;
      no_show: number;
      moved: number;
      not_recorded: number;
    };
    const rows = await rpc<Row[]>('call_show_rates', { weeks: 12 });
    const expected = new Map<string, Omit<Row, 'week_start' | 'source'>>();
    const sources = ['linkedin', 'linkedin', 'google.com', 'direct', 'linkedin'];
    const outcomes = ['attended', 'no_show', 'moved', 'not_recorded', 'attended'] as const;
    for (const [index, bookingId] of calls.entries()) {
      const key = `${await weekOf(bookingId)} ${sources[index]}`;
      const counts = expected.get(key) ?? { attended: 0, no_show: 0, moved: 0, not_recorded: 0 };
      counts[outcomes[index]] += 1;
      expected.set(key, counts);
    }
    expect(
      Object.fromEntries(rows.map(({ week_start, source, ...counts }) => [`${week_start} ${source}`, counts])),
    ).toEqual(Object.fromEntries(expected));
  });

  test('operators list, pause, resume and add hosts; the sync state and the week’s calls are shown', async () => {
    const [ada] = await setHosts(api, [withCalendar(ADA, 'ada'), { name: 'Grace Hopper' }]);
    await book(2);
    await rpc('record_calendar_sync_failure', { host_id: ada, error: 'HTTP 401' });
    type Host = {
      name: string;
      paused: boolean;
      calendar_connected: boolean;
      last_error: string | null;
      calls_this_week: number;
    };
    const hosts = await rpc<Host[]>('host_overview');
    expect(
      hosts.map(({ name, paused, calendar_connected, last_error }) => ({
        name,
        paused,
        calendar_connected,
        last_error,
      })),
    ).toEqual([
      { name: ADA.name, paused: false, calendar_connected: true, last_error: 'HTTP 401' },
      { name: 'Grace Hopper', paused: false, calendar_connected: false, last_error: null },
    ]);
    // Two hours after the clock's Wednesday morning: a call of this week.
    expect(hosts.reduce((sum, host) => sum + host.calls_this_week, 0)).toBe(1);

    expect(await rpc('set_host_paused', { reference: '  grace HOPPER ', paused: true })).toMatchObject({
      status: 'updated',
      name: 'Grace Hopper',
      paused: true,
    });
    expect(await rpc('set_host_paused', { reference: 'Linus', paused: true })).toEqual({ status: 'not_found' });
    expect(await rpc('add_booking_host', { name: 'Linus', email: 'linus@brightlane.test' })).toMatchObject({
      status: 'added',
      name: 'Linus',
    });
    await expect(rpc('add_booking_host', { name: 'Bad', email: 'not an address' })).rejects.toThrow(
      /booking_hosts_email/,
    );
    const after = await rpc<Host[]>('host_overview');
    expect(after.map((host) => [host.name, host.paused])).toEqual([
      [ADA.name, false],
      ['Grace Hopper', true],
      ['Linus', false],
    ]);
  });

  test('visitors reach only the link’s two functions', async () => {
    for (const name of [
      'operator_record_call_outcome',
      'find_operator_call',
      'call_show_rates',
      'host_overview',
      'set_host_paused',
      'add_booking_host',
    ]) {
      const { error } = await api.anon.rpc(name as never, {} as never);
      expect({ name, denied: error !== null }).toEqual({ name, denied: true });
    }
  });
});
