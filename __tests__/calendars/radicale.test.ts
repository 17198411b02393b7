/** @jest-environment node */
// The CalDAV server the calendar tests run (issue 34): Debian's Radicale with one account per host, spoken to
// with tsdav, the client the calendar sync uses. A host's calendar holds events that a time-range query finds,
// and one host's account cannot read or write another's calendar.
import { createDAVClient, type DAVCalendar } from 'tsdav';
import { startRadicale, type RadicaleServer } from '../../dev/caldav/radicale';

jest.setTimeout(60_000);

const ALICE = { user: 'alice', password: 'alice-secret' };
const BOB = { user: 'bob', password: 'bob-secret' };
let server: RadicaleServer;

beforeAll(async () => {
  server = await startRadicale([ALICE, BOB]);
});
afterAll(() => server?.close());

const clientFor = (account: typeof ALICE) =>
  createDAVClient({
    serverUrl: server.url,
    credentials: { username: account.user, password: account.password },
    authMethod: 'Basic',
    defaultAccountType: 'caldav',
  });

const event = (uid: string, start: string, end: string) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Brightlane//tests//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20261125T000000Z',
    `DTSTART:${start}`,
    `DTEND:${end}`,
    'SUMMARY:Dentist',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

async function calendarOf(account: typeof ALICE): Promise<DAVCalendar> {
  const client = await clientFor(account);
  const url = `${server.homeUrl(account.user)}work/`;
  await client.makeCalendar({ url, props: { displayname: `${account.user} at work` } });
  const calendar = (await client.fetchCalendars()).find((found) => found.url === url);
  if (!calendar) throw new Error(`no calendar at ${url}`);
  return calendar;
}

it('finds a host’s event by its time range, and not outside it', async () => {
  const client = await clientFor(ALICE);
  const calendar = await calendarOf(ALICE);
  const created = await client.createCalendarObject({
    calendar,
    filename: 'dentist.ics',
    iCalString: event('dentist@example.com', '20261201T230000Z', '20261202T000000Z'),
  });
  expect(created.status).toBe(201);

  const during = await client.fetchCalendarObjects({
    calendar,
    timeRange: { start: '2026-12-01T00:00:00Z', end: '2026-12-03T00:00:00Z' },
  });
  expect(during.map((object) => object.data)).toEqual([expect.stringContaining('UID:dentist@example.com')]);
  const after = await client.fetchCalendarObjects({
    calendar,
    timeRange: { start: '2026-12-02T00:00:00Z', end: '2026-12-09T00:00:00Z' },
  });
  expect(after).toEqual([]);
});

it('keeps each host’s calendar to its own account', async () => {
  const alicesCalendar = await calendarOf(ALICE);
  const bob = await clientFor(BOB);
  const read = await bob.davRequest({
    url: alicesCalendar.url,
    init: { method: 'PROPFIND', headers: { depth: '0' }, namespace: 'd', body: { propfind: { prop: {} } } },
  });
  expect(read.map((response) => response.status)).toEqual([403]);
  const written = await bob.createObject({
    url: `${alicesCalendar.url}intruder.ics`,
    data: event('x', '20261201T230000Z', '20261202T000000Z'),
  });
  expect(written.status).toBe(403);
});

it('refuses a wrong password', async () => {
  await expect(clientFor({ user: 'alice', password: 'wrong' })).rejects.toThrow();
});
