// deno test: the CalDAV calendars (caldav.ts) with the server stubbed at the fetch level: a REPORT answer recorded
// from Radicale, refusals and unreadable answers (never an empty calendar), the booked call's PUT read back with
// ical.js, DELETE. Run: npm run test:functions
import assert from 'node:assert/strict';
import ICAL from 'npm:ical.js@2.2.1';
import { bookingUid } from '../_shared/booking-uid.ts';
import { createCalDavCalendars } from './caldav.ts';
import { CalendarError } from './calendars.ts';
import { parseAccounts, type Accounts } from './credentials.ts';
import type { BookingForCalendar } from './event.ts';
import { toBusyTimes } from './ranges.ts';
import { RADICALE_REPORT, RADICALE_REPORT_CONTENT_TYPE } from './testdata/radicale-report.ts';
import { fetchRouter, multistatus, multistatusOf, type Handler } from './testdata/stubs.ts';

const CALENDAR = 'https://cal.test/alice/work/';
const HOST = { calendarUrl: CALENDAR, credentialKey: 'alice', timeZone: 'Australia/Sydney' };
const WINDOW = { start: Date.parse('2026-09-27T14:00:00Z'), end: Date.parse('2026-10-18T13:00:00Z') };
const accounts = parseAccounts('{"alice": {"username": "alice@example.com", "password": "app-password"}}') as Accounts;

const calendars = (routes: Record<string, Handler>) => {
  const router = fetchRouter(routes);
  return { ...router, calendars: createCalDavCalendars({ fetch: router.fetch, accounts, timeoutMs: 200 }) };
};
const span = (starts_at: string, ends_at: string) => ({ starts_at, ends_at });

Deno.test(
  'busy times from a recorded Radicale answer: one REPORT with a time-range, not asking to expand',
  async () => {
    const { calendars: caldav, requests } = calendars({
      [`REPORT ${CALENDAR}`]: () => multistatus(RADICALE_REPORT, RADICALE_REPORT_CONTENT_TYPE),
    });
    const busy = toBusyTimes(await caldav.busyTimes(HOST, WINDOW));
    assert.deepEqual(busy, [
      span('2026-09-27T14:00:00.000Z', '2026-09-27T15:00:00.000Z'), // a flight from 12:00Z, clipped to the window
      span('2026-09-27T23:00:00.000Z', '2026-09-28T00:00:00.000Z'), // the stand-up, 9 am AEST
      span('2026-09-29T23:00:00.000Z', '2026-09-30T00:00:00.000Z'), // the dentist
      span('2026-10-02T14:00:00.000Z', '2026-10-05T13:00:00.000Z'), // all-day leave 3-5 October, across the change
      span('2026-10-09T00:00:00.000Z', '2026-10-09T02:00:00.000Z'), // two overlapping events
      span('2026-10-12T03:00:00.000Z', '2026-10-12T04:00:00.000Z'), // the stand-up moved to 2 pm AEDT
      span('2026-10-13T23:00:00.000Z', '2026-10-14T00:00:00.000Z'), // floating 10 am, in Sydney
    ]);
    assert.equal(requests.length, 1);
    const [report] = requests;
    assert.equal(report.headers.get('depth'), '1');
    assert.equal(report.headers.get('authorization'), `Basic ${btoa('alice@example.com:app-password')}`);
    // The events themselves, expanded by busy.ts: servers differ at expanding (second_server_test.ts).
    assert.doesNotMatch(report.body, /expand/);
    assert.match(report.body, /<c:calendar-data\/>/);
    assert.match(report.body, /<c:time-range start="20260927T140000Z" end="20261018T130000Z"\/>/);
  },
);

Deno.test('an empty calendar is no busy time', async () => {
  const { calendars: caldav } = calendars({ [`REPORT ${CALENDAR}`]: () => multistatus(multistatusOf()) });
  assert.deepEqual(await caldav.busyTimes(HOST, WINDOW), []);
});

Deno.test('refused, missing, unreadable or hanging: an error, never an empty calendar', async () => {
  const answers: [string, Handler, RegExp][] = [
    ['401', () => new Response('no', { status: 401, statusText: 'Unauthorized' }), /HTTP 401 Unauthorized/],
    ['404', () => new Response('', { status: 404 }), /HTTP 404/],
    [
      'HTML page',
      () => new Response('<html>Sign in</html>', { headers: { 'content-type': 'text/html' } }),
      /multistatus/,
    ],
    ['bad XML', () => multistatus(RADICALE_REPORT.slice(0, 900)), /could not be read|not valid iCalendar/],
    ['network', () => Promise.reject(new TypeError('connection refused')), /failed: TypeError: connection refused/],
    [
      'hang',
      (request) =>
        new Promise(
          (_resolve, reject) => setTimeout(() => reject(new DOMException('late', 'TimeoutError')), 250) && request,
        ),
      /timed out after 200 ms/,
    ],
  ];
  for (const [what, answer, message] of answers) {
    const { calendars: caldav } = calendars({ [`REPORT ${CALENDAR}`]: answer });
    await assert.rejects(caldav.busyTimes(HOST, WINDOW), (error: Error) => {
      assert.ok(error instanceof CalendarError, what);
      assert.match(error.message, message, what);
      assert.doesNotMatch(error.message, /app-password|Dentist|Stand-up/, what);
      return true;
    });
  }
});

Deno.test('a host whose account is not in CALDAV_ACCOUNTS: an error naming the key, no request', async () => {
  const { calendars: caldav, requests } = calendars({});
  await assert.rejects(
    caldav.busyTimes({ ...HOST, credentialKey: 'bob' }, WINDOW),
    /no calendar account "bob" in the CALDAV_ACCOUNTS secret/,
  );
  assert.equal(requests.length, 0);
});

const BOOKING: BookingForCalendar = {
  id: '5f0c3f5e-2b1a-4c57-9a55-0f3f9e2c1b02',
  sequence: 2,
  starts_at: '2026-11-25T23:00:00Z',
  ends_at: '2026-11-25T23:30:00Z',
  visitor_time_zone: 'America/New_York',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: 'Acme',
  phone: '+1 212 555 0100',
  message: 'We get 300 leads a month.',
};

Deno.test(
  'the booked call is PUT as booking-<id>.ics and reads back with the same UID, SEQUENCE and instants',
  async () => {
    const { hostEvent, eventName } = await import('./event.ts');
    const url = `${CALENDAR}booking-${BOOKING.id}.ics`;
    const { calendars: caldav, requests } = calendars({ [`PUT ${url}`]: () => new Response(null, { status: 201 }) });
    await caldav.put(
      { ...HOST, calendarUrl: 'https://cal.test/alice/work' },
      eventName(BOOKING.id),
      hostEvent(BOOKING),
    );
    const [put] = requests;
    assert.equal(put.url, url);
    assert.equal(put.headers.get('content-type'), 'text/calendar; charset=utf-8');
    assert.equal(put.headers.get('if-none-match'), null, 'a moved call replaces the event');
    const calendar = new ICAL.Component(ICAL.parse(put.body));
    assert.equal(calendar.getFirstPropertyValue('method'), null);
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    assert.equal(event.uid, bookingUid(BOOKING.id));
    assert.equal(event.sequence, 2);
    assert.equal(event.startDate.toJSDate().toISOString(), '2026-11-25T23:00:00.000Z');
    assert.equal(event.endDate.toJSDate().toISOString(), '2026-11-25T23:30:00.000Z');
    assert.equal(event.summary, 'Strategy call — Ada Lovelace (Acme)');
    assert.match(event.description, /Phone: \+1 212 555 0100/);
    assert.match(event.description, /We get 300 leads a month\./);
    const [attendee] = event.attendees;
    assert.equal(String(attendee.getFirstValue()).toLowerCase(), 'mailto:ada@example.com');
    assert.equal(attendee.getParameter('schedule-agent'), 'CLIENT');
  },
);

Deno.test('DELETE: done when gone (404 too); a refused PUT says whether a retry can help', async () => {
  const url = `${CALENDAR}booking-x.ics`;
  for (const status of [204, 404]) {
    const { calendars: caldav } = calendars({ [`DELETE ${url}`]: () => new Response(null, { status }) });
    await caldav.remove(HOST, 'booking-x.ics');
  }
  const { calendars: failing } = calendars({
    [`DELETE ${url}`]: () => new Response('', { status: 503 }),
    [`PUT ${url}`]: () => new Response('', { status: 415 }),
  });
  await assert.rejects(failing.remove(HOST, 'booking-x.ics'), (error: CalendarError) => error.retryable);
  await assert.rejects(failing.put(HOST, 'booking-x.ics', 'x'), (error: CalendarError) => !error.retryable);
});
