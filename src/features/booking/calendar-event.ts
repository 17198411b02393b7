// "Add to calendar" for a booked call: an iCalendar file (RFC 5545) and Google / Outlook links. The event's UID
// is the one the e-mailed invitation carries, so a calendar that gets both keeps one event.
import { bookingUid } from '../../../supabase/functions/_shared/booking-uid';

export type CallEvent = {
  bookingId: string;
  startsAt: string;
  endsAt: string;
  title: string;
  description: string;
  /** The change/cancel page, absolute. */
  manageUrl: string;
};

export { bookingUid as callEventUid } from '../../../supabase/functions/_shared/booking-uid';

/** 20261126T220000Z */
const utcStamp = (instant: string) =>
  new Date(instant)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');

/** TEXT value escaping (RFC 5545, 3.3.11). */
const escapeText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

const utf8Length = (codePoint: number) => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4);

/** Lines of at most 75 octets, continued with CRLF and a space (RFC 5545, 3.1), never splitting a character. */
function fold(line: string): string {
  const pieces: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Length(char.codePointAt(0)!);
    const limit = pieces.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      pieces.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  pieces.push(current);
  return pieces.join('\r\n ');
}

export function calendarFile(event: CallEvent, now = new Date().toISOString()): string {
  const description = `${event.description} ${event.manageUrl}`;
  return (
    [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Strategy call booking//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
      `UID:${bookingUid(event.bookingId)}`,
      `DTSTAMP:${utcStamp(now)}`,
      `DTSTART:${utcStamp(event.startsAt)}`,
      `DTEND:${utcStamp(event.endsAt)}`,
      `SUMMARY:${escapeText(event.title)}`,
      `DESCRIPTION:${escapeText(description)}`,
      `URL:${event.manageUrl}`,
      'END:VEVENT',
      'END:VCALENDAR',
    ]
      .map(fold)
      .join('\r\n') + '\r\n'
  );
}

export function googleCalendarUrl(event: CallEvent): string {
  const query = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${utcStamp(event.startsAt)}/${utcStamp(event.endsAt)}`,
    details: `${event.description} ${event.manageUrl}`,
  });
  return `https://calendar.google.com/calendar/render?${query}`;
}

/** Outlook on the web (work and school accounts, where most business calendars live). */
export function outlookCalendarUrl(event: CallEvent): string {
  const query = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: event.title,
    startdt: new Date(event.startsAt).toISOString(),
    enddt: new Date(event.endsAt).toISOString(),
    body: `${event.description} ${event.manageUrl}`,
  });
  return `https://outlook.office.com/calendar/0/deeplink/compose?${query}`;
}
