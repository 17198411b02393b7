// What every target does with a claimed change, and the booking's state as the CRMs show it.
import type { ClaimedCrmChange, CrmBooking, RemoteKind } from './database.ts';

/** Stores a remote id right after the remote step that made it; throws LostClaim when the job is no longer ours. */
export type Recorder = (kind: RemoteKind, remoteId: string) => Promise<void>;

/**
 * Syncs the change's lead/booking as they are now; throws CrmError (or LostClaim) when it cannot. May resolve
 * with a remark for the log (something done differently, e.g. a meeting a person deleted left deleted).
 */
export type TargetSync = (job: ClaimedCrmChange, record: Recorder) => Promise<string | void>;

export class LostClaim extends Error {}

export type MeetingState = 'scheduled' | 'rescheduled' | 'cancelled' | 'completed' | 'no_show' | 'moved';

/** The call as it is now: its outcome once recorded, else cancelled, else moved since it was booked or not. */
export function meetingState(booking: CrmBooking): MeetingState {
  if (booking.outcome === 'attended') return 'completed';
  if (booking.outcome === 'no_show') return 'no_show';
  // The host's "moved": the visitor came at another time, arranged outside the booking.
  if (booking.outcome === 'moved') return 'moved';
  if (booking.status === 'cancelled') return 'cancelled';
  return booking.sequence > 0 ? 'rescheduled' : 'scheduled';
}

/** Text for a CRM's rich-text field (a HubSpot note or meeting body, a Pipedrive note): escaped, lines as <br>. */
export const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('\n', '<br>');

/** An instant in one form, UTC with milliseconds (the database writes "+00:00"; the CRMs' examples use "Z"). */
export const utcInstant = (timestamp: string) => new Date(timestamp).toISOString();
export const utcOrNull = (timestamp: string | null) => (timestamp === null ? null : utcInstant(timestamp));

/** The line that ties a CRM object to its booking or lead, so a retry finds what an earlier attempt made. */
export const bookingMarker = (bookingId: string) => `Booking ${bookingId}`;
export const leadMarker = (lead: { table: string; id: string }) => `Request ${lead.table}/${lead.id}`;
