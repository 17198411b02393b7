/** @jest-environment node */
// The calendar-sync function's CalDAV code against a real server (issue 34): Radicale with two hosts' accounts,
// the function under real Deno (dev/calendars/runner.ts), and the database's six functions played by a small
// in-memory data API in this test, which records every call. Events added with tsdav come back as busy times
// (a recurring one expanded, its EXDATE left out; one begun years before the window, ending in another zone than
// it starts, read between its instants; titles never sent); a claimed put lands in the right host's
// calendar under the invitation's UID (and is not read back as busy) and a delete removes it; a host whose
// calendar is gone is recorded as failing while the other still syncs.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDAVClient } from 'tsdav';
import { startCalendarSyncRunner, type CalendarSyncRunner } from '../../dev/calendars/runner';
import { startRadicale, type RadicaleServer } from '../../dev/caldav/radicale';
import { bookingUid } from '../../supabase/functions/_shared/booking-uid';

jest.setTimeout(120_000);

const ALICE = { user: 'alice', password: 'alice-secret' };
const BOB = { user: 'bob', password: 'bob-secret' };
const WINDOW = { window_start: '2026-11-29T13:00:00Z', window_end: '2026-12-13T13:00:00Z' };

type Call = { name: string; args: Record<string, unknown> };
let calls: Call[] = [];
let hosts: Record<string, unknown>[] = [];
let writes: Record<string, unknown>[] = [];
let api: http.Server;
let radicale: RadicaleServer;
let runner: CalendarSyncRunner;
const clients: Record<string, Awaited<ReturnType<typeof createDAVClient>>> = {};

/** The six RPC endpoints, in memory: hosts to sync and writes to claim are what the test sets. */
function handle(name: string, args: Record<string, unknown>): unknown {
  calls.push({ name, args });
  switch (name) {
    case 'calendar_hosts_to_sync':
      return hosts;
    case 'replace_host_busy':
      return (args.busy as unknown[]).length;
    case 'record_calendar_sync_failure':
      return null;
    case 'claim_calendar_writes': {
      const claimed = writes;
      writes = [];
      return claimed;
    }
    default:
      return true;
  }
}

const calendarUrl = (user: string) => `${radicale.homeUrl(user)}work/`;
const host = (id: string, user: string) => ({
  host_id: id,
  calendar_url: calendarUrl(user),
  credential_key: user,
  time_zone: 'Australia/Sydney',
  ...WINDOW,
});

beforeAll(async () => {
  radicale = await startRadicale([ALICE, BOB]);
  for (const account of [ALICE, BOB]) {
    clients[account.user] = await createDAVClient({
      serverUrl: radicale.url,
      credentials: { username: account.user, password: account.password },
      authMethod: 'Basic',
      defaultAccountType: 'caldav',
    });
    await clients[account.user].makeCalendar({ url: calendarUrl(account.user), props: { displayname: 'work' } });
  }
  api = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const name = /\/rest\/v1\/rpc\/(\w+)$/.exec(request.url ?? '')?.[1];
      if (request.headers.apikey !== 'service-key' || !name) return response.writeHead(401).end();
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(handle(name, JSON.parse(body))));
    });
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  runner = await startCalendarSyncRunner({
    apiUrl: `http://127.0.0.1:${(api.address() as AddressInfo).port}`,
    serviceKey: 'service-key',
    accounts: {
      alice: { username: ALICE.user, password: ALICE.password },
      bob: { username: BOB.user, password: BOB.password },
    },
    intervalMs: null,
    log: () => undefined,
  });
});
afterAll(async () => {
  await runner?.close();
  await radicale?.close();
  api?.closeAllConnections();
  await new Promise((resolve) => api?.close(resolve));
});
beforeEach(() => {
  calls = [];
  hosts = [];
  writes = [];
});

const ics = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//tests//EN', ...lines, 'END:VCALENDAR', ''].join('\r\n');
const SYDNEY = [
  'BEGIN:VTIMEZONE',
  'TZID:Australia/Sydney',
  'BEGIN:STANDARD',
  'DTSTART:19700405T030000',
  'TZOFFSETFROM:+1100',
  'TZOFFSETTO:+1000',
  'RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU',
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  'DTSTART:19701004T020000',
  'TZOFFSETFROM:+1000',
  'TZOFFSETTO:+1100',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=1SU',
  'END:DAYLIGHT',
  'END:VTIMEZONE',
];

const LONDON_AND_NEW_YORK = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/London',
  'BEGIN:STANDARD',
  'DTSTART:19701025T020000',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  'DTSTART:19700329T010000',
  'TZOFFSETFROM:+0000',
  'TZOFFSETTO:+0100',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'END:VTIMEZONE',
  'BEGIN:VTIMEZONE',
  'TZID:America/New_York',
  'BEGIN:STANDARD',
  'DTSTART:19701101T020000',
  'TZOFFSETFROM:-0400',
  'TZOFFSETTO:-0500',
  'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  'DTSTART:19700308T020000',
  'TZOFFSETFROM:-0500',
  'TZOFFSETTO:-0400',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
  'END:DAYLIGHT',
  'END:VTIMEZONE',
];

async function put(user: string, name: string, data: string) {
  const response = await clients[user].createObject({
    url: `${calendarUrl(user)}${name}`,
    data,
    headers: { 'content-type': 'text/calendar; charset=utf-8' },
  });
  expect(response.status).toBe(201);
}

const callsTo = (name: string) => calls.filter((call) => call.name === name).map((call) => call.args);

it('reports each host’s busy times, a weekly event expanded without its EXDATE, and no titles', async () => {
  await put(
    'alice',
    'standup.ics',
    ics(
      ...SYDNEY,
      'BEGIN:VEVENT',
      'UID:standup',
      'DTSTAMP:20261101T000000Z',
      'SUMMARY:Secret stand-up',
      'DTSTART;TZID=Australia/Sydney:20261130T090000',
      'DTEND;TZID=Australia/Sydney:20261130T093000',
      'RRULE:FREQ=WEEKLY',
      'EXDATE;TZID=Australia/Sydney:20261207T090000',
      'END:VEVENT',
    ),
  );
  await put(
    'bob',
    'leave.ics',
    ics(
      'BEGIN:VEVENT',
      'UID:leave',
      'DTSTAMP:20261101T000000Z',
      'SUMMARY:Private leave',
      'DTSTART;VALUE=DATE:20261202',
      'END:VEVENT',
    ),
  );
  // Since 2010, Mondays 10:00 in London to 13:00 in New York: a series begun long before the window (the REPORT's
  // time-range finds it by its instances, RFC 4791 9.9), each instance the master's eight hours.
  await put(
    'bob',
    'transatlantic.ics',
    ics(
      ...LONDON_AND_NEW_YORK,
      'BEGIN:VEVENT',
      'UID:transatlantic',
      'DTSTAMP:20261101T000000Z',
      'SUMMARY:Private call',
      'DTSTART;TZID=Europe/London:20100104T100000',
      'DTEND;TZID=America/New_York:20100104T130000',
      'RRULE:FREQ=WEEKLY;BYDAY=MO',
      'END:VEVENT',
    ),
  );
  hosts = [host('h-alice', 'alice'), host('h-bob', 'bob')];

  expect(await runner.invoke()).toEqual({
    sync: { hosts: 2, synced: 2, failed: 0 },
    writes: { claimed: 0, written: 0, retrying: 0, dead: 0 },
  });
  const stored = Object.fromEntries(callsTo('replace_host_busy').map((args) => [args.host_id, args]));
  // Monday 30 November 9 am AEDT; the 7th is excluded; the 14th is after the window.
  expect(stored['h-alice']).toEqual({
    host_id: 'h-alice',
    ...WINDOW,
    busy: [{ starts_at: '2026-11-29T22:00:00.000Z', ends_at: '2026-11-29T22:30:00.000Z' }],
  });
  // Bob's all-day 2 December, midnight to midnight in Sydney, and the Mondays 10:00 to 18:00 UTC.
  expect(stored['h-bob'].busy).toEqual([
    { starts_at: '2026-11-30T10:00:00.000Z', ends_at: '2026-11-30T18:00:00.000Z' },
    { starts_at: '2026-12-01T13:00:00.000Z', ends_at: '2026-12-02T13:00:00.000Z' },
    { starts_at: '2026-12-07T10:00:00.000Z', ends_at: '2026-12-07T18:00:00.000Z' },
  ]);
  expect(JSON.stringify(calls)).not.toMatch(/Secret|Private|secret/);
});

it('a host whose calendar is gone is recorded as failing; the other host still syncs', async () => {
  hosts = [
    { ...host('h-bob', 'bob'), calendar_url: `${radicale.homeUrl('bob')}no-such-calendar/` },
    host('h-alice', 'alice'),
  ];
  expect(await runner.invoke()).toMatchObject({ sync: { hosts: 2, synced: 1, failed: 1 } });
  expect(callsTo('replace_host_busy').map((args) => args.host_id)).toEqual(['h-alice']);
  expect(callsTo('record_calendar_sync_failure')).toEqual([
    { host_id: 'h-bob', error: expect.stringMatching(/^REPORT http.*no-such-calendar\/ answered HTTP 404/) },
  ]);
});

const BOOKING = {
  id: '5f0c3f5e-2b1a-4c57-9a55-0f3f9e2c1b02',
  uid: bookingUid('5f0c3f5e-2b1a-4c57-9a55-0f3f9e2c1b02'),
  status: 'booked',
  sequence: 0,
  starts_at: '2026-12-03T23:00:00Z',
  ends_at: '2026-12-03T23:30:00Z',
  visitor_time_zone: 'Europe/London',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: 'Acme',
  phone: '+44 20 7946 0000',
  message: 'Leads.',
};
const writeJob = (action: 'put' | 'delete') => ({
  job_id: `job-${action}`,
  claim_token: `token-${action}`,
  action,
  attempts: 1,
  booking: BOOKING,
  host: {
    id: 'h-alice',
    name: 'Alice',
    email: 'alice@example.com',
    calendar_url: calendarUrl('alice'),
    credential_key: 'alice',
    time_zone: 'Australia/Sydney',
  },
});
const eventsIn = async (user: string) =>
  (await clients[user].fetchCalendarObjects({ calendar: { url: calendarUrl(user) } })).filter((object) =>
    String(object.data).includes(BOOKING.uid),
  );

it('a claimed put lands in the host’s calendar under the invitation’s UID, and a delete removes it', async () => {
  writes = [writeJob('put')];
  expect(await runner.invoke()).toMatchObject({ writes: { claimed: 1, written: 1, retrying: 0, dead: 0 } });
  const [event] = await eventsIn('alice');
  expect(event.url).toBe(`${calendarUrl('alice')}booking-${BOOKING.id}.ics`);
  expect(event.data).toContain(`UID:${BOOKING.uid}`);
  expect(event.data).toContain('DTSTART:20261203T230000Z');
  expect(await eventsIn('bob')).toEqual([]);
  // Done, with where the event is: the booking's next writes go there.
  expect(callsTo('complete_calendar_write')).toEqual([
    { job_id: 'job-put', claim_token: 'token-put', event_href: `${calendarUrl('alice')}booking-${BOOKING.id}.ics` },
  ]);

  // Read back, the call is not one of Alice's other meetings: the database blocks it already, with its buffers.
  hosts = [host('h-alice', 'alice')];
  await runner.invoke();
  expect(callsTo('replace_host_busy').at(-1)?.host_id).toBe('h-alice');
  expect(callsTo('replace_host_busy').at(-1)?.busy).not.toContainEqual({
    starts_at: '2026-12-03T23:00:00.000Z',
    ends_at: '2026-12-03T23:30:00.000Z',
  });

  hosts = [];
  writes = [writeJob('delete')];
  await runner.invoke();
  expect(await eventsIn('alice')).toEqual([]);
  expect(callsTo('complete_calendar_write')).toContainEqual({ job_id: 'job-delete', claim_token: 'token-delete' });
});
