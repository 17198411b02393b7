/** @jest-environment node */
// `npm run leads` for hosts and outcomes (issue 34), on a real PostgreSQL server (the same SQL as on npm start's
// embedded database, which runs a sample of the contract suites: POSTGRES_ONLY in ../helpers/local-api.ts): an
// operator records who turned up at a call whose start has passed (by e-mail or id), the listing shows the host and
// the outcome and ends with the show rate by week and source; hosts are listed with their calendar's state, paused,
// resumed and added, and the command line never takes a password.
import { runDevCommand } from '../helpers/dev-command';
import { fetchLeads, formatListing } from '../../dev/leads';
import { toInertText } from '../../supabase/functions/_shared/inert-text';
import { runHostsCommand } from '../../dev/leads/host-commands';
import { PASSWORD_NOTE } from '../../dev/leads/hosts';
import { fetchShowRates, formatShowRates, recordOutcome } from '../../dev/leads/outcomes';
import {
  bookingVisitor,
  EVERY_HOUR_OF_EVERY_DAY,
  freeSlots,
  holdAndConfirm,
  setAvailability,
  setHosts,
} from '../helpers/booking';
import { POSTGRES_ONLY, startTestApi, type TestApi } from '../helpers/local-api';

jest.setTimeout(60_000);

const HOUR = 3600_000;

const runCli = (args: string[], url = 'http://127.0.0.1:9') => runDevCommand('dev/leads.ts', args, url);

describe.each(POSTGRES_ONLY)('hosts and outcomes in npm run leads on %s', (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ backend });
  }, 90_000);
  afterAll(() => api?.close());
  beforeEach(() => setAvailability(api, { weeklyHours: EVERY_HOUR_OF_EVERY_DAY, minimumNotice: '0' }));

  /** A booked call, then moved into the past (its start `hoursAgo` hours ago), as time passing would. */
  async function pastCall(hoursAgo: number, utmSource?: string) {
    const visitor = await bookingVisitor(api);
    const [slot] = await freeSlots(visitor, { from_time: new Date(Date.now() + 48 * HOUR).toISOString() });
    const booked = await holdAndConfirm(visitor, slot.starts_at);
    expect(booked.status).toBe('booked');
    await api.sql(
      `update private.bookings
          set starts_at = now() - make_interval(hours => $2), ends_at = now() - make_interval(hours => $2) + interval '30 minutes',
              blocked = tstzrange(now() - make_interval(hours => $2), now() - make_interval(hours => $2) + interval '45 minutes')
        where id = $1`,
      [booked.booking_id, hoursAgo],
    );
    if (utmSource)
      await api.sql(`update public.consultation_requests set attribution = $2 where email = $1`, [
        visitor.email,
        JSON.stringify({ utm_source: utmSource }),
      ]);
    return { email: visitor.email, bookingId: booked.booking_id! };
  }

  test('booking outcome: by e-mail after the call, shown in the listing with who; refused before the call', async () => {
    await setHosts(api, [{ name: 'Grace Hopper', email: 'grace@brightlane.test' }]);
    const visitor = await bookingVisitor(api);
    const [slot] = await freeSlots(visitor, { from_time: new Date(Date.now() + 48 * HOUR).toISOString() });
    const upcoming = await holdAndConfirm(visitor, slot.starts_at);
    const early = await recordOutcome(api.service, upcoming.booking_id!, 'attended', 'operator (test)');
    expect(early).toEqual({ ok: false, lines: ['That call has not started yet: record what happened after it.'] });

    const { email, bookingId } = await pastCall(3);
    const done = await recordOutcome(api.service, ` ${email.toUpperCase()} `, 'no-show', 'operator (test)');
    expect(done.ok).toBe(true);
    expect(done.lines[0]).toMatch(new RegExp(`^Recorded no-show for booking ${bookingId} of ${email}: .* Sydney time`));

    const listing = await fetchLeads(api.service, 'consultation_requests', 500);
    const row = listing.rows.filter((candidate) => candidate.email === email);
    const text = formatListing({ ...listing, rows: row });
    expect(text).toContain(`Booking ${bookingId}: `);
    expect(text).toContain(' · host Grace Hopper');
    expect(text).toMatch(/outcome: no-show \(recorded by operator \(test\), \d{4}-\d\d-\d\d \d\d:\d\d UTC\)/);
  });

  test('the show rate by week and by source', async () => {
    const calls = [await pastCall(2, 'linkedin'), await pastCall(3, 'linkedin'), await pastCall(4)];
    await recordOutcome(api.service, calls[0].bookingId, 'attended', 'operator (test)');
    await recordOutcome(api.service, calls[1].bookingId, 'no-show', 'operator (test)');
    const rows = await fetchShowRates(api.service);
    const text = formatShowRates(rows, 12, toInertText);
    const line = (label: string) =>
      text
        .split('\n')
        .find((candidate) => candidate.trimStart().startsWith(label))
        ?.trim();
    expect(
      line('linkedin')
        ?.split(/\s{2,}/)
        .slice(1),
    ).toEqual(['2', '1', '1', '0', '0', '50% (1 of 2)']);
    expect(
      line('direct')
        ?.split(/\s{2,}/)
        .slice(1),
    ).toEqual(['1', '0', '0', '0', '1', '—']);
    const weeks = new Set(rows.map((row) => row.week_start));
    const weekTotals = [...weeks].map((week) => line(week)?.split(/\s{2,}/)[1]);
    expect(weekTotals.map(Number).reduce((sum, count) => sum + count, 0)).toBe(3);
    expect(formatShowRates([], 12, toInertText)).toMatch(/no calls yet$/);
  });

  test('hosts: listed with the calendar’s state, paused, resumed, added; a bad address is refused', async () => {
    const [ada] = await setHosts(api, [
      { name: 'The Brightlane team' },
      {
        name: 'Ada',
        email: 'ada@brightlane.test',
        calendarUrl: 'http://127.0.0.1:5232/ada/work/',
        credentialKey: 'ada',
      },
    ]).then((ids) => ids.slice(1));
    await api.sql(`select public.record_calendar_sync_failure($1, 'HTTP 401 Unauthorized')`, [ada]);
    const inert = toInertText;
    const list = await runHostsCommand(api.service, [], inert);
    const text = 'lines' in list ? list.lines.join('\n') : '';
    expect(text).toMatch(/The Brightlane team <no e-mail> · taking calls · no calendar · 0 call\(s\) this week/);
    expect(text).toMatch(/Ada <ada@brightlane\.test> · taking calls · calendar connected \(key ada\), last sync never/);
    expect(text).toMatch(/last calendar error .*: HTTP 401 Unauthorized/);
    expect(text).toContain(PASSWORD_NOTE);

    expect(await runHostsCommand(api.service, ['pause', 'ada'], inert)).toMatchObject({ ok: true });
    expect((await runHostsCommand(api.service, [], inert)) as { lines: string[] }).toMatchObject({
      lines: [expect.stringMatching(/Ada <ada@brightlane\.test> · paused ·/)],
    });
    expect(await runHostsCommand(api.service, ['resume', 'Nobody'], inert)).toMatchObject({ ok: false });

    const added = await runHostsCommand(
      api.service,
      [
        'add',
        'Grace Hopper',
        'grace@brightlane.test',
        '--calendar',
        'https://caldav.example.com/grace/',
        '--credential-key',
        'grace',
      ],
      inert,
    );
    expect(added).toMatchObject({ ok: true });
    const lines = (added as { lines: string[] }).lines;
    expect(lines).toContain(PASSWORD_NOTE);
    expect(lines.join('\n')).toContain('The Brightlane team still takes calls too');
    expect(await runHostsCommand(api.service, ['add', 'Bad', 'not an address'], inert)).toMatchObject({ ok: false });
    expect(
      await runHostsCommand(api.service, ['add', 'Lin', 'lin@x.test', '--calendar', 'https://x.test/'], inert),
    ).toEqual({
      usage: expect.stringContaining('--calendar and --credential-key go together'),
    });
    const [{ hosts }] = await api.sql<{ hosts: string[] }>(
      'select array_agg(name order by position) as hosts from private.booking_hosts',
    );
    expect(hosts).toEqual(['The Brightlane team', 'Ada', 'Grace Hopper']);
  });

  test('the command line: hosts against the data API; a password or an unknown outcome is a usage error', async () => {
    await setHosts(api, [{ name: 'Ada', email: 'ada@brightlane.test' }]);
    const listed = await runCli(['hosts'], api.url);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('Ada <ada@brightlane.test> · taking calls · no calendar');
    const password = await runCli(['hosts', 'add', 'Eve', 'eve@x.test', '--password', 'hunter2']);
    expect(password.code).toBe(2);
    expect(password.stderr).toContain('CALDAV_ACCOUNTS');
    expect(password.stderr).not.toContain('hunter2');
    const outcome = await runCli(['booking', 'outcome', 'eve@x.test', 'maybe']);
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toContain('"maybe" is not an outcome: attended, no-show or moved.');
  }, 60_000);
});
