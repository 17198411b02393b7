/** @jest-environment node */
// The end-to-end tests' reads of a host's calendar (__tests__/helpers/host-calendars.ts, issue 42): the calendar
// sync writes to it while a test reads, so a read is the calendar at one moment. An event the sync deletes in the
// middle of a read is in it or not, and the read never fails (read in two REPORTs, a list and then the events, it
// failed with "Collection query failed: 404 Not Found"); an empty calendar reads as no events, and emptying the
// calendars leaves the calendars themselves; a calendar that cannot be made fails the start, loudly.
import { meeting, property, startHostCalendars, type HostCalendars } from '../helpers/host-calendars';

jest.setTimeout(60_000);

const ADA = { user: 'ada', password: 'ada-app-password' };
let calendars: HostCalendars;
/** Runs once, between the next REPORT's answer and its return to tsdav. */
let afterNextReport: (() => Promise<void>) | undefined;
const methods: string[] = [];

beforeAll(async () => {
  calendars = await startHostCalendars([ADA], {
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      methods.push(init?.method ?? 'GET');
      if (init?.method === 'REPORT' && afterNextReport) {
        const act = afterNextReport;
        afterNextReport = undefined;
        await act();
      }
      return response;
    },
  });
});
afterAll(() => calendars?.close());
beforeEach(() => calendars.clear());

const uids = async () => (await calendars.events('ada')).map((event) => property(event.data, 'UID'));

test('an event deleted while the calendar is read is in the read or not; the read does not fail', async () => {
  await calendars.put('ada', 'call.ics', meeting('call@ada', '2026-12-01T23:00:00Z', '2026-12-02T00:00:00Z'));
  await calendars.put('ada', 'board.ics', meeting('board@ada', '2026-12-02T23:00:00Z', '2026-12-03T00:00:00Z'));
  // The calendar sync deletes the call just after the server answered the read's REPORT.
  afterNextReport = () => calendars.remove('ada', 'call.ics');
  methods.length = 0;

  expect((await uids()).sort()).toEqual(['board@ada', 'call@ada']);
  expect(methods).toEqual(['REPORT', 'DELETE']);
  expect(await uids()).toEqual(['board@ada']);
});

test('an empty calendar reads as no events; emptying it leaves the calendar', async () => {
  expect(await calendars.events('ada')).toEqual([]);
  await calendars.put('ada', 'board.ics', meeting('board@ada', '2026-12-02T23:00:00Z', '2026-12-03T00:00:00Z'));
  const [event] = await calendars.events('ada');
  expect(event.url).toBe(`${calendars.calendarUrl('ada')}board.ics`);

  await calendars.clear();
  await calendars.clear();
  expect(await calendars.events('ada')).toEqual([]);
  // Still there: an event can be added to it.
  await calendars.put('ada', 'dentist.ics', meeting('dentist@ada', '2026-12-04T23:00:00Z', '2026-12-05T00:00:00Z'));
  expect(await uids()).toEqual(['dentist@ada']);
  await expect(calendars.remove('ada', '')).rejects.toThrow(/not an event's name/);
});

test('a calendar the server does not make fails the start', async () => {
  await expect(
    startHostCalendars([ADA], {
      fetch: (input, init) =>
        init?.method === 'MKCALENDAR'
          ? Promise.resolve(new Response('Insufficient Storage', { status: 507, statusText: 'Insufficient Storage' }))
          : fetch(input, init),
    }),
  ).rejects.toThrow(/^MKCALENDAR http:\/\/127\.0\.0\.1:\d+\/ada\/work\/: HTTP 507 Insufficient Storage$/);
});
