/** @jest-environment node */
// The team's reports (issue 44, supabase/migrations/20261202120000_insights_reports.sql) through the data API as the
// dashboard calls them, on the embedded database and on a real PostgreSQL server prepared like a hosted project.
// A seeded history of visits, leads, booked calls and outcomes is written at chosen instants (no waiting); the
// expected numbers come from that history by the definitions (__tests__/helpers/insights-model.ts), and the leads
// also from a plain count of the lead tables' rows. Periods: a week and a day across the end of Sydney's daylight
// saving (a 25-hour day), a week across its start (a 23-hour day), a month, each with its previous period; the
// daily series is zero-filled; the funnel joins leads and calls to visits by the visit id; first and last touch
// differ where a lead's attribution differs from its visit's; rows are ranked by leads, then booked calls; the bot
// and flood counters are reported. Days older than the raw events come from the daily rollups, approximately as
// the migration says. Only a signed-in team member reads anything: anon and a signed-in stranger get 42501.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createNodeSupabaseClient } from '../../dev/local-api/node-client';
import { addTeamMember } from '../../dev/team/team-members';
import { forgetAddedUpDays, makeHistory, storeHistory, TEAM_ZONE, type History } from '../helpers/insights-fixture';
import { addDays } from '../../src/insights/dashboard/periods';
import { InsightsModel, previousOf, type Period } from '../helpers/insights-model';
import { latestCode } from '../helpers/sign-in-mail';
import {
  BACKENDS,
  LOCAL_SUPABASE_PUBLISHABLE_KEY,
  signJwt,
  startTestApi,
  uniqueEmail,
  type LeadClient,
  type TestApi,
} from '../helpers/local-api';

jest.setTimeout(60_000);

type Figures = Record<string, unknown> & {
  daily?: { day: string; visitors: number; leads: number; booked: number }[];
  funnel: Record<string, number>;
  left_out: Record<string, number>;
  rates: Record<string, number | null>;
  rollup_days: number;
};
type Overview = { time_zone: string; days: number; current: Figures; previous: Figures };
type Row = Record<string, unknown> & { dimension: string; name: string | null; rank: number };

const PERIODS: Record<string, Period> = {
  'a week across the end of daylight saving': { from: '2026-04-01', to: '2026-04-08' },
  'the 25-hour day': { from: '2026-04-05', to: '2026-04-06' },
  'a week across the start of daylight saving': { from: '2026-10-01', to: '2026-10-08' },
  'the 23-hour day': { from: '2026-10-04', to: '2026-10-05' },
  'a month': { from: '2026-03-20', to: '2026-04-20' },
  'two days across a visit at midnight': { from: '2026-04-07', to: '2026-04-09' },
};

const FIGURES = ['visitors', 'engaged', 'leads', 'booked', 'attended', 'cancelled', 'awaiting_outcome'] as const;
const pick = (figures: Figures) => Object.fromEntries(FIGURES.map((name) => [name, figures[name]]));
const withoutRank = ({ rank: _rank, ...row }: Row) => row;
const byKey = (a: { dimension: string; name: string | null }, b: { dimension: string; name: string | null }) =>
  `${a.dimension}:${a.name ?? ''}`.localeCompare(`${b.dimension}:${b.name ?? ''}`);

/** Each dimension's rows are ranked 1, 2, … by leads, then booked calls, then visitors (names break ties). */
function expectRanked(rows: Row[]) {
  for (const dimension of new Set(rows.map((row) => row.dimension))) {
    const ranked = rows.filter((row) => row.dimension === dimension);
    expect(ranked.map((row) => row.rank)).toEqual(ranked.map((_, index) => index + 1));
    const key = (row: Row) => [row.leads, row.booked, row.visitors] as number[];
    for (let index = 1; index < ranked.length; index += 1) {
      const [before, after] = [key(ranked[index - 1]), key(ranked[index])];
      const order = before.findIndex((value, place) => value !== after[place]);
      if (order >= 0) expect(before[order]).toBeGreaterThan(after[order]);
    }
  }
}

describe.each(BACKENDS)('insights reports on %s', (backend) => {
  let api: TestApi;
  let mailDir: string;
  let history: History;
  let model: InsightsModel;
  let member: LeadClient;

  /** supabase-js with the site's key and a signed-in user's token for `email`. */
  const signedInAs = (email: string) =>
    createNodeSupabaseClient(api.url, LOCAL_SUPABASE_PUBLISHABLE_KEY, {
      headers: {
        Authorization: `Bearer ${signJwt({
          role: 'authenticated',
          aud: 'authenticated',
          sub: randomUUID(),
          email,
          exp: Math.floor(Date.now() / 1000) + 3600,
        })}`,
      },
    });

  beforeAll(async () => {
    mailDir = await mkdtemp(path.join(tmpdir(), 'insights-mail-'));
    api = await startTestApi({ backend, mailDir });
    history = makeHistory();
    model = new InsightsModel(history);
    await storeHistory(api, history);
    const email = uniqueEmail('insights').toLowerCase();
    await api.sql(`insert into private.team_members (email, added_by) values ($1, 'test')`, [email]);
    member = signedInAs(email);
  }, 120_000);
  afterAll(async () => {
    await api?.close();
    await rm(mailDir, { recursive: true, force: true });
  });

  async function overview(period: Period, client = member): Promise<Overview> {
    const { data, error } = await client.rpc('insights_overview', { from_day: period.from, to_day: period.to });
    expect(error).toBeNull();
    return data as unknown as Overview;
  }
  async function sources(period: Period, touch: 'first' | 'last'): Promise<Row[]> {
    const { data, error } = await member.rpc('insights_sources', { from_day: period.from, to_day: period.to, touch });
    expect(error).toBeNull();
    return data as unknown as Row[];
  }
  async function pages(period: Period): Promise<Row[]> {
    const { data, error } = await member.rpc('insights_pages', { from_day: period.from, to_day: period.to });
    expect(error).toBeNull();
    return data as unknown as Row[];
  }

  /** The leads of a period by a plain count of the lead tables' rows (the team's days by the zone's rules). */
  async function leadRows(period: Period): Promise<number> {
    const [row] = await api.sql<{ n: number }>(
      `select count(*)::int as n from (
         select created_at, duplicate_of, hold_reason, released_at from public.consultation_requests
         union all
         select created_at, duplicate_of, hold_reason, released_at from public.contact_messages) l
        where l.duplicate_of is null and (l.hold_reason is null or l.released_at is not null)
          and l.created_at >= ($1::date)::timestamp at time zone $3 and l.created_at < ($2::date)::timestamp at time zone $3`,
      [period.from, period.to, TEAM_ZONE],
    );
    return Number(row.n);
  }

  describe.each(Object.entries(PERIODS))('for %s', (_, period) => {
    test('the figures equal the rows, for the period and the previous one', async () => {
      const answer = await overview(period);
      expect(answer.time_zone).toBe(TEAM_ZONE);
      expect(pick(answer.current)).toEqual(model.figures(period));
      expect(pick(answer.previous)).toEqual(model.figures(previousOf(period)));
      expect(answer.current.leads).toBe(await leadRows(period));
      expect(answer.previous.leads).toBe(await leadRows(previousOf(period)));
      expect(answer.current).toMatchObject({ from_day: period.from, to_day: period.to, rollup_days: 0 });
      expect(answer.previous).toMatchObject({ from_day: previousOf(period).from, to_day: period.from });
      const { visitors, engaged, leads, booked, attended } = model.figures(period);
      const rate = (n: number, d: number) => (d > 0 ? Math.round((n / d) * 10_000) / 10_000 : null);
      expect(answer.current.rates).toEqual({
        engaged: rate(engaged, visitors),
        leads: rate(leads, visitors),
        booked: rate(booked, leads),
        attended: rate(attended, booked),
      });
    });

    test('the daily series has one row per day, zero-filled, and the funnel joins leads and calls to visits', async () => {
      const answer = await overview(period);
      expect(answer.current.daily).toEqual(model.daily(period));
      expect(answer.previous.daily).toBeUndefined();
      expect(answer.current.funnel).toEqual(model.funnel(period));
      expect(answer.current.left_out).toEqual(model.leftOut(period));
    });

    test.each(['first', 'last'] as const)('sources and campaigns by %s touch add up and are ranked', async (touch) => {
      const rows = await sources(period, touch);
      expectRanked(rows);
      expect(rows.map(withoutRank).sort(byKey)).toEqual(model.sources(period, touch).sort(byKey));
      const figures = model.figures(period);
      for (const dimension of ['source', 'campaign']) {
        const sum = (field: string) =>
          rows.filter((row) => row.dimension === dimension).reduce((total, row) => total + Number(row[field]), 0);
        expect({ leads: sum('leads'), booked: sum('booked'), attended: sum('attended') }).toEqual({
          leads: figures.leads,
          booked: figures.booked,
          attended: figures.attended,
        });
      }
    });

    test('pages and landing pages add up and are ranked', async () => {
      const rows = await pages(period);
      expectRanked(rows);
      expect(rows.map(withoutRank).sort(byKey)).toEqual(model.pages(period).sort(byKey));
    });
  });

  test('the day is the team’s: an event at 23:40 on the 25-hour day is that day’s, not the next', async () => {
    const answer = await overview({ from: '2026-04-05', to: '2026-04-07' });
    const day5 = history.visits.filter((visit) =>
      visit.events.some((event) => event.kind === 'page_view' && event.at.toISOString() === '2026-04-05T13:40:00.000Z'),
    );
    expect(day5).toHaveLength(1);
    expect(answer.current.daily![0].visitors).toBe(model.daily({ from: '2026-04-05', to: '2026-04-06' })[0].visitors);
    expect(answer.current.daily!.map((row) => row.day)).toEqual(['2026-04-05', '2026-04-06']);
  });

  test('first and last touch differ where the lead’s own attribution differs from its visit’s', async () => {
    const period = PERIODS['a month'];
    const first = await sources(period, 'first');
    const last = await sources(period, 'last');
    const leadsOf = (rows: Row[], name: string) =>
      Number(rows.find((row) => row.dimension === 'source' && row.name === name)?.leads ?? 0);
    // The fixture gives some leads an e-mail footer's attribution while their visit came from elsewhere.
    expect(leadsOf(last, 'email-footer')).toBeGreaterThan(leadsOf(first, 'email-footer'));
    // A lead without any attribution is of an unknown source either way, never "direct".
    expect(first.find((row) => row.dimension === 'source' && row.name === null)?.leads).toBe(1);
  });

  test('a period without any data answers zeros, one zero row per day', async () => {
    const answer = await overview({ from: '2025-06-01', to: '2025-06-04' });
    expect(pick(answer.current)).toEqual(Object.fromEntries(FIGURES.map((name) => [name, 0])));
    expect(answer.current.daily).toEqual(
      ['2025-06-01', '2025-06-02', '2025-06-03'].map((day) => ({ day, visitors: 0, leads: 0, booked: 0 })),
    );
    expect(answer.current.rates).toEqual({ engaged: null, leads: null, booked: null, attended: null });
    expect(await sources({ from: '2025-06-01', to: '2025-06-04' }, 'first')).toEqual([]);
  });

  test('a period the reports do not answer is refused with what is wrong', async () => {
    const backwards = await member.rpc('insights_overview', { from_day: '2026-04-08', to_day: '2026-04-01' });
    expect(backwards.error).toMatchObject({ code: '22023' });
    expect(backwards.error?.message).toContain('before it starts');
    const tooLong = await member.rpc('insights_pages', { from_day: '2020-01-01', to_day: '2026-01-01' });
    expect(tooLong.error).toMatchObject({ code: '22023' });
    const touch = await member.rpc('insights_sources', {
      from_day: '2026-04-01',
      to_day: '2026-04-08',
      touch: 'middle',
    });
    expect(touch.error).toMatchObject({ code: '22023' });
  });

  describe('days older than the raw events', () => {
    // January 2026, long before the first raw event (20 March): only rollups, as the retention leaves them.
    const period = { from: '2026-01-05', to: '2026-01-12' };
    beforeAll(async () => {
      const rows: [string, string, string | null, string | null, string | null, string, number, number][] = [
        // day, path, landing_page, utm_source, utm_campaign, kind, events, visits
        ['2026-01-06', '/', '/', 'linkedin', 'dental-q1', 'page_view', 10, 8],
        ['2026-01-06', '/pricing', '/', 'linkedin', 'dental-q1', 'page_view', 5, 4],
        ['2026-01-06', '/dental-clinics', '/dental-clinics', null, null, 'page_view', 3, 3],
        ['2026-01-06', '/pricing', '/dental-clinics', null, null, 'page_view', 2, 2],
        ['2026-01-06', '/pricing', '/dental-clinics', null, null, 'chat_opened', 2, 2],
        ['2026-01-06', '/pricing', '/dental-clinics', null, null, 'form_started', 1, 1],
        ['2026-01-07', '/', '/', null, null, 'page_view', 4, 4],
        ['2026-01-07', '/contact', '/', null, null, 'page_view', 5, 4],
        ['2026-01-07', '/contact', '/', null, null, 'form_started', 6, 5],
      ];
      for (const [day, pagePath, landing, source, campaign, kind, events, visits] of rows)
        await api.sql(
          `insert into private.visit_daily (day, path, landing_page, referrer_host, utm_source, utm_campaign, kind,
                                            events, visits)
           values ($1, $2, $3, case when $4::text is null and $2 = '/dental-clinics' then 'www.google.com' end, $4, $5,
                   $6, $7, $8)`,
          [day, pagePath, landing, source, campaign, kind, events, visits],
        );
      const [host] = await api.sql<{ id: string }>(`select id from private.booking_hosts limit 1`);
      const leads: [string, string, string, boolean][] = [
        // table, created_at, attribution, booked and attended
        [
          'consultation_requests',
          '2026-01-06T01:00:00Z',
          `{"utm_source":"linkedin","visit_id":"${randomUUID()}"}`,
          true,
        ],
        ['consultation_requests', '2026-01-06T02:00:00Z', `{"visit_id":"${randomUUID()}","landing_page":"/"}`, false],
        ['consultation_requests', '2026-01-06T03:00:00Z', '{"utm_source":"podcast"}', false],
        [
          'contact_messages',
          '2026-01-07T03:00:00Z',
          `{"visit_id":"${randomUUID()}","submitted_from":"/contact"}`,
          false,
        ],
      ];
      for (const [table, at, attribution, booked] of leads) {
        const [lead] = await api.sql<{ id: string }>(
          `insert into public.${table} (created_at, name, email, company, message, attribution)
           values ($1, 'Lead', 'lead@example.com', 'Acme', 'Hello', $2::jsonb) returning id`,
          [at, attribution],
        );
        if (!booked) continue;
        const [call] = await api.sql<{ id: string }>(
          `insert into private.bookings (request_id, email, status, starts_at, ends_at, blocked, team_day,
                                         visitor_time_zone, manage_token, host_id, created_at)
           values ($1, 'lead@example.com', 'booked', '2028-01-03T00:00:00Z', '2028-01-03T00:30:00Z',
                   tstzrange('2028-01-03T00:00:00Z', '2028-01-03T00:45:00Z'), '2028-01-03', $2, 'rollup-token', $3,
                   $4::timestamptz + interval '5 minutes')
           returning id`,
          [lead.id, TEAM_ZONE, host.id, at],
        );
        await api.sql(
          `insert into private.call_outcomes (booking_id, outcome, recorded_by) values ($1, 'attended', 't')`,
          [call.id],
        );
      }
      await forgetAddedUpDays(api);
    });

    test('visitors count a visit once a day (its landing page’s row); engaged is capped at the day’s visitors', async () => {
      const answer = await overview(period);
      expect(pick(answer.current)).toEqual({
        // 8 + 3 on the 6th (the 4 on /pricing from / and the 2 from /dental-clinics are the same visits), 4 on the 7th
        visitors: 15,
        // 3 on the 6th; 5 on the 7th, but only 4 visitors
        engaged: 7,
        leads: 4,
        booked: 1,
        attended: 1,
        cancelled: 0,
        awaiting_outcome: 0,
      });
      expect(answer.current.rollup_days).toBe(2);
      expect(answer.current.daily!.filter((row) => row.visitors > 0)).toEqual([
        { day: '2026-01-06', visitors: 11, leads: 3, booked: 1 },
        { day: '2026-01-07', visitors: 4, leads: 1, booked: 0 },
      ]);
      // The funnel counts the leads that carry a visit id (their visits can no longer be looked up).
      expect(answer.current.funnel).toEqual({
        visits: 15,
        engaged: 7,
        leads: 3,
        booked: 1,
        attended: 1,
        leads_without_visit: 1,
      });
    });

    test('sources and pages come from the rollups too', async () => {
      const rows = await sources(period, 'first');
      const source = (name: string | null) => rows.find((row) => row.dimension === 'source' && row.name === name);
      expect(source('linkedin')).toMatchObject({ visitors: 8, leads: 1, booked: 1, attended: 1 });
      expect(source('google.com')).toMatchObject({ visitors: 3, leads: 0 });
      expect(source('direct')).toMatchObject({ visitors: 4, leads: 2 });
      expect(source('podcast')).toMatchObject({ visitors: 0, leads: 1 });
      const pageRows = await pages(period);
      const page = (dimension: string, name: string) =>
        pageRows.find((row) => row.dimension === dimension && row.name === name);
      expect(page('page', '/pricing')).toMatchObject({ visitors: 6, engaged: 3 });
      expect(page('page', '/contact')).toMatchObject({ visitors: 4, engaged: 4, leads: 1 });
      expect(page('landing_page', '/')).toMatchObject({ visitors: 12, engaged: 5, leads: 1 });
      expect(page('landing_page', '/dental-clinics')).toMatchObject({ visitors: 3, engaged: 3 });
    });

    test('a period across the first raw day adds the rollups’ days to the raw ones', async () => {
      const across = { from: '2026-01-01', to: '2026-03-23' };
      const raw = model.figures({ from: '2026-03-20', to: '2026-03-23' });
      const answer = await overview(across);
      expect(answer.current).toMatchObject({ visitors: 15 + raw.visitors, rollup_days: 2 });
      expect(answer.current.daily).toHaveLength(81);
    });
  });

  test('finished days are added up once, for the team’s zone; today is read live, never kept', async () => {
    const visitId = randomUUID();
    await api.sql(
      `insert into private.visit_events (visit_id, kind, path, landing_page) values ($1, 'page_view', '/', '/')`,
      [visitId],
    );
    try {
      const [{ today }] = await api.sql<{ today: string }>(
        `select to_char((now() at time zone $1)::date, 'YYYY-MM-DD') as today`,
        [TEAM_ZONE],
      );
      const week = { from: addDays(today, -6), to: addDays(today, 1) };
      const answer = await overview(week);
      expect(answer.current.daily!.at(-1)).toMatchObject({ day: today, visitors: 1 });
      const kept = await api.sql<{ day: string; time_zone: string }>(
        `select to_char(day, 'YYYY-MM-DD') as day, time_zone from private.insights_cached_days
          where day >= $1 and day < $2 order by day`,
        [week.from, week.to],
      );
      // Six finished days kept (today is not finished), each for the team's zone.
      expect(kept.map((row) => row.day)).not.toContain(today);
      expect(kept.length).toBeGreaterThanOrEqual(5);
      expect(new Set(kept.map((row) => row.time_zone))).toEqual(new Set([TEAM_ZONE]));
      // Another zone: the days are added up again, by that zone's days.
      await api.sql(`update private.booking_settings set team_time_zone = 'UTC'`);
      await overview(week);
      const again = await api.sql<{ time_zone: string }>(
        `select distinct time_zone from private.insights_cached_days where day >= $1 and day < $2`,
        [week.from, week.to],
      );
      expect(again).toEqual([{ time_zone: 'UTC' }]);
    } finally {
      await api.sql(`update private.booking_settings set team_time_zone = $1`, [TEAM_ZONE]);
      await api.sql(`delete from private.visit_events where visit_id = $1`, [visitId]);
      await forgetAddedUpDays(api);
    }
  });

  describe('who may read', () => {
    const calls = (client: LeadClient) => [
      client.rpc('insights_overview', { from_day: '2026-04-01', to_day: '2026-04-08' }),
      client.rpc('insights_sources', { from_day: '2026-04-01', to_day: '2026-04-08', touch: 'first' }),
      client.rpc('insights_pages', { from_day: '2026-04-01', to_day: '2026-04-08' }),
    ];

    test('anon reads nothing: 401, permission denied', async () => {
      for (const { data, error, status } of await Promise.all(calls(api.anon))) {
        expect({ status, code: error?.code }).toEqual({ status: 401, code: '42501' });
        expect(data).toBeNull();
      }
    });

    test('a signed-in stranger reads nothing: 403 and a clear message', async () => {
      for (const { data, error, status } of await Promise.all(calls(signedInAs(uniqueEmail('stranger'))))) {
        expect({ status, code: error?.code, message: error?.message }).toEqual({
          status: 403,
          code: '42501',
          message: 'Only signed-in team members can read the insights.',
        });
        expect(data).toBeNull();
      }
    });

    test('a team member signed in with the e-mailed code reads; taken off the list, the same session reads nothing', async () => {
      const email = uniqueEmail('member').toLowerCase();
      expect(await addTeamMember(api.service, email, 'test')).toMatchObject({ ok: true });
      const browser = api.clientFor(LOCAL_SUPABASE_PUBLISHABLE_KEY, { challenge: false });
      expect((await browser.auth.signInWithOtp({ email, options: { shouldCreateUser: false } })).error).toBeNull();
      const verified = await browser.auth.verifyOtp({ email, token: await latestCode(mailDir, email), type: 'email' });
      expect(verified.error).toBeNull();
      for (const { error } of await Promise.all(calls(browser))) expect(error).toBeNull();
      await api.sql(`delete from private.team_members where email = $1`, [email]);
      for (const { error, status } of await Promise.all(calls(browser)))
        expect({ status, code: error?.code }).toEqual({ status: 403, code: '42501' });
    });

    test('no API role but authenticated may execute the reports; the helpers are nobody’s', async () => {
      const rows = await api.sql<{ fn: string; anon: boolean; authenticated: boolean; service_role: boolean }>(
        `select p.oid::regprocedure::text as fn, has_function_privilege('anon', p.oid, 'EXECUTE') as anon,
                has_function_privilege('authenticated', p.oid, 'EXECUTE') as authenticated,
                has_function_privilege('service_role', p.oid, 'EXECUTE') as service_role
           from pg_proc p
          where p.pronamespace in ('public'::regnamespace, 'private'::regnamespace) and p.proname like 'insights%'
          order by 1`,
      );
      const entryPoints = [
        'insights_experiment(text,timestamp with time zone)',
        'insights_overview(date,date)',
        'insights_pages(date,date)',
        'insights_sources(date,date,text)',
      ];
      for (const row of rows) {
        const entry = entryPoints.some((fn) => row.fn === fn || row.fn === `private.${fn}`);
        expect({ ...row, fn: row.fn }).toEqual({ fn: row.fn, anon: false, authenticated: entry, service_role: false });
      }
      expect(rows.filter((row) => row.authenticated)).toHaveLength(2 * entryPoints.length);
    });
  });
});
