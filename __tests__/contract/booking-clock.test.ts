/** @jest-environment node */
// The booking rules at the hours that used to depend on when CI ran (issue 42), on a real PostgreSQL server (the
// same SQL as on npm start's embedded database, which runs a sample of the contract suites: POSTGRES_ONLY in
// ../helpers/local-api.ts): the clock of the rules (supabase/migrations/20261201110000_booking_clock.sql) is set to
// 23:50 and 00:10 in Sydney, to a Friday evening (twice across a change of daylight saving), and to the night of
// each change, and what a visitor would notice is checked: the first time offered after the notice and within the
// team's hours, no weekend, the daily limit by the team's day, a hold running out 10 minutes after the set clock,
// the reminders due before the call on that clock. Nobody but the database owner reads or sets the clock.
import { bookingClockNow, resetBookingClock, setBookingClock, TEAM_ZONE, zonedInstant } from '../helpers/booking-clock';
import {
  bookingVisitor,
  EVERY_HOUR_OF_EVERY_DAY,
  freeSlots,
  holdAndConfirm,
  offsetMinutes,
  setAvailability,
  wallTime,
  type Availability,
  type BookingVisitor,
} from '../helpers/booking';
import { POSTGRES_ONLY, startTestApi, type TestApi } from '../helpers/local-api';

jest.setTimeout(60_000);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const ms = (instant?: string | Date) => new Date(instant ?? Number.NaN).getTime();
const at = (local: string) => zonedInstant(local, TEAM_ZONE);
const local = (instant: string | Date) => wallTime(instant, TEAM_ZONE);
/** ISO weekday (1 Monday … 7 Sunday) of a team-zone instant. */
const weekdayOf = (instant: string) => new Date(`${local(instant).slice(0, 10)}T12:00:00Z`).getUTCDay() || 7;

describe.each(POSTGRES_ONLY)('the booking rules on a set clock, on %s', (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ backend });
  }, 60_000);
  afterAll(() => api?.close());
  afterEach(() => resetBookingClock(api));

  const hold = (visitor: BookingVisitor, startsAt: string | Date) =>
    visitor.call('hold_booking_slot', {
      email: visitor.email,
      starts_at: new Date(startsAt).toISOString(),
      visitor_time_zone: TEAM_ZONE,
    });

  type FirstTimeCase = {
    clock: string;
    hours: string;
    availability: Availability;
    noticeHours: number;
    first: string;
    earlier: string;
  };
  // At 23:50 and at 00:10 in Sydney; what a hold one step before the first time offered is told.
  const firstTimeCases: FirstTimeCase[] = [
    {
      clock: '2027-06-08 23:50',
      hours: 'weekdays 9–5',
      availability: {},
      noticeHours: 4,
      first: '2027-06-09 09:00',
      earlier: 'outside_hours',
    },
    {
      clock: '2027-06-08 23:50',
      hours: 'every hour',
      availability: { weeklyHours: EVERY_HOUR_OF_EVERY_DAY },
      noticeHours: 4,
      first: '2027-06-09 04:00',
      earlier: 'too_soon',
    },
    {
      clock: '2027-06-09 00:10',
      hours: 'weekdays 9–5',
      availability: {},
      noticeHours: 4,
      first: '2027-06-09 09:00',
      earlier: 'outside_hours',
    },
    {
      clock: '2027-06-09 00:10',
      hours: 'every hour',
      availability: { weeklyHours: EVERY_HOUR_OF_EVERY_DAY },
      noticeHours: 4,
      first: '2027-06-09 04:30',
      earlier: 'too_soon',
    },
    {
      clock: '2027-06-09 00:10',
      hours: 'weekdays 9–5, 10 hours’ notice',
      availability: { minimumNotice: '10 hours' },
      noticeHours: 10,
      first: '2027-06-09 10:30',
      earlier: 'too_soon',
    },
  ];
  test.each(firstTimeCases)(
    'at $clock in Sydney with $hours, the first time offered is $first',
    async ({ clock, availability, noticeHours, first, earlier }) => {
      await setAvailability(api, availability);
      await setBookingClock(api, at(clock));
      const visitor = await bookingVisitor(api);
      const slots = await freeSlots(visitor);
      expect(local(slots[0].starts_at)).toBe(first);
      expect(ms(slots[0].starts_at)).toBe(at(first).getTime());
      for (const slot of slots) {
        expect(ms(slot.starts_at)).toBeGreaterThanOrEqual(at(clock).getTime() + noticeHours * HOUR);
        if (availability.weeklyHours) continue;
        expect(weekdayOf(slot.starts_at)).toBeLessThanOrEqual(5);
        expect(local(slot.starts_at).slice(11) >= '09:00' && local(slot.starts_at).slice(11) <= '16:30').toBe(true);
      }
      const refused = await hold(visitor, new Date(at(first).getTime() - 30 * MINUTE));
      expect(refused.status).toBe(earlier);
      expect(ms(refused.alternatives![0].starts_at)).toBe(at(first).getTime());
    },
  );

  test.each([
    ['in June (standard time)', '2027-06-11 18:30', '2027-06-14'],
    ['before daylight saving ends (first Sunday of April)', '2027-04-02 18:30', '2027-04-05'],
    ['before daylight saving starts (first Sunday of October)', '2027-10-01 18:30', '2027-10-04'],
  ])(
    'a Friday evening %s: nothing more that day or on the weekend, Monday 9:00 first; a hold runs out on that clock',
    async (_when, friday, monday) => {
      await setAvailability(api);
      await setBookingClock(api, at(friday));
      const visitor = await bookingVisitor(api);
      const slots = await freeSlots(visitor);
      expect(slots.length).toBeGreaterThan(100);
      expect(slots.filter((slot) => weekdayOf(slot.starts_at) > 5)).toEqual([]);
      expect(local(slots[0].starts_at)).toBe(`${monday} 09:00`);
      // Monday's hours are read at Monday's offset, whatever Friday's was.
      const mondays = slots.filter((slot) => local(slot.starts_at).startsWith(monday));
      const halfHours = Array.from({ length: 16 }, (_, index) => 9 * 60 + index * 30);
      expect(mondays.map((slot) => local(slot.starts_at).slice(11))).toEqual(
        halfHours.map(
          (minutes) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${minutes % 60 ? '30' : '00'}`,
        ),
      );
      const mondayOffset = offsetMinutes(at(`${monday} 09:00`), TEAM_ZONE);
      for (const slot of mondays) expect(offsetMinutes(new Date(slot.starts_at), TEAM_ZONE)).toBe(mondayOffset);
      const saturday = new Date(ms(`${friday.slice(0, 10)}T12:00:00Z`) + 24 * HOUR).toISOString().slice(0, 10);
      expect((await hold(visitor, at(`${saturday} 10:00`))).status).toBe('outside_hours');

      // A hold made at the set clock lasts 10 minutes of it.
      const before = await bookingClockNow(api);
      const held = await hold(visitor, slots[0].starts_at);
      const after = await bookingClockNow(api);
      expect(held.status).toBe('held');
      const expires = ms(held.hold_expires_at);
      expect(expires).toBeGreaterThanOrEqual(before + 10 * MINUTE);
      expect(expires).toBeLessThanOrEqual(after + 10 * MINUTE);
      const other = await bookingVisitor(api);
      expect((await hold(other, slots[0].starts_at)).status).toBe('taken');
      await setBookingClock(api, expires - MINUTE);
      expect((await hold(other, slots[0].starts_at)).status).toBe('taken');
      await setBookingClock(api, expires + 1000);
      expect((await freeSlots(other)).some((slot) => ms(slot.starts_at) === ms(slots[0].starts_at))).toBe(true);
      expect((await hold(other, slots[0].starts_at)).status).toBe('held');
    },
  );

  test('the daily limit counts the team’s day: a call at 23:50 fills its own day, not the next (the same UTC date)', async () => {
    await setAvailability(api, {
      weeklyHours: EVERY_HOUR_OF_EVERY_DAY,
      maxCallsPerDay: 1,
      callMinutes: 10,
      slotStepMinutes: 10,
      bufferAfterMinutes: 0,
    });
    await setBookingClock(api, at('2027-06-08 10:05'));
    const lateCall = at('2027-06-09 23:50');
    const nextMorning = at('2027-06-10 09:00');
    // In UTC both are on Wednesday 9 June: a day counted in UTC would be full for the morning too.
    expect(lateCall.toISOString().slice(0, 10)).toBe(nextMorning.toISOString().slice(0, 10));

    expect((await holdAndConfirm(await bookingVisitor(api), lateCall.toISOString())).status).toBe('booked');
    const visitor = await bookingVisitor(api);
    const offered = (await freeSlots(visitor)).map((slot) => local(slot.starts_at));
    expect(offered.filter((time) => time.startsWith('2027-06-09'))).toEqual([]);
    expect(offered).toEqual(expect.arrayContaining(['2027-06-08 14:10', '2027-06-10 00:00', '2027-06-10 09:00']));
    const full = await hold(visitor, at('2027-06-09 10:00'));
    expect(full.status).toBe('day_full');
    expect(full.alternatives!.some((slot) => local(slot.starts_at).startsWith('2027-06-09'))).toBe(false);
    // Midnight in Sydney starts the next day, whose limit is its own.
    expect((await holdAndConfirm(visitor, at('2027-06-10 00:00').toISOString())).status).toBe('booked');
  });

  test.each([
    // [change, the clock in Sydney, first time offered 4 real hours later, its offset in minutes]
    ['to daylight time (02:00 → 03:00)', '2027-10-03 00:10', '2027-10-03 05:30', 660],
    ['back to standard time (03:00 → 02:00)', '2027-04-04 00:10', '2027-04-04 03:30', 600],
  ])(
    'the night the clocks go %s: the notice is 4 real hours, not 4 on the wall',
    async (_change, clock, first, offset) => {
      await setAvailability(api, { weeklyHours: EVERY_HOUR_OF_EVERY_DAY });
      await setBookingClock(api, at(clock));
      const slots = await freeSlots(await bookingVisitor(api));
      expect(local(slots[0].starts_at)).toBe(first);
      expect(offsetMinutes(new Date(slots[0].starts_at), TEAM_ZONE)).toBe(offset);
      expect(ms(slots[0].starts_at) - at(clock).getTime()).toBeGreaterThanOrEqual(4 * HOUR);
      expect(ms(slots[0].starts_at) - at(clock).getTime()).toBeLessThan(4 * HOUR + 30 * MINUTE);
      // Every time of that day exists on the team's clock and is offered once.
      const locals = slots.map((slot) => local(slot.starts_at));
      expect(new Set(locals).size).toBe(locals.length);
    },
  );

  test('the reminders are due on the clock: the 24-hour one once the clock is a day before the call', async () => {
    await setAvailability(api);
    await setBookingClock(api, at('2027-06-09 10:05'));
    const callAt = at('2027-06-10 14:00');
    const booked = await holdAndConfirm(await bookingVisitor(api), callAt.toISOString());
    expect(booked.status).toBe('booked');
    type Claimed = { job_id: string; claim_token: string; kind: string; booking: { id: string } };
    const claim = async () => {
      const { data, error } = await api.service.rpc(
        'claim_booking_notifications' as never,
        { batch_size: 50 } as never,
      );
      if (error) throw new Error(`claim: ${(error as { message: string }).message}`);
      return ((data ?? []) as unknown as Claimed[]).filter((job) => job.booking.id === booked.booking_id);
    };
    const invitations = await claim();
    expect(invitations.map((job) => job.kind)).toEqual(['booked', 'booked']);
    for (const job of invitations) {
      const { error } = await api.service.rpc(
        'complete_booking_notification' as never,
        { job_id: job.job_id, claim_token: job.claim_token } as never,
      );
      expect(error).toBeNull();
    }
    expect(await claim()).toEqual([]);
    await setBookingClock(api, new Date(callAt.getTime() - 24 * HOUR - MINUTE));
    expect(await claim()).toEqual([]);
    await setBookingClock(api, new Date(callAt.getTime() - 24 * HOUR + MINUTE));
    expect((await claim()).map((job) => job.kind)).toEqual(['reminder_24h']);
  });

  test('anon and authenticated can neither read nor set the clock; service_role reads it; reset is the real clock', async () => {
    for (const role of ['anon', 'authenticated']) {
      const [privileges] = await api.sql<Record<string, boolean>>(
        `select has_table_privilege($1, 'private.booking_clock', 'select') as can_read,
                has_table_privilege($1, 'private.booking_clock', 'update') as can_set,
                has_function_privilege($1, 'private.clock_now()', 'execute') as can_call`,
        [role],
      );
      expect({ role, ...privileges }).toEqual({ role, can_read: false, can_set: false, can_call: false });
    }
    const [service] = await api.sql<Record<string, boolean>>(
      `select has_table_privilege('service_role', 'private.booking_clock', 'select') as can_read,
              has_table_privilege('service_role', 'private.booking_clock', 'update,insert,delete') as can_set`,
    );
    expect(service).toEqual({ can_read: true, can_set: false });

    const read = await api.anon
      .schema('private' as never)
      .from('booking_clock')
      .select('*');
    expect(read.data ?? []).toEqual([]);
    expect(read.error).not.toBeNull();
    const set = await api.anon
      .schema('private' as never)
      .from('booking_clock')
      .update({ offset_by: '1 day' } as never)
      .eq('id', true);
    expect(set.error).not.toBeNull();
    expect((await api.anon.rpc('clock_now' as never)).error).not.toBeNull();
    expect((await api.anon.schema('private' as never).rpc('clock_now' as never)).error).not.toBeNull();

    await setBookingClock(api, at('2027-06-09 10:05'));
    expect(Math.abs((await bookingClockNow(api)) - at('2027-06-09 10:05').getTime())).toBeLessThan(MINUTE);
    await resetBookingClock(api);
    expect(Math.abs((await bookingClockNow(api)) - Date.now())).toBeLessThan(MINUTE);
    expect(await api.sql('select offset_by from private.booking_clock')).toHaveLength(1);
  });
});
