// Booking tests' set-up and calls: the team's availability written as the team writes it (the private tables),
// strategy-call requests stored for a visitor's connection, and the visitor functions called through the data
// API with that visitor's connection, as the site calls them.
import { LOCAL_SUPABASE_PUBLISHABLE_KEY, type TestApi } from './local-api';

export type Availability = {
  teamTimeZone?: string;
  callMinutes?: number;
  bufferBeforeMinutes?: number;
  bufferAfterMinutes?: number;
  minimumNotice?: string;
  horizon?: string;
  maxCallsPerDay?: number;
  slotStepMinutes?: number;
  holdMinutes?: number;
  /** [ISO weekday 1–7, 'HH:MM', 'HH:MM'] ranges; default Monday to Friday 9:00–17:00. */
  weeklyHours?: [number, string, string][];
  /** [date, 'HH:MM' | null, 'HH:MM' | null]: a day's only hours, or a day off. */
  overrides?: [string, string | null, string | null][];
};

export const EVERY_HOUR_OF_EVERY_DAY: [number, string, string][] = [1, 2, 3, 4, 5, 6, 7].map((day) => [
  day,
  '00:00',
  '24:00',
]);

export type Host = {
  name: string;
  email?: string;
  paused?: boolean;
  position?: number;
  timeZone?: string;
  calendarUrl?: string;
  credentialKey?: string;
};

/** Replaces the hosts (issue 34) and removes every booking; returns the hosts' ids in the order given. */
export async function setHosts(api: TestApi, hosts: Host[] = [{ name: 'The Brightlane team' }]): Promise<string[]> {
  await api.sql('delete from private.bookings');
  await api.sql('delete from private.booking_hosts');
  const ids: string[] = [];
  for (const [index, host] of hosts.entries()) {
    const [row] = await api.sql<{ id: string }>(
      `insert into private.booking_hosts (name, email, paused, position, time_zone, calendar_url, credential_key)
       values ($1, $2, $3, $4, $5, $6, $7) returning id`,
      [
        host.name,
        host.email ?? null,
        host.paused ?? false,
        host.position ?? index,
        host.timeZone ?? 'Australia/Sydney',
        host.calendarUrl ?? null,
        host.credentialKey ?? null,
      ],
    );
    ids.push(row.id);
  }
  return ids;
}

/** Replaces the availability (one host, the whole team, unless `hosts` are set after) and removes every booking. */
export async function setAvailability(api: TestApi, availability: Availability = {}): Promise<void> {
  await setHosts(api);
  await api.sql(
    `update private.booking_settings set team_time_zone = $1, call_minutes = $2, buffer_before_minutes = $3,
       buffer_after_minutes = $4, minimum_notice = $5::interval, horizon = $6::interval, max_calls_per_day = $7,
       slot_step_minutes = $8, hold_minutes = $9`,
    [
      availability.teamTimeZone ?? 'Australia/Sydney',
      availability.callMinutes ?? 30,
      availability.bufferBeforeMinutes ?? 0,
      availability.bufferAfterMinutes ?? 15,
      availability.minimumNotice ?? '4 hours',
      availability.horizon ?? '21 days',
      availability.maxCallsPerDay ?? 6,
      availability.slotStepMinutes ?? 30,
      availability.holdMinutes ?? 10,
    ],
  );
  await api.sql('delete from private.booking_weekly_hours');
  const weekly =
    availability.weeklyHours ?? [1, 2, 3, 4, 5].map((day) => [day, '09:00', '17:00'] as [number, string, string]);
  for (const [weekday, starts, ends] of weekly) {
    await api.sql('insert into private.booking_weekly_hours (weekday, starts, ends) values ($1, $2, $3)', [
      weekday,
      starts,
      ends,
    ]);
  }
  await api.sql('delete from private.booking_date_overrides');
  for (const [day, starts, ends] of availability.overrides ?? []) {
    await api.sql('insert into private.booking_date_overrides (day, starts, ends) values ($1, $2, $3)', [
      day,
      starts,
      ends,
    ]);
  }
}

let visitorNumber = 0;

export type BookingVisitor = {
  email: string;
  clientAddress: string;
  call<T = BookingAnswer>(fn: BookingFunction, args: Record<string, unknown>): Promise<T>;
};

export type BookingFunction =
  'booking_slots' | 'hold_booking_slot' | 'confirm_booking' | 'managed_booking' | 'cancel_booking' | 'move_booking';
export type Slot = { starts_at: string; ends_at: string };
export type BookingAnswer = {
  status: string;
  alternatives?: Slot[];
  slots?: Slot[];
  hold_id?: string;
  booking_id?: string;
  manage_token?: string;
  starts_at?: string;
  ends_at?: string;
  hold_expires_at?: string;
  team_time_zone?: string;
  visitor_time_zone?: string;
};

type Sql = (text: string, params?: unknown[]) => Promise<unknown>;

/**
 * A strategy-call request of `email` stored as sent from `clientAddress`: inserted as the owner, then marked with
 * the address as the submission guard marks a visitor's insert. 50 visitors in one test would otherwise meet the
 * per-table submission limit, which booking tests are not about (the guard itself clears the mark on an owner's
 * insert, hence the update).
 */
export async function storeRequestFrom(sql: Sql, email: string, clientAddress: string): Promise<void> {
  await sql(
    `insert into public.consultation_requests (name, email, company, phone, message) values ('Booker', $1, 'Acme', '', '')`,
    [email],
  );
  await sql(
    `update public.consultation_requests set client_hash = encode(sha256(convert_to($2, 'UTF8')), 'hex') where email = $1`,
    [email, clientAddress],
  );
}

/**
 * A visitor whose strategy-call request is stored (from their own connection, as /book stores it), ready to call
 * the booking functions. `withRequest: false` leaves the request out; `clientAddress` chooses the connection.
 */
export async function bookingVisitor(
  api: TestApi,
  { withRequest = true, clientAddress: address }: { withRequest?: boolean; clientAddress?: string } = {},
): Promise<BookingVisitor> {
  visitorNumber += 1;
  // Each visitor from a network block (/24) of their own, as different people are: one block may hold or book only
  // a few times at once (20261129100000_flood_bookings.sql).
  const clientAddress = address ?? `198.51.${visitorNumber % 250}.${(Math.floor(visitorNumber / 250) % 250) + 1}`;
  const email = `booker-${process.pid}-${visitorNumber}-${Date.now()}@example.com`;
  if (withRequest) await storeRequestFrom(api.sql, email, clientAddress);
  const client = api.clientFor(LOCAL_SUPABASE_PUBLISHABLE_KEY, { clientAddress });
  return {
    email,
    clientAddress,
    async call<T>(fn: BookingFunction, args: Record<string, unknown>) {
      const { data, error } = await client.rpc(fn, args as never);
      if (error) throw new Error(`${fn}: ${error.message} (${error.code})`);
      return data as T;
    },
  };
}

export const freeSlots = async (visitor: BookingVisitor, args: Record<string, unknown> = {}) =>
  (await visitor.call('booking_slots', args)).slots ?? [];

export async function holdAndConfirm(visitor: BookingVisitor, startsAt: string, zone = 'Australia/Sydney') {
  const hold = await visitor.call('hold_booking_slot', {
    email: visitor.email,
    starts_at: startsAt,
    visitor_time_zone: zone,
  });
  if (hold.status !== 'held') return hold;
  return visitor.call('confirm_booking', { hold_id: hold.hold_id, email: visitor.email });
}

/** The wall-clock time of `instant` in `zone`, 'YYYY-MM-DD HH:MM', read with the platform's IANA data. */
export function wallTime(instant: string | Date, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** Minutes `zone` is ahead of UTC at `instant`. */
export function offsetMinutes(instant: Date, zone: string): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(instant)
    .find((part) => part.type === 'timeZoneName')!.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/** The next instant after `from` at which `zone` changes its offset (searched minute-exact), within `days`. */
export function nextOffsetChange(
  zone: string,
  from = new Date(),
  days = 366,
): { at: Date; before: number; after: number } {
  const step = 3600_000;
  let previous = offsetMinutes(from, zone);
  for (let time = from.getTime() + step; time < from.getTime() + days * 86400_000; time += step) {
    const offset = offsetMinutes(new Date(time), zone);
    if (offset !== previous) {
      let low = time - step;
      let high = time;
      while (high - low > 60_000) {
        const middle = low + Math.floor((high - low) / 120_000) * 60_000;
        if (offsetMinutes(new Date(middle), zone) === previous) low = middle;
        else high = middle;
      }
      return { at: new Date(high), before: previous, after: offset };
    }
    previous = offset;
  }
  throw new Error(`${zone} does not change its offset in the next ${days} days`);
}
