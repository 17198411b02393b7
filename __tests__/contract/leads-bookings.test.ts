/** @jest-environment node */
// `npm run leads` and bookings (issue 33), on a real PostgreSQL server (the same SQL as on npm start's embedded
// database, which runs a sample of the contract suites: POSTGRES_ONLY in ../helpers/local-api.ts): each
// strategy-call request shows its booked call in the team's zone, its state (booked, moved, cancelled, reminded)
// and its history; an operator cancels or moves a booking for a visitor who phones in, through the visitor
// functions' own rules (a taken time, the notice, the hours are refused with free times nearby), and the visitor
// and the team get the same messages as when the visitor does it. The booking rules run on a clock the tests set
// (Wednesday 9 June 2027, 10:05 in Sydney), never on the hour CI happens to run at.
import { runDevCommand } from '../helpers/dev-command';
import { fetchLeads, formatListing } from '../../dev/leads';
import { cancelBooking, moveBooking, parseOperatorTime } from '../../dev/leads/bookings';
import { describeTime } from '../../supabase/functions/notify-leads/times';
import { A_WEDNESDAY_MORNING, setBookingClock } from '../helpers/booking-clock';
import {
  bookingVisitor,
  EVERY_HOUR_OF_EVERY_DAY,
  freeSlots,
  holdAndConfirm,
  setAvailability,
  wallTime,
} from '../helpers/booking';
import { POSTGRES_ONLY, startTestApi, type TestApi } from '../helpers/local-api';

jest.setTimeout(60_000);

const HOUR = 3600_000;
const ms = (value: string | Date) => new Date(value).getTime();
/** `hours` after the clock the tests set. */
const hoursAfterClock = (hours: number) => new Date(A_WEDNESDAY_MORNING.getTime() + hours * HOUR).toISOString();

async function book(api: TestApi, hoursAhead: number) {
  const visitor = await bookingVisitor(api);
  const [slot] = await freeSlots(visitor, { from_time: hoursAfterClock(hoursAhead) });
  const booked = await holdAndConfirm(visitor, slot.starts_at, 'America/New_York');
  expect(booked.status).toBe('booked');
  const [request] = await api.sql<{ id: string }>('select id from public.consultation_requests where email = $1', [
    visitor.email,
  ]);
  return {
    visitor,
    bookingId: booked.booking_id!,
    token: booked.manage_token!,
    startsAt: booked.starts_at!,
    requestId: request.id,
  };
}

const jobKinds = async (api: TestApi, bookingId: string) =>
  (
    await api.sql<{ job: string }>(
      `select kind || ':' || recipient || ':' || sequence as job from private.outbox
        where queue = 'booking_message' and booking_id = $1 and kind not like 'reminder%' order by queue_position`,
      [bookingId],
    )
  ).map((row) => row.job);

describe.each(POSTGRES_ONLY)('bookings in npm run leads on %s', (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ backend });
  }, 90_000);
  afterAll(() => api?.close());
  beforeEach(async () => {
    await setAvailability(api, { weeklyHours: EVERY_HOUR_OF_EVERY_DAY, minimumNotice: '2 hours', maxCallsPerDay: 50 });
    await setBookingClock(api, A_WEDNESDAY_MORNING);
  });

  async function listingOf(requestId: string) {
    const listing = await fetchLeads(api.service, 'consultation_requests', 500);
    const row = listing.rows.find((candidate) => candidate.id === requestId);
    return { row, text: formatListing({ ...listing, rows: row ? [row] : [] }) };
  }

  test('the listing shows the booked time in the team’s zone, its state and history: booked, moved, reminded, cancelled', async () => {
    const { bookingId, token, startsAt, requestId, visitor } = await book(api, 48);
    let { text } = await listingOf(requestId);
    expect(text).toContain(`Booking ${bookingId}: `);
    expect(text).toMatch(/ Sydney time \(GMT\+1[01]\) · booked · visitor's zone America\/New_York/);
    expect(text).toMatch(/history: \d{4}-\d\d-\d\d \d\d:\d\d UTC held; \d{4}-\d\d-\d\d \d\d:\d\d UTC booked for /);

    const [target] = await freeSlots(visitor, { from_time: new Date(ms(startsAt) + 24 * HOUR).toISOString() });
    expect((await visitor.call('move_booking', { token, starts_at: target.starts_at })).status).toBe('booked');
    await api.sql(
      `update private.outbox set status = 'sent', sent_at = private.clock_now() where queue = 'booking_message' and booking_id = $1 and kind = 'reminder_24h' and sequence = 1`,
      [bookingId],
    );
    ({ text } = await listingOf(requestId));
    expect(text).toContain('· booked, moved, reminded (24 h) ·');
    expect(text).toMatch(/UTC moved for /);
    // The time shown is the new one, in the team's zone.
    expect(text).toContain(
      `Booking ${bookingId}: ${describeTime(new Date(target.starts_at), 'Australia/Sydney')} · booked, moved`,
    );
    expect(describeTime(new Date(target.starts_at), 'Australia/Sydney')).toContain(
      wallTime(target.starts_at, 'Australia/Sydney').slice(8, 10).replace(/^0/, ''),
    );

    expect((await visitor.call('cancel_booking', { token })).status).toBe('cancelled');
    ({ text } = await listingOf(requestId));
    expect(text).toContain('· cancelled, moved, reminded (24 h) ·');
    expect(text).toMatch(/UTC cancelled for /);
  });

  test('booking cancel <email>: frees the time, announces it to both, drops the reminders; again says it is cancelled', async () => {
    const { bookingId, startsAt, visitor } = await book(api, 48);
    const result = await cancelBooking(api.service, `  ${visitor.email.toUpperCase()} `);
    expect(result.ok).toBe(true);
    expect(result.lines[0]).toBe(
      `Cancelled booking ${bookingId} of ${visitor.email}: ${result.lines[0].split(': ').slice(1).join(': ')}`,
    );
    expect(result.lines[0]).toMatch(/Sydney time \(GMT\+1[01]\)\.$/);
    expect(await jobKinds(api, bookingId)).toEqual([
      'booked:visitor:0',
      'booked:team:0',
      'cancelled:visitor:1',
      'cancelled:team:1',
    ]);
    const [{ reminders }] = await api.sql<{ reminders: number }>(
      `select count(*)::int as reminders from private.outbox where queue = 'booking_message' and booking_id = $1 and kind like 'reminder%'`,
      [bookingId],
    );
    expect(reminders).toBe(0);
    const other = await bookingVisitor(api);
    expect((await freeSlots(other)).some((slot) => ms(slot.starts_at) === ms(startsAt))).toBe(true);
    // By e-mail there is no booked call any more; by id it says it is cancelled already.
    expect(await cancelBooking(api.service, visitor.email)).toEqual({ ok: false, lines: ['No such booking.'] });
    expect(await cancelBooking(api.service, bookingId)).toEqual({
      ok: false,
      lines: ['That booking is already cancelled.'],
    });
  });

  test('booking move <id> <time>: a local time in the team’s zone, the same rules, the same messages', async () => {
    const first = await book(api, 48);
    const second = await book(api, 72);
    // Onto the other visitor's call: refused by the database, with free times nearby.
    const taken = await moveBooking(api.service, first.bookingId, second.startsAt);
    expect(taken.ok).toBe(false);
    expect(taken.lines[0]).toBe('That time is taken (another call or its buffer).');
    expect(taken.lines).toContain('Free times nearby:');
    // Inside the notice and off the step: refused too.
    const soon = await moveBooking(api.service, first.bookingId, hoursAfterClock(1));
    expect(soon.lines[0]).toBe('That time is inside the minimum notice.');
    expect(
      (await moveBooking(api.service, first.bookingId, new Date(ms(first.startsAt) + 7 * 60_000).toISOString()))
        .lines[0],
    ).toBe('That time is not a start time within the team’s hours.');
    expect(await jobKinds(api, first.bookingId)).toEqual(['booked:visitor:0', 'booked:team:0']);

    // A free time given as the team reads its clock ("2026-11-27T14:00" in Sydney).
    const [target] = await freeSlots(first.visitor, {
      from_time: new Date(ms(first.startsAt) + 26 * HOUR).toISOString(),
    });
    const local = wallTime(target.starts_at, 'Australia/Sydney').replace(' ', 'T');
    const moved = await moveBooking(api.service, first.visitor.email, local);
    expect(moved.ok).toBe(true);
    expect(moved.lines[0]).toBe(`Moved booking ${first.bookingId} of ${first.visitor.email}`);
    const [row] = await api.sql<{ starts_at: Date; sequence: number }>(
      'select starts_at, sequence from private.bookings where id = $1',
      [first.bookingId],
    );
    expect([ms(row.starts_at), row.sequence]).toEqual([ms(target.starts_at), 1]);
    expect(await jobKinds(api, first.bookingId)).toEqual([
      'booked:visitor:0',
      'booked:team:0',
      'moved:visitor:1',
      'moved:team:1',
    ]);
    expect(await moveBooking(api.service, '00000000-0000-4000-8000-000000000000', local)).toEqual({
      ok: false,
      lines: ['No such booking.'],
    });
  });
});

describe('operator input', () => {
  test('a local time is read in the team’s zone with its rules, across a change; an offset or Z as given', () => {
    // Sydney starts daylight time on Sunday 4 October 2026: 10:00 is +10 on the 3rd and +11 on the 5th.
    expect(parseOperatorTime('2026-10-03T10:00', 'Australia/Sydney').toISOString()).toBe('2026-10-03T00:00:00.000Z');
    expect(parseOperatorTime('2026-10-05 10:00', 'Australia/Sydney').toISOString()).toBe('2026-10-04T23:00:00.000Z');
    expect(parseOperatorTime('2026-11-02T10:00', 'America/New_York').toISOString()).toBe('2026-11-02T15:00:00.000Z');
    expect(parseOperatorTime('2026-11-27T14:00+11:00', 'America/New_York').toISOString()).toBe(
      '2026-11-27T03:00:00.000Z',
    );
    expect(parseOperatorTime('2026-11-27T03:00Z', 'Australia/Sydney').toISOString()).toBe('2026-11-27T03:00:00.000Z');
    expect(() => parseOperatorTime('next tuesday', 'Australia/Sydney')).toThrow(/is not a time/);
  });

  test('the command line explains its usage and a refusal, with exit codes', async () => {
    const run = (args: string[]) => runDevCommand('dev/leads.ts', args, 'http://127.0.0.1:9');
    const usage = await run(['booking', 'reschedule', 'x']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run leads -- booking cancel <booking id | email>');
    const help = await run(['--help']);
    expect(help.stdout).toContain('npm run leads -- booking move <booking id | email> <time>');
  }, 60_000);
});
