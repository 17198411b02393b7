/** @jest-environment node */
// The hosts' real calendars end to end (issue 34), as a sales team would notice them: the data API on a real
// PostgreSQL server, Radicale with each host's own calendar, and the calendar-sync function under real Deno
// (dev/calendars/runner.ts) running every fraction of a second. A meeting in one host's calendar leaves the time
// offered while the other host is free, in both it takes the time away after the next sync; a booked call lands
// in its host's calendar, moves there and disappears on cancel; a host's calendar going down leaves bookings
// working and the write retrying until the calendar is back; a call whose invitation the host's mail app put in
// their calendar first is written, moved and removed there, one event throughout; a week's calls are shared
// between the hosts' calendars, none in a paused host's. The booking rules run on a clock the tests set (Wednesday 9 June 2027, 10:05 in
// Sydney), never on the hour CI happens to run at; the calendars are read for the times offered from it.
import { freePort } from '../../dev/free-port';
import { startCalendarSyncRunner, type CalendarSyncRunner } from '../../dev/calendars/runner';
import { bookingUid } from '../../supabase/functions/_shared/booking-uid';
import {
  EVERY_HOUR_OF_EVERY_DAY,
  bookingVisitor,
  freeSlots,
  holdAndConfirm,
  setAvailability,
  setHosts,
  wallTime,
  type Host,
} from '../helpers/booking';
import { A_WEDNESDAY_MORNING, setBookingClock } from '../helpers/booking-clock';
import { meeting, icsTime, property, startHostCalendars, type HostCalendars } from '../helpers/host-calendars';
import { LOCAL_SUPABASE_SERVICE_ROLE_KEY, startTestApi, type TestApi } from '../helpers/local-api';
import { waitUntil } from '../helpers/wait-until';

jest.setTimeout(60_000);

const ACCOUNTS = ['ada', 'grace', 'linus'].map((user) => ({ user, password: `${user}-app-password` }));
const MINUTE = 60_000;
const at = (instant: string, minutes: number) => new Date(Date.parse(instant) + minutes * MINUTE).toISOString();

let api: TestApi;
let calendars: HostCalendars;
let runner: CalendarSyncRunner;
const runnerLog: string[] = [];

beforeAll(async () => {
  [api, calendars] = await Promise.all([startTestApi({ backend: 'postgres' }), startHostCalendars(ACCOUNTS)]);
  runner = await startCalendarSyncRunner({
    apiUrl: api.url,
    serviceKey: LOCAL_SUPABASE_SERVICE_ROLE_KEY,
    accounts: calendars.accounts,
    intervalMs: 200,
    // Each host's calendar is read again at each run a second after the last: "the next sync" comes quickly.
    env: { CALENDAR_SYNC_STALE_SECONDS: '1', CALDAV_TIMEOUT_MS: '5000' },
    log: (line) => runnerLog.push(line),
  });
});
afterAll(async () => {
  await runner?.close();
  await Promise.all([calendars?.close(), api?.close()]);
});
beforeEach(async () => {
  await setAvailability(api, { weeklyHours: EVERY_HOUR_OF_EVERY_DAY, minimumNotice: '1 hour', maxCallsPerDay: 20 });
  await setBookingClock(api, A_WEDNESDAY_MORNING);
  await calendars.clear();
  runnerLog.length = 0;
});

const host = (user: string, extra: Partial<Host> = {}): Host => ({
  name: user[0].toUpperCase() + user.slice(1),
  email: `${user}@brightlane.test`,
  calendarUrl: calendars.calendarUrl(user),
  credentialKey: user,
  ...extra,
});
/** Polls with the function's recent log lines and Radicale's last requests in the failure message. */
const eventually = <T>(what: string, check: () => Promise<T | undefined | false>) =>
  waitUntil(what, check, { timeoutMs: 20_000 }).catch((error: Error) => {
    throw new Error(
      `${error.message}\n--- calendar-sync ---\n${runnerLog.slice(-15).join('\n')}\n--- Radicale ---\n${calendars.radicale.log(30)}`,
    );
  });

const isOffered = async (startsAt: string) =>
  (
    await freeSlots(await bookingVisitor(api, { withRequest: false }), {
      from_time: startsAt,
      until_time: at(startsAt, 1),
    })
  ).some((slot) => Date.parse(slot.starts_at) === Date.parse(startsAt));
const busyOf = async (hostId: string) =>
  (
    await api.sql<{ starts: string; ends: string }>(
      'select lower(busy) as starts, upper(busy) as ends from private.host_busy where host_id = $1',
      [hostId],
    )
  ).map(({ starts, ends }) => [new Date(starts).toISOString(), new Date(ends).toISOString()]);
const isBusy = async (hostId: string, startsAt: string, endsAt: string) =>
  (await busyOf(hostId)).some(([starts, ends]) => starts <= new Date(startsAt).toISOString() && ends >= endsAt);
/** Waits for a sync of the host's calendar recorded after `since`; resolves with its time. */
const syncedSince = (hostId: string, since: Date) =>
  eventually('a sync of the host’s calendar', async () => {
    const [row] = await api.sql<{ synced_at: string | null }>(
      'select synced_at from private.host_calendar_sync where host_id = $1',
      [hostId],
    );
    const synced = row?.synced_at ? new Date(row.synced_at) : undefined;
    return synced !== undefined && synced > since && synced;
  });
const hostNameOf = async (bookingId: string) =>
  (
    await api.sql<{ name: string }>(
      'select h.name from private.bookings b join private.booking_hosts h on h.id = b.host_id where b.id = $1',
      [bookingId],
    )
  )[0].name;
/** The booked call's events in `user`'s calendar (found by the invitation's UID). */
const callEvents = async (user: string, bookingId: string) =>
  (await calendars.events(user)).filter((event) => property(event.data, 'UID') === bookingUid(bookingId));
const writesOf = (bookingId: string) =>
  api.sql<{ action: string; status: string; attempts: number; last_error: string | null }>(
    // private.outbox's calendar writes: kind is the write's action; a write done is sent.
    `select kind as action, case status when 'sent' then 'done' else status end as status, attempts, last_error
       from private.outbox where queue = 'calendar_write' and booking_id = $1 order by queue_position`,
    [bookingId],
  );

test('a meeting in one host’s calendar leaves the time offered; in both, the time goes at the next sync and comes back when deleted', async () => {
  const [ada, grace] = await setHosts(api, [host('ada'), host('grace')]);
  const slot = (await freeSlots(await bookingVisitor(api, { withRequest: false })))[10];

  await calendars.put('ada', 'board.ics', meeting('board@ada', slot.starts_at, slot.ends_at));
  await eventually('Ada’s meeting read into her busy times', () => isBusy(ada, slot.starts_at, slot.ends_at));
  expect(await isOffered(slot.starts_at)).toBe(true);

  await calendars.put('grace', 'dentist.ics', meeting('dentist@grace', at(slot.starts_at, -60), slot.ends_at));
  await eventually('the time no longer offered', async () => !(await isOffered(slot.starts_at)));
  expect(await isBusy(grace, slot.starts_at, slot.ends_at)).toBe(true);
  // Start and end only: the meetings' titles are nowhere in the database.
  expect(JSON.stringify(await api.sql('select * from private.host_busy'))).not.toMatch(/Board|meeting/);

  await calendars.remove('ada', 'board.ics');
  await eventually('the time offered again', () => isOffered(slot.starts_at));
});

test('a booked call appears in its host’s calendar, moves there (same UID, higher SEQUENCE) and disappears on cancel', async () => {
  const [ada] = await setHosts(api, [host('ada'), host('grace')]);
  const slot = (await freeSlots(await bookingVisitor(api)))[12];
  const visitor = await bookingVisitor(api);
  const booked = await holdAndConfirm(visitor, slot.starts_at);
  expect(booked.status).toBe('booked');
  const id = booked.booking_id!;
  expect(await hostNameOf(id)).toBe('Ada');

  const event = await eventually('the call in Ada’s calendar', async () => (await callEvents('ada', id)).at(0));
  expect(event.url).toBe(`${calendars.calendarUrl('ada')}booking-${id}.ics`);
  expect(property(event.data, 'DTSTART')).toBe(icsTime(slot.starts_at));
  expect(property(event.data, 'SEQUENCE')).toBe('0');
  expect(await callEvents('grace', id)).toEqual([]);

  // A sync after the call reached Ada's calendar reads it, and does not take it for another meeting of hers:
  // moved half an hour earlier (overlapping its old time), the call stays with her.
  // (The run after the first sync recorded since then is sure to have read the calendar after the call was there.)
  await syncedSince(ada, await syncedSince(ada, new Date()));
  expect(await isBusy(ada, slot.starts_at, slot.ends_at)).toBe(false);
  const earlier = at(slot.starts_at, -30);
  const moved = await visitor.call('move_booking', { token: booked.manage_token, starts_at: earlier });
  expect(moved.status).toBe('booked');
  expect(await hostNameOf(id)).toBe('Ada');
  const [movedEvent] = await eventually('the call moved in Ada’s calendar', async () => {
    const events = await callEvents('ada', id);
    return events.length === 1 && property(events[0].data, 'DTSTART') === icsTime(earlier) && events;
  });
  expect(property(movedEvent.data, 'SEQUENCE')).toBe('1');
  expect(property(movedEvent.data, 'UID')).toBe(bookingUid(id));
  expect(await callEvents('grace', id)).toEqual([]);

  expect((await visitor.call('cancel_booking', { token: booked.manage_token })).status).toBe('cancelled');
  await eventually('the call gone from Ada’s calendar', async () => (await callEvents('ada', id)).length === 0);
  await eventually('the time offered again', () => isOffered(earlier));
});

test('a host’s calendar down: visitors still book, the write is retried, and lands once when the calendar is back', async () => {
  // A calendar server that is down: nothing listens at its address, the connection is refused.
  const downUrl = `http://127.0.0.1:${await freePort()}/grace/work/`;
  const [grace] = await setHosts(api, [host('grace', { calendarUrl: downUrl }), host('ada')]);
  const slots = await freeSlots(await bookingVisitor(api));
  const visitor = await bookingVisitor(api);
  const first = await holdAndConfirm(visitor, slots[4].starts_at);
  expect(first.status).toBe('booked');
  expect(await hostNameOf(first.booking_id!)).toBe('Grace');

  const [retrying] = await eventually('the write to Grace’s calendar retried', async () => {
    const writes = await writesOf(first.booking_id!);
    return writes[0]?.status === 'pending' && writes[0].attempts > 1 && writes;
  });
  expect(retrying).toMatchObject({ action: 'put', last_error: expect.stringContaining(`PUT ${downUrl}`) });
  // The booking stands, and the next visitor books as usual (the call goes to Ada, into her calendar).
  expect((await visitor.call('managed_booking', { token: first.manage_token })).status).toBe('booked');
  const second = await holdAndConfirm(await bookingVisitor(api), slots[8].starts_at);
  expect(second.status).toBe('booked');
  await eventually('the second call in Ada’s calendar', async () =>
    (await callEvents('ada', second.booking_id!)).at(0),
  );

  await api.sql('update private.booking_hosts set calendar_url = $1 where id = $2', [
    calendars.calendarUrl('grace'),
    grace,
  ]);
  await eventually('the first call in Grace’s calendar', async () =>
    (await callEvents('grace', first.booking_id!)).at(0),
  );
  await eventually('the write done', async () => (await writesOf(first.booking_id!))[0].status === 'done');
  expect(await writesOf(first.booking_id!)).toEqual([expect.objectContaining({ action: 'put', status: 'done' })]);
  expect(await callEvents('grace', first.booking_id!)).toHaveLength(1);
  expect(property((await callEvents('grace', first.booking_id!))[0].data, 'DTSTART')).toBe(icsTime(slots[4].starts_at));
});

test('the invitation already in the host’s calendar (their mail app added it): the call is updated there, moves there and goes on cancel', async () => {
  // Grace's calendar unreachable while the call is booked, so that her mail app's copy of the e-mailed invitation
  // (the call's UID, under a name of its own) is there before the function writes the call.
  const downUrl = `http://127.0.0.1:${await freePort()}/grace/work/`;
  const [grace] = await setHosts(api, [host('grace', { calendarUrl: downUrl })]);
  const slot = (await freeSlots(await bookingVisitor(api)))[6];
  const visitor = await bookingVisitor(api);
  const booked = await holdAndConfirm(visitor, slot.starts_at);
  expect(booked.status).toBe('booked');
  const id = booked.booking_id!;
  const invitation = `${calendars.calendarUrl('grace')}Invitation-7F3A.ics`;
  await calendars.put(
    'grace',
    'Invitation-7F3A.ics',
    meeting(bookingUid(id), slot.starts_at, slot.ends_at, 'Invitation'),
  );
  await api.sql('update private.booking_hosts set calendar_url = $1 where id = $2', [
    calendars.calendarUrl('grace'),
    grace,
  ]);

  // Radicale refuses booking-<id>.ics (409, CALDAV:no-uid-conflict): the invitation is updated where it is.
  const [written] = await eventually('the write done', async () => {
    const writes = await writesOf(id);
    return writes[0]?.status === 'done' && writes;
  });
  expect(written).toMatchObject({ action: 'put', last_error: null });
  const [event, ...more] = await callEvents('grace', id);
  expect(more).toEqual([]);
  expect(event.url).toBe(invitation);
  expect(property(event.data, 'SUMMARY')).toMatch(/^Strategy call — /);
  expect(property(event.data, 'DTSTART')).toBe(icsTime(slot.starts_at));
  expect(
    await api.sql(`select event_href from private.outbox where queue = 'calendar_write' and booking_id = $1`, [id]),
  ).toEqual([{ event_href: invitation }]);

  const later = at(slot.starts_at, 60);
  expect((await visitor.call('move_booking', { token: booked.manage_token, starts_at: later })).status).toBe('booked');
  const [moved] = await eventually('the call moved in the invitation’s place', async () => {
    const events = await callEvents('grace', id);
    return events.length === 1 && property(events[0].data, 'DTSTART') === icsTime(later) && events;
  });
  expect(moved.url).toBe(invitation);
  expect(property(moved.data, 'SEQUENCE')).toBe('1');

  expect((await visitor.call('cancel_booking', { token: booked.manage_token })).status).toBe('cancelled');
  await eventually('every write done', async () => {
    const writes = await writesOf(id);
    return writes.length === 3 && writes.every((write) => write.status === 'done') && writes;
  });
  expect(await callEvents('grace', id)).toEqual([]);
  expect((await writesOf(id)).map(({ action, status, last_error }) => [action, status, last_error])).toEqual([
    ['put', 'done', null],
    ['put', 'done', null],
    ['delete', 'done', null],
  ]);
});

/** The Monday of the team week (Sydney) of `instant`, as YYYY-MM-DD. */
function teamWeek(instant: string): string {
  const [year, month, day] = wallTime(instant, 'Australia/Sydney').slice(0, 10).split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

test('round robin over a week: each host’s calls land in their own calendar in turn, none in a paused host’s', async () => {
  await setHosts(api, [host('ada'), host('grace'), host('linus', { paused: true })]);
  const starts: string[] = [];
  for (let day = 1; day <= 7; day++) {
    const from = at(A_WEDNESDAY_MORNING.toISOString(), day * 24 * 60);
    const [slot] = await freeSlots(await bookingVisitor(api, { withRequest: false }), {
      from_time: from,
      until_time: at(from, 24 * 60),
    });
    starts.push(slot.starts_at);
  }
  const ids: string[] = [];
  for (const startsAt of starts) {
    const answer = await holdAndConfirm(await bookingVisitor(api), startsAt);
    expect(answer.status).toBe('booked');
    ids.push(answer.booking_id!);
  }
  // Within each team week the host with fewer calls that week takes the next; Ada first on a tie.
  const callsInWeek = new Map<string, number>();
  const expected = starts.map((startsAt) => {
    const week = teamWeek(startsAt);
    const index = callsInWeek.get(week) ?? 0;
    callsInWeek.set(week, index + 1);
    return index % 2 === 0 ? 'ada' : 'grace';
  });

  await eventually('every call written', async () => {
    const [row] = await api.sql<{ done: number }>(
      `select count(*) filter (where status = 'sent')::int as done from private.outbox where queue = 'calendar_write'`,
    );
    return row.done === ids.length;
  });
  const uidsIn = async (user: string) =>
    (await calendars.events(user)).map((event) => property(event.data, 'UID')).sort();
  const uidsFor = (user: string) =>
    ids
      .filter((_, index) => expected[index] === user)
      .map((id) => bookingUid(id))
      .sort();
  expect(await uidsIn('ada')).toEqual(uidsFor('ada'));
  expect(await uidsIn('grace')).toEqual(uidsFor('grace'));
  expect(await uidsIn('linus')).toEqual([]);
  // Each their share: in every week, the two calendars' calls differ by one at most.
  const adas = new Set(await uidsIn('ada'));
  for (const week of new Set(starts.map(teamWeek))) {
    const inWeek = ids.filter((_, index) => teamWeek(starts[index]) === week);
    const withAda = inWeek.filter((id) => adas.has(bookingUid(id))).length;
    expect(Math.abs(withAda - (inWeek.length - withAda))).toBeLessThanOrEqual(1);
  }
});
