/** @jest-environment node */
// "Add to calendar": the file a real iCalendar parser (ical.js) reads back to the same instants, UID and text,
// with long and non-ASCII lines folded as RFC 5545 asks; the Google and Outlook links carry the same times.
import ICAL from 'ical.js';
import {
  calendarFile,
  callEventUid,
  googleCalendarUrl,
  outlookCalendarUrl,
  type CallEvent,
} from '../../src/features/booking/calendar-event';

const event: CallEvent = {
  bookingId: '3f2b9c1e-8d44-4c3b-9e1a-0c6f7d2a5b11',
  startsAt: '2027-04-04T01:30:00.000Z',
  endsAt: '2027-04-04T02:00:00.000Z',
  title: 'Strategy call with Brightlane AI; bring questions, notes',
  description: 'Your free 30-minute strategy call — Zoë’s team will call you. To change or cancel it:',
  manageUrl: 'https://brightlane.ai/booking#0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
};

it('is read back by a real parser to the same call', () => {
  const text = calendarFile(event, '2026-11-25T06:00:00Z');
  const component = new ICAL.Component(ICAL.parse(text));
  const vevent = new ICAL.Event(component.getFirstSubcomponent('vevent')!);
  expect(vevent.uid).toBe(callEventUid(event.bookingId));
  expect(vevent.startDate.toJSDate().toISOString()).toBe(event.startsAt);
  expect(vevent.endDate.toJSDate().toISOString()).toBe(event.endsAt);
  expect(vevent.summary).toBe(event.title);
  expect(vevent.description).toBe(`${event.description} ${event.manageUrl}`);
});

it('ends lines with CRLF and folds them at 75 octets without splitting a character', () => {
  const text = calendarFile({ ...event, description: 'é'.repeat(200) });
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  for (const line of text.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  expect(text).not.toContain('\uFFFD');
});

it('gives Google and Outlook the same instants in UTC', () => {
  const google = new URL(googleCalendarUrl(event));
  expect(google.searchParams.get('dates')).toBe('20270404T013000Z/20270404T020000Z');
  expect(google.searchParams.get('text')).toBe(event.title);
  const outlook = new URL(outlookCalendarUrl(event));
  expect(outlook.searchParams.get('startdt')).toBe(event.startsAt);
  expect(outlook.searchParams.get('enddt')).toBe(event.endsAt);
  expect(outlook.searchParams.get('body')).toContain(event.manageUrl);
});
