// deno test: the CalDAV calendars (caldav.ts) against a second server, stubbed at the fetch level
// (testdata/second-server.ts), where it answers otherwise than Radicale (issue 43): recurring events are asked for
// as themselves and expanded here (its own expansion is wrong), an event ending in another zone than it starts
// is busy between its instants, a write counts only on 201, 204 or 200 (a 207 is read; a failed precondition
// inside fails it), and a call whose UID the host's calendar holds already under another name (their mail app
// added the invitation) is updated where it is. Run: npm run test:functions
import assert from 'node:assert/strict';
import { bookingUid } from '../_shared/booking-uid.ts';
import { createCalDavCalendars } from './caldav.ts';
import { CalendarError } from './calendars.ts';
import { parseAccounts, type Accounts } from './credentials.ts';
import { eventName, hostEvent, type BookingForCalendar } from './event.ts';
import { toBusyTimes } from './ranges.ts';
import { secondServer } from './testdata/second-server.ts';
import {
  calendarObject,
  fetchRouter,
  multistatus,
  multistatusOf,
  vcalendar,
  vevent,
  type Handler,
} from './testdata/stubs.ts';

const CALENDAR = 'https://dav.second.test/h1/work/';
const HOST = { calendarUrl: CALENDAR, credentialKey: 'alice', timeZone: 'Europe/London' };
const accounts = parseAccounts('{"alice": {"username": "alice@example.com", "password": "app-password"}}') as Accounts;
const span = (starts_at: string, ends_at: string) => ({ starts_at, ends_at });

const calendars = (routes: Record<string, Handler>) => {
  const router = fetchRouter(routes);
  return { ...router, caldav: createCalDavCalendars({ fetch: router.fetch, accounts, timeoutMs: 200 }) };
};

// Four weeks from Monday 9 March 2026: New York is on summer time from the 8th, London from the 29th.
const MARCH = { start: Date.parse('2026-03-09T00:00:00Z'), end: Date.parse('2026-04-06T00:00:00Z') };

const TRANSATLANTIC = vcalendar(
  ...vevent(
    'transatlantic',
    // Since 2010, Mondays 10:00 in London to 13:00 in New York: eight hours (GMT to EST) on the first one.
    'DTSTART;TZID=Europe/London:20100104T100000',
    'DTEND;TZID=America/New_York:20100104T130000',
    'RRULE:FREQ=WEEKLY;BYDAY=MO',
    'EXDATE;TZID=Europe/London:20260323T100000',
  ),
  ...vevent(
    'transatlantic',
    'RECURRENCE-ID;TZID=Europe/London:20260330T100000',
    'DTSTART;TZID=Europe/London:20260330T140000',
    'DTEND;TZID=America/New_York:20260330T110000',
  ),
);
const FLIGHT = vcalendar(
  ...vevent('flight', 'DTSTART;TZID=Europe/London:20260311T100000', 'DTEND;TZID=America/New_York:20260311T130000'),
);
// What this server answers when asked to expand: floating instances with the master's DTEND, and no instance of
// the series that began before the window.
const ITS_EXPANSION = multistatusOf(
  calendarObject(
    '/h1/work/flight.ics',
    vcalendar(
      ...vevent(
        'flight',
        'RECURRENCE-ID:20260311T100000',
        'DTSTART:20260311T100000',
        'DTEND;TZID=America/New_York:20260104T130000',
      ),
    ),
  ),
);

Deno.test('busy times: the events asked for as themselves (no CALDAV:expand), expanded and clipped here', async () => {
  const server = secondServer(CALENDAR, { expanded: ITS_EXPANSION });
  server.store.set('/h1/work/transatlantic.ics', { data: TRANSATLANTIC, etag: '"t"' });
  server.store.set('/h1/work/flight.ics', { data: FLIGHT, etag: '"f"' });
  const { caldav, requests } = calendars(server.routes());
  assert.deepEqual(toBusyTimes(await caldav.busyTimes(HOST, MARCH)), [
    // The master's exact eight hours on every Monday (RFC 5545, 3.8.5.3), though New York's clocks moved.
    span('2026-03-09T10:00:00.000Z', '2026-03-09T18:00:00.000Z'),
    // 10:00 in London (GMT) to 13:00 in New York (EDT) on the 11th.
    span('2026-03-11T10:00:00.000Z', '2026-03-11T17:00:00.000Z'),
    span('2026-03-16T10:00:00.000Z', '2026-03-16T18:00:00.000Z'),
    // The 23rd excluded; the 30th moved to 14:00 in London (BST) until 11:00 in New York (EDT).
    span('2026-03-30T13:00:00.000Z', '2026-03-30T15:00:00.000Z'),
  ]);
  const [report, ...more] = requests;
  assert.equal(more.length, 0, 'one REPORT');
  assert.equal(report.method, 'REPORT');
  assert.equal(report.headers.get('depth'), '1');
  assert.doesNotMatch(report.body, /expand/);
  assert.match(report.body, /<c:calendar-data\/>/);
  // The time-range on VEVENT itself: it matches a recurring event any of whose instances overlaps (RFC 4791, 9.9).
  assert.match(
    report.body,
    /<c:comp-filter name="VEVENT">\s*<c:time-range start="20260309T000000Z" end="20260406T000000Z"\/>\s*<\/c:comp-filter>/,
  );
});

const BOOKING: BookingForCalendar = {
  id: '5f0c3f5e-2b1a-4c57-9a55-0f3f9e2c1b02',
  sequence: 1,
  starts_at: '2026-11-25T23:00:00Z',
  ends_at: '2026-11-25T23:30:00Z',
  visitor_time_zone: 'America/New_York',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: 'Acme',
  phone: null,
  message: null,
};
const UID = bookingUid(BOOKING.id);
const NAME = eventName(BOOKING.id);
const OWN = `${CALENDAR}${NAME}`;
const INVITE = `${CALENDAR}Invitation%20abc.ics`;
// The invitation as the host's mail app stored it: the call's UID, the visitor's first time.
const INVITATION = vcalendar(
  'METHOD:REQUEST',
  ...vevent(UID, 'SEQUENCE:0', 'DTSTART:20261125T220000Z', 'DTEND:20261125T223000Z'),
);

const failsWith = async (promise: Promise<unknown>, message: RegExp, retryable: boolean) => {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof CalendarError, String(error));
    assert.match(error.message, message);
    assert.equal(error.retryable, retryable, error.message);
    assert.doesNotMatch(error.message, /app-password/);
    return true;
  });
};

Deno.test('a write is done on 201, 204 or 200 only; a 207 is read and its inner statuses decide', async () => {
  const precondition = (status: string, element: string) => () =>
    multistatus(
      multistatusOf(
        `<d:response><d:href>/h1/work/${NAME}</d:href><d:status>HTTP/1.1 ${status}</d:status>` +
          `<d:error><c:${element}/></d:error></d:response>`,
      ),
    );
  const answers: [string, Handler, RegExp | null, boolean?][] = [
    ['201', () => new Response(null, { status: 201 }), null],
    ['204', () => new Response(null, { status: 204 }), null],
    ['200 (replaced)', () => new Response('', { status: 200 }), null],
    [
      '207 all well',
      () =>
        multistatus(
          multistatusOf(`<d:response><d:href>${OWN}</d:href><d:status>HTTP/1.1 201 Created</d:status></d:response>`),
        ),
      null,
    ],
    [
      '207, a failed precondition inside',
      precondition('403 Forbidden', 'valid-calendar-object-resource'),
      new RegExp(
        `^PUT ${OWN} answered HTTP 207: 403 Forbidden for /h1/work/${NAME} \\(valid-calendar-object-resource\\)$`,
      ),
      true,
    ],
    [
      '207, 415 inside',
      precondition('415 Unsupported Media Type', 'supported-calendar-data'),
      /answered HTTP 207: 415 Unsupported Media Type for .*supported-calendar-data/,
      false,
    ],
    [
      '207 unreadable',
      () => multistatus('<d:multistatus xmlns:d="DAV:"><d:response>'),
      /HTTP 207.*could not be read/,
      true,
    ],
    ['207 without a status', () => multistatus(multistatusOf()), /HTTP 207.*could not be read/, true],
    [
      '202 Accepted',
      () => new Response(null, { status: 202, statusText: 'Accepted' }),
      new RegExp(
        `^PUT ${OWN} answered HTTP 202 Accepted: not taken as done \\(only 201, 204 or 200 count as written\\)$`,
      ),
      true,
    ],
    ['503', () => new Response('', { status: 503 }), /answered HTTP 503$/, true],
    [
      '409 with another precondition',
      () =>
        new Response('<D:error xmlns:D="DAV:"><D:cannot-modify-protected-property/></D:error>', {
          status: 409,
          statusText: 'Conflict',
          headers: { 'content-type': 'application/xml' },
        }),
      /answered HTTP 409 Conflict \(cannot-modify-protected-property\)$/,
      true,
    ],
  ];
  for (const [what, answer, failure, retryable] of answers) {
    const { caldav } = calendars({ [`PUT ${OWN}`]: answer });
    const put = caldav.put(HOST, NAME, hostEvent(BOOKING), { uid: UID });
    if (failure) await failsWith(put, failure, retryable!);
    else assert.equal(await put, OWN, what);
  }
});

Deno.test('a DELETE is done on 204, 200, 404 or 410; a 207 is read too', async () => {
  const inner = (status: string) => () =>
    multistatus(
      multistatusOf(`<d:response><d:href>${OWN}</d:href><d:status>HTTP/1.1 ${status}</d:status></d:response>`),
    );
  const answers: [Handler, string[]][] = [
    [() => new Response(null, { status: 204 }), ['DELETE']],
    [() => new Response('', { status: 200 }), ['DELETE']],
    [inner('200 OK'), ['DELETE']],
    // Not there: gone, once no copy under another name holds the UID.
    [() => new Response(null, { status: 410 }), ['DELETE', 'REPORT']],
    [inner('404 Not Found'), ['DELETE', 'REPORT']],
  ];
  for (const [answer, methods] of answers) {
    const { caldav, requests } = calendars({
      [`DELETE ${OWN}`]: answer,
      [`REPORT ${CALENDAR}`]: () => multistatus(multistatusOf()),
    });
    await caldav.remove(HOST, NAME, { uid: UID });
    assert.deepEqual(
      requests.map((request) => request.method),
      methods,
    );
  }
  const { caldav } = calendars({ [`DELETE ${OWN}`]: inner('423 Locked') });
  await failsWith(caldav.remove(HOST, NAME, { uid: UID }), /HTTP 207: 423 Locked for /, true);
  const { caldav: accepted } = calendars({ [`DELETE ${OWN}`]: () => new Response(null, { status: 202 }) });
  await failsWith(
    accepted.remove(HOST, NAME),
    /answered HTTP 202: not taken as done \(only 204, 200, 404 or 410 count as removed\)$/,
    true,
  );
});

for (const conflicts of ['rfc', 'multistatus', 'radicale'] as const) {
  Deno.test(`the invitation already in the calendar (${conflicts} conflict answer): updated where it is`, async () => {
    const server = secondServer(CALENDAR, { conflicts });
    server.store.set(new URL(INVITE).pathname, { data: INVITATION, etag: '"mail-app"' });
    const { caldav, requests } = calendars(server.routes(NAME, INVITE));
    assert.equal(await caldav.put(HOST, NAME, hostEvent(BOOKING), { uid: UID }), INVITE);
    // One event with the UID: the invitation's, now with the call's time and SEQUENCE.
    assert.deepEqual([...server.store.keys()], [new URL(INVITE).pathname]);
    const stored = server.store.get(new URL(INVITE).pathname)!.data;
    assert.match(stored, /DTSTART:20261125T230000Z/);
    assert.match(stored, /SEQUENCE:1/);
    const calls = requests.map((request) => `${request.method} ${request.url}`);
    if (conflicts === 'radicale') {
      // No name in the refusal: a calendar-query on the UID finds it, and the update is conditional on its ETag.
      assert.deepEqual(calls, [`PUT ${OWN}`, `REPORT ${CALENDAR}`, `PUT ${INVITE}`]);
      assert.match(
        requests[1].body,
        new RegExp(`<c:prop-filter name="UID">\\s*<c:text-match collation="i;octet">${UID}</c:text-match>`),
      );
      assert.equal(requests[2].headers.get('if-match'), '"mail-app"');
    } else {
      assert.deepEqual(calls, [`PUT ${OWN}`, `PUT ${INVITE}`]);
    }
  });
}

Deno.test('later writes go where the event is; a delete that misses it finds the copy by UID', async () => {
  const server = secondServer(CALENDAR, { conflicts: 'radicale' });
  const invite = new URL(INVITE).pathname;
  server.store.set(invite, { data: INVITATION, etag: '"mail-app"' });
  const { caldav, requests } = calendars(server.routes(NAME, INVITE));
  // A move: straight to the address kept from the first write.
  const moved = { ...BOOKING, sequence: 2, starts_at: '2026-11-26T23:00:00Z', ends_at: '2026-11-26T23:30:00Z' };
  assert.equal(await caldav.put(HOST, NAME, hostEvent(moved), { uid: UID, url: INVITE }), INVITE);
  assert.deepEqual(
    requests.map((request) => `${request.method} ${request.url}`),
    [`PUT ${INVITE}`],
  );
  assert.match(server.store.get(invite)!.data, /DTSTART:20261126T230000Z/);
  // The cancel: the DELETE goes there too.
  await caldav.remove(HOST, NAME, { uid: UID, url: INVITE });
  assert.equal(server.store.size, 0);
  // A delete at the call's own name while the calendar holds it under another (an address never recorded).
  server.store.set(invite, { data: INVITATION, etag: '"mail-app"' });
  requests.length = 0;
  await caldav.remove(HOST, NAME, { uid: UID });
  assert.equal(server.store.size, 0);
  assert.deepEqual(
    requests.map((request) => `${request.method} ${request.url} ${request.headers.get('if-match') ?? ''}`.trim()),
    [`DELETE ${OWN}`, `REPORT ${CALENDAR}`, `DELETE ${INVITE} "mail-app"`],
  );
  // Nothing anywhere: done after the search.
  await caldav.remove(HOST, NAME, { uid: UID });
});

Deno.test('a kept address outside the calendar, or now holding another event, is not written to', async () => {
  const server = secondServer(CALENDAR, { conflicts: 'rfc' });
  server.store.set('/h1/work/other.ics', {
    data: vcalendar(...vevent('lunch@example.com', 'DTSTART:20261125T010000Z')),
    etag: '"o"',
  });
  const { caldav, requests } = calendars(server.routes(NAME, `${CALENDAR}other.ics`));
  // Another host's calendar (a calendar_url changed since): the call's own name in this one.
  assert.equal(
    await caldav.put(HOST, NAME, hostEvent(BOOKING), { uid: UID, url: 'https://dav.second.test/h2/work/x.ics' }),
    OWN,
  );
  server.store.delete(new URL(OWN).pathname);
  // An address that holds another event now: refused, nothing of ours there, so the call's own name.
  const refusedThere: Handler = () =>
    new Response('<D:error xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><C:no-uid-conflict/></D:error>', {
      status: 409,
      headers: { 'content-type': 'text/xml' },
    });
  const { caldav: again } = calendars({ ...server.routes(NAME), [`PUT ${CALENDAR}other.ics`]: refusedThere });
  assert.equal(await again.put(HOST, NAME, hostEvent(BOOKING), { uid: UID, url: `${CALENDAR}other.ics` }), OWN);
  assert.match(server.store.get('/h1/work/other.ics')!.data, /lunch@example.com/);
  assert.equal(requests.length, 1);
});

Deno.test('the copy changed between the search and the update (If-Match refused): a failure to retry', async () => {
  const server = secondServer(CALENDAR, { conflicts: 'radicale' });
  server.store.set(new URL(INVITE).pathname, { data: INVITATION, etag: '"mail-app"' });
  const routes = server.routes(NAME, INVITE);
  const { caldav } = calendars({
    ...routes,
    [`REPORT ${CALENDAR}`]: async (request) => {
      const answer = await routes[`REPORT ${CALENDAR}`](request);
      server.store.set(new URL(INVITE).pathname, { data: INVITATION, etag: '"edited"' });
      return answer;
    },
  });
  await failsWith(
    caldav.put(HOST, NAME, hostEvent(BOOKING), { uid: UID }),
    new RegExp(`^PUT ${INVITE} answered HTTP 412: the event changed since it was read$`),
    true,
  );
});

Deno.test('a UID conflict whose resource cannot be found: a failure to retry that says so', async () => {
  const { caldav } = calendars({
    [`PUT ${OWN}`]: () =>
      new Response('<error xmlns="DAV:"><no-uid-conflict xmlns="urn:ietf:params:xml:ns:caldav"/></error>', {
        status: 409,
        headers: { 'content-type': 'text/xml; charset=utf-8' },
      }),
    [`REPORT ${CALENDAR}`]: () => multistatus(multistatusOf()),
  });
  await failsWith(
    caldav.put(HOST, NAME, hostEvent(BOOKING), { uid: UID }),
    new RegExp(`^PUT ${OWN} was refused: the calendar holds the event's UID \\(${UID}\\) under another name`),
    true,
  );
});
