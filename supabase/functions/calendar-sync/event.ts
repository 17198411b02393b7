// The booked call as an event in the host's own calendar: the same UID as the invitations notify-leads e-mails
// (so accepting the invitation too leaves one event), SEQUENCE from the booking, times in UTC. It is the host's
// calendar, so the visitor's details are in it: the visitor as attendee, the phone and their message in the
// description. No METHOD: a stored calendar object is not an iTIP message (RFC 4791, 4.1). SCHEDULE-AGENT=CLIENT
// tells a server that schedules by itself (RFC 6638: Google, iCloud, Fastmail) not to mail the visitor a second
// invitation: notify-leads has sent theirs.
import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalEventStatus,
  type ICalAttendeeScheduleAgent,
} from 'npm:ical-generator@11.1.2';
import { CALENDAR_PRODUCT } from '../_shared/brand.ts';
import { bookingUid } from '../_shared/booking-uid.ts';

export type BookingForCalendar = {
  id: string;
  sequence: number;
  starts_at: string;
  ends_at: string;
  visitor_time_zone: string;
  name: string | null;
  email: string;
  company: string | null;
  phone: string | null;
  message: string | null;
};

/** The event's name in the host's calendar collection. */
export const eventName = (bookingId: string): string => `booking-${bookingId}.ics`;

const clean = (value: string | null | undefined) => (value ?? '').trim();

export function hostEvent(booking: BookingForCalendar, stamp: Date = new Date()): string {
  const name = clean(booking.name);
  const company = clean(booking.company);
  const who = name || booking.email;
  const description = [
    `Strategy call booked on the website with ${who}${company ? ` of ${company}` : ''}.`,
    `E-mail: ${booking.email}`,
    `Phone: ${clean(booking.phone) || '— (none given)'}`,
    `Their time zone: ${booking.visitor_time_zone}`,
    '',
    'Their request:',
    clean(booking.message) || '—',
    '',
    `Booking ${booking.id}`,
  ].join('\n');
  const calendar = ical({ prodId: CALENDAR_PRODUCT });
  calendar.createEvent({
    id: bookingUid(booking.id),
    sequence: booking.sequence,
    stamp,
    start: new Date(booking.starts_at),
    end: new Date(booking.ends_at),
    summary: `Strategy call — ${who}${company ? ` (${company})` : ''}`,
    description,
    status: ICalEventStatus.CONFIRMED,
    attendees: [
      {
        name: name || undefined,
        email: booking.email,
        role: ICalAttendeeRole.REQ,
        status: ICalAttendeeStatus.ACCEPTED,
        rsvp: false,
        // The package exports this enum as a type only.
        scheduleAgent: 'CLIENT' as ICalAttendeeScheduleAgent,
      },
    ],
  });
  const text = calendar.toString();
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}
