/** @jest-environment node */
// The free times the database computes, across each zone's next daylight-saving change after the clock the test
// sets (two clocks half a year apart, so each zone's clocks go forward at one and back at the other) and in zones
// with odd offsets: every time is a real half hour, exists on the team's clock, never overlaps another, and a day
// the clocks go back loses the repeated times instead of offering them twice. The expected local times are read
// with the platform's IANA data (Intl), never from fixed offsets.
import { A_WEDNESDAY_MORNING, setBookingClock, zonedInstant } from '../helpers/booking-clock';
import {
  bookingVisitor,
  EVERY_HOUR_OF_EVERY_DAY,
  freeSlots,
  nextOffsetChange,
  offsetMinutes,
  setAvailability,
  wallTime,
} from '../helpers/booking';
import { BACKENDS, startTestApi, type TestApi } from '../helpers/local-api';

jest.setTimeout(60_000);
const HOUR = 3600_000;

const ZONES = ['Australia/Sydney', 'America/New_York', 'Australia/Adelaide', 'Australia/Lord_Howe'];
// Sydney's start or end of daylight saving, whichever comes next after the clock; New York across the US change;
// Adelaide (+9:30/+10:30); Lord Howe Island, whose clocks move by 30 minutes. From 10 February 2027 the next
// changes are Sydney's, Adelaide's and Lord Howe's end of daylight saving (4 April) and New York's start
// (14 March); from 11 August 2027 the others (3 October, 7 November).
const CLOCKS = ['2027-02-10 10:05', '2027-08-11 10:05'];
const nextChangeAfter = (zone: string, clock: string) =>
  nextOffsetChange(zone, new Date(zonedInstant(clock, 'Australia/Sydney').getTime() + 24 * HOUR));

test.each(ZONES)('from the two clocks, the next change in %s goes one way and then the other', (zone) => {
  const [first, second] = CLOCKS.map((clock) => nextChangeAfter(zone, clock));
  expect(Math.sign(first.after - first.before)).toBe(-Math.sign(second.after - second.before));
});

describe.each(BACKENDS)('time zones on %s', (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ backend });
  }, 60_000);
  afterAll(() => api?.close());
  beforeEach(() => setBookingClock(api, A_WEDNESDAY_MORNING));

  test.each(ZONES.flatMap((zone) => CLOCKS.map((clock) => [zone, clock])))(
    'team in %s: the day around its next clock change after %s (Sydney) offers each existing half hour once',
    async (zone, clock) => {
      await setBookingClock(api, zonedInstant(clock, 'Australia/Sydney'));
      const change = nextChangeAfter(zone, clock);
      await setAvailability(api, {
        teamTimeZone: zone,
        weeklyHours: EVERY_HOUR_OF_EVERY_DAY,
        minimumNotice: '0',
        horizon: '366 days',
        maxCallsPerDay: 100,
        bufferAfterMinutes: 0,
      });
      const visitor = await bookingVisitor(api);
      const from = change.at.getTime() - 12 * HOUR;
      const slots = await freeSlots(visitor, {
        from_time: new Date(from).toISOString(),
        until_time: new Date(from + 24 * HOUR).toISOString(),
      });
      const starts = slots.map((slot) => new Date(slot.starts_at).getTime());
      for (const [index, slot] of slots.entries()) {
        expect(new Date(slot.ends_at).getTime() - starts[index]).toBe(30 * 60_000);
        if (index > 0) expect(starts[index]).toBeGreaterThanOrEqual(starts[index - 1] + 30 * 60_000);
        expect(['00', '30']).toContain(wallTime(slot.starts_at, zone).slice(14));
      }
      const locals = slots.map((slot) => wallTime(slot.starts_at, zone));
      expect(new Set(locals).size).toBe(locals.length);
      // 24 real hours are 48 half hours; when the clocks go back, the repeated local half hours are offered once.
      const repeatedHalfHours = Math.max(0, (change.before - change.after) / 30);
      expect(slots).toHaveLength(48 - repeatedHalfHours);
      // Both sides of the change are offered, with the zone's offset of each side.
      expect(offsetMinutes(new Date(starts[0]), zone)).toBe(change.before);
      expect(offsetMinutes(new Date(starts[starts.length - 1]), zone)).toBe(change.after);
    },
  );

  test.each([
    ['Asia/Kolkata', 30],
    ['Asia/Kathmandu', 15],
    ['Australia/Adelaide', 30],
  ])('team in %s: 9:00 on the team’s clock is offered, which is :%i past the hour in UTC', async (zone, utcMinute) => {
    await setAvailability(api, { teamTimeZone: zone });
    const visitor = await bookingVisitor(api);
    const slots = await freeSlots(visitor);
    const nine = slots.filter((slot) => wallTime(slot.starts_at, zone).endsWith('09:00'));
    expect(nine.length).toBeGreaterThan(5);
    for (const slot of nine) expect(new Date(slot.starts_at).getUTCMinutes()).toBe(utcMinute);
  });

  test('the team’s zone is an IANA name: an offset or a misspelling is refused with a message', async () => {
    for (const zone of ['+10:00', 'Australia/Sidney', 'AEST']) {
      await expect(api.sql('update private.booking_settings set team_time_zone = $1', [zone])).rejects.toThrow(
        /IANA time zone name/,
      );
    }
  });
});
