// Bookings in `npm run leads` (issue 33): each strategy-call request's booked time in the team's zone, its state
// (booked, moved, cancelled, reminded) and its history; and the operator commands that cancel or move a booking for
// a visitor who phones in. Both go through service_role functions of the database
// (supabase/migrations/20261125110000_booking_notifications.sql): a cancel or move runs the visitor functions
// themselves, so the same rules apply (hours, notice, horizon, daily limit, the exclusion constraint) and the
// visitor and the team get the same messages.
import { describeTime } from '../../supabase/functions/notify-leads/times';
import type { NodeLeadClient } from '../local-api/node-client';
import { outcomeWord } from './outcome-words';

export type BookingEvent = { at: string; event: string; starts_at: string };
export type BookingMessage = {
  kind: string;
  recipient: string;
  status: string;
  sequence: number;
  due_at: string;
  sent_at: string | null;
  attempts: number;
  last_error: string | null;
};
export type BookingOverview = {
  booking_id: string;
  request_id: string;
  email: string;
  status: string;
  starts_at: string;
  ends_at: string;
  visitor_time_zone: string;
  team_time_zone: string;
  sequence: number;
  created_at: string;
  history: BookingEvent[];
  messages: BookingMessage[];
  /** Who takes the call, and what happened at it (20261126110000_booking_host_messages.sql). */
  host_name: string | null;
  outcome: { outcome: string; recorded_at: string; recorded_by: string } | null;
};

type Answer = { status: string; [key: string]: unknown };

/** The service_role functions, which the generated database types (src/lib) do not list. */
export async function call<T>(client: NodeLeadClient, name: string, args: Record<string, unknown>): Promise<T> {
  const { data, error } = await client.rpc(name as never, args as never);
  if (error) {
    const { message, code } = error as { message: string; code?: string };
    throw Object.assign(new Error(`${name}: ${message} (${code || 'no response'})`), { code });
  }
  return data as T;
}

const utc = (timestamp: string) => `${new Date(timestamp).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** Bookings by request id, newest first; an empty map where the database has no booking messages migration. */
export async function fetchBookings(
  client: NodeLeadClient,
  requestIds: string[],
): Promise<Map<string, BookingOverview[]>> {
  const byRequest = new Map<string, BookingOverview[]>();
  if (requestIds.length === 0) return byRequest;
  let rows: BookingOverview[];
  try {
    rows = await call<BookingOverview[]>(client, 'booking_overview', { request_ids: requestIds });
  } catch (error) {
    if ((error as { code?: string }).code === 'PGRST202') return byRequest;
    throw error;
  }
  for (const row of rows) byRequest.set(row.request_id, [...(byRequest.get(row.request_id) ?? []), row]);
  return byRequest;
}

const REMINDER_NAMES: Record<string, string> = { reminder_24h: '24 h', reminder_1h: '1 h' };

/** booked / moved / cancelled / reminded (24 h, 1 h) / held. */
export function bookingState(booking: BookingOverview): string {
  const states: string[] = [booking.status];
  if (booking.history.some((event) => event.event === 'moved')) states.push('moved');
  const reminded = booking.messages
    .filter((message) => message.kind in REMINDER_NAMES && message.status === 'sent')
    .map((message) => REMINDER_NAMES[message.kind]);
  if (reminded.length > 0) states.push(`reminded (${reminded.join(', ')})`);
  const failing = booking.messages.filter((message) => message.status === 'dead');
  if (failing.length > 0) states.push(`${failing.length} message(s) dead: ${failing[0].last_error ?? 'unknown error'}`);
  return states.join(', ');
}

/** The lines `npm run leads` prints under a request for each of its bookings. */
export function describeBookings(bookings: BookingOverview[], inert: (text: string) => string): string[] {
  const lines: string[] = [];
  for (const booking of bookings) {
    const when = describeTime(new Date(booking.starts_at), booking.team_time_zone);
    const host = booking.host_name ? ` · host ${inert(booking.host_name)}` : '';
    lines.push(
      `    Booking ${booking.booking_id}: ${when} · ${bookingState(booking)} · visitor's zone ${inert(booking.visitor_time_zone)}${host}`,
    );
    if (booking.outcome) {
      const { outcome, recorded_at, recorded_by } = booking.outcome;
      lines.push(`      outcome: ${outcomeWord(outcome)} (recorded by ${inert(recorded_by)}, ${utc(recorded_at)})`);
    }
    const history = booking.history.map(
      (event) =>
        `${utc(event.at)} ${event.event}${event.event === 'held' ? '' : ` for ${describeTime(new Date(event.starts_at), booking.team_time_zone)}`}`,
    );
    if (history.length > 0) lines.push(`      history: ${history.join('; ')}`);
  }
  return lines;
}

const REFUSALS: Record<string, string> = {
  not_found: 'No such booking.',
  ambiguous: 'More than one booked call matches: give the booking id.',
  cancelled: 'That booking is already cancelled.',
  expired: 'That booking was a held time that was given back; there is no call to change.',
  held: 'That booking is a time held by a visitor who has not confirmed it yet; there is no call to change.',
  past: 'That call is over.',
  too_soon: 'That time is inside the minimum notice.',
  too_far: 'That time is beyond how far ahead calls can be booked.',
  outside_hours: 'That time is not a start time within the team’s hours.',
  taken: 'That time is taken (another call or its buffer).',
  day_full: 'That day already has the most calls a day allows.',
};

export type OperatorResult = { ok: boolean; lines: string[] };

async function findBooking(client: NodeLeadClient, reference: string): Promise<Answer> {
  return call<Answer>(client, 'find_operator_booking', { reference: reference.trim() });
}

function refusal(answer: Answer, teamZone: string | undefined): OperatorResult {
  const lines = [REFUSALS[answer.status] ?? `Refused: ${answer.status}.`];
  const candidates = (answer.candidates ?? []) as { booking_id: string; starts_at: string }[];
  for (const candidate of candidates) {
    lines.push(`  ${candidate.booking_id}  ${describeTime(new Date(candidate.starts_at), teamZone ?? 'UTC')}`);
  }
  const alternatives = (answer.alternatives ?? []) as { starts_at: string }[];
  if (alternatives.length > 0 && teamZone) {
    lines.push('Free times nearby:');
    for (const slot of alternatives)
      lines.push(`  ${slot.starts_at}  ${describeTime(new Date(slot.starts_at), teamZone)}`);
  }
  return { ok: false, lines };
}

/** The team's zone, as the booking functions answer it (an empty window: no slots are computed). */
export async function teamTimeZone(client: NodeLeadClient): Promise<string> {
  const now = new Date().toISOString();
  const answer = await call<Answer>(client, 'booking_slots', { from_time: now, until_time: now });
  return typeof answer.team_time_zone === 'string' ? answer.team_time_zone : 'UTC';
}

/** Cancels the booked call of a booking id or an e-mail address. */
export async function cancelBooking(client: NodeLeadClient, reference: string): Promise<OperatorResult> {
  const found = await findBooking(client, reference);
  if (found.status !== 'found') return refusal(found, undefined);
  const bookingId = String(found.booking_id);
  // Cancelling a cancelled call answers `cancelled` too (the visitor's link is idempotent): say which it was.
  if (found.booking_status !== 'booked') return refusal({ status: String(found.booking_status) }, undefined);
  const zone = await teamTimeZone(client);
  const answer = await call<Answer>(client, 'operator_cancel_booking', { booking_id: bookingId });
  if (answer.status !== 'cancelled') return refusal(answer, zone);
  return {
    ok: true,
    lines: [
      `Cancelled booking ${bookingId} of ${String(found.email)}: ${describeTime(new Date(String(found.starts_at)), zone)}.`,
      'The time is free again. The visitor and the team are sent the cancellation (METHOD:CANCEL); pending reminders are removed.',
    ],
  };
}

type TemporalSubset = {
  PlainDateTime: { from(text: string): { toZonedDateTime(zone: string): { epochMilliseconds: number } } };
};

/**
 * The instant an operator means: an ISO time with an offset or Z as it is, or a local date and time
 * (`2026-11-27T14:00`, `2026-11-27 14:00`) in the team's zone, read with the zone's rules (Temporal).
 */
export function parseOperatorTime(text: string, teamZone: string): Date {
  const value = text.trim();
  if (/(Z|[+-]\d\d:?\d\d)$/i.test(value)) {
    const instant = new Date(value);
    if (Number.isNaN(instant.getTime())) throw new Error(`"${text}" is not a time.`);
    return instant;
  }
  const temporal = (globalThis as unknown as { Temporal?: TemporalSubset }).Temporal;
  if (!temporal) throw new Error(`Give "${text}" with its offset (e.g. ${value}+11:00) or Z.`);
  try {
    return new Date(temporal.PlainDateTime.from(value.replace(' ', 'T')).toZonedDateTime(teamZone).epochMilliseconds);
  } catch {
    throw new Error(`"${text}" is not a time: use 2026-11-27T14:00 (the team's zone) or an ISO time with an offset.`);
  }
}

/** Moves the booked call of a booking id or an e-mail address to a new start time. */
export async function moveBooking(client: NodeLeadClient, reference: string, time: string): Promise<OperatorResult> {
  const found = await findBooking(client, reference);
  if (found.status !== 'found') return refusal(found, undefined);
  const bookingId = String(found.booking_id);
  const zone = await teamTimeZone(client);
  const startsAt = parseOperatorTime(time, zone);
  const answer = await call<Answer>(client, 'operator_move_booking', {
    booking_id: bookingId,
    starts_at: startsAt.toISOString(),
  });
  if (answer.status !== 'booked') return refusal(answer, zone);
  return {
    ok: true,
    lines: [
      `Moved booking ${bookingId} of ${String(found.email)}`,
      `  from ${describeTime(new Date(String(found.starts_at)), zone)}`,
      `  to   ${describeTime(new Date(String(answer.starts_at)), zone)}.`,
      'The visitor and the team are sent the updated invitation (same UID, higher SEQUENCE); the reminders follow the new time.',
    ],
  };
}
