// The booking rules' clock for tests (supabase/migrations/20261201110000_booking_clock.sql): the database's "now"
// for what is offered, held, confirmed, moved, cancelled and counted for a day is private.clock_now(), the real
// now() plus the offset in private.booking_clock. A test sets it to an instant it chooses, so the hour, the weekday
// and daylight saving are the test's, never those of the moment CI runs. Time still flows from the set instant at
// the real pace (a hold runs out 10 real minutes after it was made), so choose instants a few minutes clear of the
// boundaries a test asserts (e.g. 10:05 rather than 10:00 when the notice ends on a half hour).
import { offsetMinutes, wallTime } from './booking';

type Sql = (text: string, params?: unknown[]) => Promise<unknown[]>;

/** Anything that runs SQL as the database owner: a TestApi, or a RealPostgres as `{ sql: pg.admin }`. */
export type ClockOwner = { sql: Sql };

/** From now on the booking rules run at `instant` (and on from it). */
export async function setBookingClock(api: ClockOwner, instant: Date | string | number): Promise<void> {
  await api.sql(`update private.booking_clock set offset_by = $1::timestamptz - now()`, [
    new Date(instant).toISOString(),
  ]);
}

/** The booking rules run on the real clock again. */
export async function resetBookingClock(api: ClockOwner): Promise<void> {
  await api.sql(`update private.booking_clock set offset_by = interval '0'`);
}

/** The booking rules' now, in milliseconds. */
export async function bookingClockNow(api: ClockOwner): Promise<number> {
  const [row] = (await api.sql('select private.clock_now() as now')) as { now: string | Date }[];
  return new Date(row.now).getTime();
}

/**
 * The instant at which `zone`'s clocks read `local` ('YYYY-MM-DD HH:MM'), with the platform's IANA data (never a
 * fixed offset). A local time the clocks skip throws; one they repeat gives its first occurrence.
 */
export function zonedInstant(local: string, zone: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})$/.exec(local);
  if (!match) throw new Error(`"${local}" is not YYYY-MM-DD HH:MM`);
  const [year, month, day, hour, minute] = match.slice(1).map(Number);
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const offsets = new Set([-36, 0, 36].map((hours) => offsetMinutes(new Date(asUtc + hours * 3600_000), zone)));
  const candidates = [...offsets]
    .map((offset) => new Date(asUtc - offset * 60_000))
    .filter((candidate) => wallTime(candidate, zone) === `${match[1]}-${match[2]}-${match[3]} ${match[4]}:${match[5]}`)
    .sort((a, b) => a.getTime() - b.getTime());
  if (candidates.length === 0) throw new Error(`${local} does not exist in ${zone}`);
  return candidates[0];
}

/** The team's zone in every booking test unless a test sets another. */
export const TEAM_ZONE = 'Australia/Sydney';

/**
 * The instant most booking tests run at: Wednesday 9 June 2027, 10:05 in Sydney (standard time, no clock change
 * within the 21-day horizon; the notice of 4 hours ends at 14:05, so that day still offers 14:30 to 16:30).
 */
export const A_WEDNESDAY_MORNING = zonedInstant('2027-06-09 10:05', TEAM_ZONE);
