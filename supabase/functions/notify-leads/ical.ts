// The calendar invitation attached to every booked, moved and cancelled call (RFC 5545 with iTIP's METHOD,
// RFC 5546), built with ical-generator: the same UID for the life of a booking, SEQUENCE from the booking (raised
// by every move and by the cancellation, so calendars replace the event instead of adding one), times in UTC.
// ical-generator escapes text values, folds lines at 75 octets and ends them with CRLF. The npm: specifier is
// resolved from the repository's node_modules by Deno locally and in tests (package.json has the same version),
// and fetched from the npm registry when `supabase functions deploy` bundles the function.
import { CALENDAR_PRODUCT } from '../_shared/brand.ts';
import { bookingUid } from '../_shared/booking-uid.ts';
import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from 'npm:ical-generator@11.1.2';

export type InvitationMethod = 'REQUEST' | 'CANCEL';
export type Person = { name: string; email: string };

export type Invitation = {
  method: InvitationMethod;
  bookingId: string;
  /** The site's address. */
  siteUrl: string;
  sequence: number;
  startsAt: Date;
  endsAt: Date;
  summary: string;
  description: string;
  organizer: Person;
  attendees: Person[];
  /**
   * The person taking the call: an attendee with ROLE=CHAIR. Not the ORGANIZER, which stays the team's sender for
   * the UID's whole life (RFC 5546: only the organizer sends REQUEST and CANCEL for a UID, and a move may hand
   * the call to another host).
   */
  host?: Person;
  url?: string;
  /** DTSTAMP: when this version of the invitation was made. */
  stamp?: Date;
};

/** The booking's UID: the same for its first invitation, every update and the cancellation. */
export const invitationUid = bookingUid;

export function buildInvitation(invitation: Invitation): string {
  const calendar = ical({
    prodId: CALENDAR_PRODUCT,
    method: invitation.method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: invitationUid(invitation.bookingId),
    sequence: invitation.sequence,
    stamp: invitation.stamp ?? new Date(),
    start: invitation.startsAt,
    end: invitation.endsAt,
    summary: invitation.summary,
    description: invitation.description,
    status: invitation.method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: invitation.organizer,
    attendees: [
      ...(invitation.host ? [{ ...invitation.host, role: ICalAttendeeRole.CHAIR }] : []),
      ...invitation.attendees
        .filter((person) => person.email.toLowerCase() !== invitation.host?.email.toLowerCase())
        .map((person) => ({ ...person, role: ICalAttendeeRole.REQ })),
    ].map((person) => ({
      name: person.name,
      email: person.email,
      role: person.role,
      // The visitor picked the time and the team offered it: nobody needs to answer the invitation.
      status: ICalAttendeeStatus.ACCEPTED,
      rsvp: false,
    })),
    url: invitation.url ?? null,
  });
  // RFC 5545 ends every content line with CRLF, the last one included.
  const text = calendar.toString();
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}
