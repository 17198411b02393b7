// The booking functions of the database (supabase/migrations/20261125100000_booking.sql), called through the
// data API like the lead inserts: the client code loads on first use, every call gives up after
// BOOKING_TIMEOUT_MS, and nothing throws. A refusal is an answer with a status; a lost connection is 'failed'.
import type { Database } from '../../lib/database.types';
import { rpcObject, type Failed } from '../../lib/rpc-object';

export const BOOKING_TIMEOUT_MS = 15_000;

export type Slot = { startsAt: string; endsAt: string };
type Functions = Database['public']['Functions'];
type BookingFunction =
  'booking_slots' | 'hold_booking_slot' | 'confirm_booking' | 'managed_booking' | 'cancel_booking' | 'move_booking';

/** Why a time could not be held, booked or moved; each comes with other free times where there are any. */
export type Refusal = 'taken' | 'too_soon' | 'too_far' | 'outside_hours' | 'day_full';
const REFUSALS: readonly string[] = ['taken', 'too_soon', 'too_far', 'outside_hours', 'day_full'];

/**
 * The visitor's connection or network has as many times held or booked as one sender may (issue 36,
 * 20261129100000_flood_bookings.sql): no other time can be booked online for them now, whichever they pick.
 */
type SenderLimit = 'sender_limit';

export type TeamSettings = { teamTimeZone: string; callMinutes: number };
export type Booked = TeamSettings & {
  bookingId: string;
  startsAt: string;
  endsAt: string;
  visitorTimeZone: string;
  manageToken?: string;
};

export type { Failed };
export type SlotsAnswer = ({ status: 'ok'; slots: Slot[] } & TeamSettings) | Failed;
export type HoldAnswer =
  | ({ status: 'held'; holdId: string; startsAt: string; endsAt: string; holdExpiresAt: string } & TeamSettings)
  | { status: Refusal; alternatives: Slot[] }
  | { status: 'no_request' | 'already_booked' | 'invalid_time_zone' | SenderLimit }
  | Failed;
export type ConfirmAnswer =
  | ({ status: 'booked' } & Booked)
  | { status: 'taken'; alternatives: Slot[] }
  | { status: 'not_found' | 'already_booked' | SenderLimit }
  | Failed;
export type ManagedAnswer =
  ({ status: 'booked' | 'cancelled' } & Booked) | { status: 'not_found' | 'held' | 'expired' } | Failed;
export type CancelAnswer = { status: 'cancelled' } | { status: 'not_found' | 'past' } | Failed;
export type MoveAnswer =
  | ({ status: 'booked' } & Booked)
  | { status: Refusal; alternatives: Slot[] }
  | { status: 'not_found' | 'past' | 'cancelled' | 'expired' }
  | Failed;

type Raw = Record<string, unknown>;
const str = (raw: Raw, key: string) => (typeof raw[key] === 'string' ? (raw[key] as string) : '');
const slotsOf = (value: unknown): Slot[] =>
  Array.isArray(value)
    ? value
        .filter((item): item is Raw => typeof item === 'object' && item !== null)
        .map((item) => ({ startsAt: str(item, 'starts_at'), endsAt: str(item, 'ends_at') }))
        .filter((slot) => slot.startsAt && slot.endsAt)
    : [];
const team = (raw: Raw): TeamSettings => ({
  teamTimeZone: str(raw, 'team_time_zone'),
  callMinutes: typeof raw.call_minutes === 'number' ? raw.call_minutes : 30,
});
const booked = (raw: Raw): Booked => ({
  ...team(raw),
  bookingId: str(raw, 'booking_id'),
  startsAt: str(raw, 'starts_at'),
  endsAt: str(raw, 'ends_at'),
  visitorTimeZone: str(raw, 'visitor_time_zone'),
  ...(typeof raw.manage_token === 'string' ? { manageToken: raw.manage_token } : {}),
});

/** The answer's status as the database gave it, with the fields that status carries. */
function read(raw: Raw): { status: string } & Record<string, unknown> {
  const status = str(raw, 'status');
  if (REFUSALS.includes(status)) return { status, alternatives: slotsOf(raw.alternatives) };
  if (status === 'ok') return { status, ...team(raw), slots: slotsOf(raw.slots) };
  if (status === 'held') {
    return {
      status,
      ...team(raw),
      holdId: str(raw, 'hold_id'),
      startsAt: str(raw, 'starts_at'),
      endsAt: str(raw, 'ends_at'),
      holdExpiresAt: str(raw, 'hold_expires_at'),
    };
  }
  if (status === 'booked' || (status === 'cancelled' && raw.starts_at)) return { status, ...booked(raw) };
  return { status };
}

async function call<A>(fn: BookingFunction, args: Functions[BookingFunction]['Args']): Promise<A> {
  const raw = await rpcObject(fn, args, BOOKING_TIMEOUT_MS, '[booking]');
  return (raw.status === 'failed' ? raw : read(raw as Raw)) as A;
}

export const fetchSlots = (range: { from?: string; until?: string } = {}) =>
  call<SlotsAnswer>('booking_slots', { from_time: range.from ?? null, until_time: range.until ?? null });

export const holdSlot = (email: string, startsAt: string, visitorTimeZone: string) =>
  call<HoldAnswer>('hold_booking_slot', { email, starts_at: startsAt, visitor_time_zone: visitorTimeZone });

export const confirmBooking = (holdId: string, email: string) =>
  call<ConfirmAnswer>('confirm_booking', { hold_id: holdId, email });

export const managedBooking = (token: string) => call<ManagedAnswer>('managed_booking', { token });
export const cancelBooking = (token: string) => call<CancelAnswer>('cancel_booking', { token });
export const moveBooking = (token: string, startsAt: string) =>
  call<MoveAnswer>('move_booking', { token, starts_at: startsAt });
