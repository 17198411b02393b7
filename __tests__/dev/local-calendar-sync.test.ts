/** @jest-environment node */
// `npm run backend` (and so `npm start`) runs the calendar sync beside the notifications (issue 34), on the
// embedded database the developer's site uses, with the accounts from their CALDAV_ACCOUNTS. Without a host with
// a calendar a run does nothing and prints nothing; a host with one (here in Radicale) gets their meetings as
// busy times, said once in the output, not at every run.
import { startLocalCalendarSync, calDavAccountsFrom, quietRepeats } from '../../dev/calendars/local';
import type { CalendarSyncRunner } from '../../dev/calendars/runner';
import { setAvailability, setHosts } from '../helpers/booking';
import { meeting, startHostCalendars, type HostCalendars } from '../helpers/host-calendars';
import { LOCAL_SUPABASE_SERVICE_ROLE_KEY, startTestApi, type TestApi } from '../helpers/local-api';
import { waitUntil } from '../helpers/wait-until';

jest.setTimeout(60_000);

let api: TestApi;
let calendars: HostCalendars;
let runner: CalendarSyncRunner;
const lines: string[] = [];

beforeAll(async () => {
  [api, calendars] = await Promise.all([
    startTestApi({ backend: 'pglite' }),
    startHostCalendars([{ user: 'ada', password: 'ada-app-password' }]),
  ]);
  await setAvailability(api);
  runner = await startLocalCalendarSync({
    apiUrl: api.url,
    serviceKey: LOCAL_SUPABASE_SERVICE_ROLE_KEY,
    env: { CALDAV_ACCOUNTS: JSON.stringify(calendars.accounts) },
    intervalMs: 200,
    log: (line) => lines.push(line),
  });
});
afterAll(async () => {
  await runner?.close();
  await Promise.all([calendars?.close(), api?.close()]);
});

test('with only the team’s host (no calendar), a run reads no calendar, writes nothing and prints nothing', async () => {
  expect(await runner.invoke()).toEqual({
    sync: { hosts: 0, synced: 0, failed: 0 },
    writes: { claimed: 0, written: 0, retrying: 0, dead: 0 },
  });
  expect(lines).toEqual([]);
});

test('a host with a calendar: their meeting becomes a busy time, said once however often the calendar is read', async () => {
  // The meeting is in the calendar before Ada is a host: the runner's first read of her calendar finds it.
  const startsAt = new Date(Date.now() + 2 * 86400_000).toISOString();
  const endsAt = new Date(Date.parse(startsAt) + 3600_000).toISOString();
  await calendars.put('ada', 'board.ics', meeting('board@ada', startsAt, endsAt));
  const [ada] = await setHosts(api, [{ name: 'Ada', calendarUrl: calendars.calendarUrl('ada'), credentialKey: 'ada' }]);
  await waitUntil('Ada’s meeting in the database', async () => {
    const rows = await api.sql('select 1 from private.host_busy where host_id = $1', [ada]);
    return rows.length === 1;
  });
  // The runner reads Ada's calendar again every few seconds; each read finds the same one busy time.
  const read = async () =>
    (
      await api.sql<{ synced_at: string }>('select synced_at from private.host_calendar_sync where host_id = $1', [ada])
    )[0].synced_at;
  const first = await read();
  await waitUntil('another read of Ada’s calendar', async () => (await read()) !== first);
  expect(lines).toEqual([`calendar-sync: host ${ada}: 1 busy times`]);
});

test('CALDAV_ACCOUNTS unset is no accounts; a malformed one is refused without repeating it', () => {
  expect(calDavAccountsFrom(undefined)).toEqual({});
  expect(calDavAccountsFrom('  ')).toEqual({});
  expect(() => calDavAccountsFrom('{"ada": {"password": "hunter2"')).toThrow(/^CALDAV_ACCOUNTS is not JSON/);
  expect(() => calDavAccountsFrom('["hunter2"]')).toThrow(/must be a JSON object/);
  expect(() => calDavAccountsFrom('{"ada": {"password": "hunter2"')).not.toThrow(/hunter2/);
});

test('a host’s line is printed when it changes; other lines always', () => {
  const printed: string[] = [];
  const log = quietRepeats((line) => printed.push(line));
  for (const line of [
    'calendar-sync: host h1: 1 busy times',
    'calendar-sync: host h1: 1 busy times',
    'calendar-sync: host h2: 0 busy times',
    'calendar-sync: done put of booking b1 for host h1 (j1)',
    'calendar-sync: done put of booking b1 for host h1 (j1)',
    'calendar-sync: host h1: 2 busy times',
    'calendar-sync: host h1: 1 busy times',
  ])
    log(line);
  expect(printed).toEqual([
    'calendar-sync: host h1: 1 busy times',
    'calendar-sync: host h2: 0 busy times',
    'calendar-sync: done put of booking b1 for host h1 (j1)',
    'calendar-sync: done put of booking b1 for host h1 (j1)',
    'calendar-sync: host h1: 2 busy times',
    'calendar-sync: host h1: 1 busy times',
  ]);
});
