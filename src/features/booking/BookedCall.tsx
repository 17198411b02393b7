// A booked call as the visitor should keep it: the day, time and zone, the team's time beside it, "Add to
// calendar" (a file and Google / Outlook links) and the change/cancel link.
import type { Booked } from './booking-api';
import { calendarFile, googleCalendarUrl, outlookCalendarUrl, type CallEvent } from './calendar-event';
import type { BookingCopy } from './copy-schema';
import { CalendarLinks } from './styles';
import { fillTime } from './time-format';

export const manageUrl = (token: string) =>
  `${typeof window === 'undefined' ? '' : window.location.origin}/booking#${token}`;

export function BookedCall({ booked, copy }: { booked: Booked; copy: BookingCopy['booked'] }) {
  const link = booked.manageToken ? manageUrl(booked.manageToken) : '';
  const event: CallEvent = {
    bookingId: booked.bookingId,
    startsAt: booked.startsAt,
    endsAt: booked.endsAt,
    title: copy.calendar.eventTitle,
    description: copy.calendar.eventDescription,
    manageUrl: link,
  };
  // A data: address, downloaded (not opened) thanks to `download`: no object URL to create and revoke.
  const fileUrl = `data:text/calendar;charset=utf-8,${encodeURIComponent(calendarFile(event))}`;

  return (
    <>
      <p>
        <strong>{fillTime(copy.when, booked.startsAt, booked.visitorTimeZone)}</strong>
      </p>
      {booked.teamTimeZone !== booked.visitorTimeZone && (
        <p>{fillTime(copy.teamTime, booked.startsAt, booked.teamTimeZone, booked.teamTimeZone)}</p>
      )}
      <h3>{copy.calendar.heading}</h3>
      <CalendarLinks>
        <li>
          <a href={fileUrl} download="strategy-call.ics">
            {copy.calendar.icsLabel}
          </a>
        </li>
        <li>
          <a href={googleCalendarUrl(event)} target="_blank" rel="noopener noreferrer">
            {copy.calendar.googleLabel}
          </a>
        </li>
        <li>
          <a href={outlookCalendarUrl(event)} target="_blank" rel="noopener noreferrer">
            {copy.calendar.outlookLabel}
          </a>
        </li>
      </CalendarLinks>
      {link && (
        <p>
          <a href={link}>{copy.manageLabel}</a>
        </p>
      )}
    </>
  );
}
