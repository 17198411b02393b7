/** @jest-environment node */
// The weekly summary e-mail's database side (issue 44, supabase/migrations/20261202140000_weekly_summary.sql), on
// the embedded database and on a real PostgreSQL server. The queue runs on the settable clock (private.clock_now(),
// __tests__/helpers/booking-clock.ts), never the real one: a week's job is queued once Monday 08:00 has come in the
// team's zone, not a minute before, once however often the queue runs, due at that 08:00 (by the zone's rules: in a
// week across Sydney's daylight-saving changes, and in Asia/Kolkata and Asia/Kathmandu, half and three quarters of
// an hour off the hour). Its figures, read under the job's claim, are the dashboard overview's for the same weeks
// (the insights fixture's history, read by a team member); a lost claim reads nothing; no visitor role may call it.
import { mkdtemp, rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createNodeSupabaseClient } from '../../dev/local-api/node-client';
import { setBookingClock, zonedInstant } from '../helpers/booking-clock';
import { makeHistory, storeHistory, TEAM_ZONE } from '../helpers/insights-fixture';
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

type Figures = Record<string, unknown> & { daily?: unknown };
type Summary = { time_zone: string; week_start: string; week_end: string; current: Figures; previous: Figures };
type Overview = { time_zone: string; current: Figures; previous: Figures };
type Claimed = { job_id: string; claim_token: string; lead_table: string | null; kind: string; lead: unknown };
type Job = { week: string; due: string; status: string };

/** An instant as the jobs query prints it: UTC, to the second. */
const utc = (instant: Date) => instant.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** supabase-js without the generated types (they do not declare the outbox's RPCs). */
const untyped = (client: LeadClient) => client as unknown as SupabaseClient;

describe.each(BACKENDS)('the weekly summary on %s', (backend) => {
  let api: TestApi;
  let mailDir: string;
  let member: LeadClient;

  beforeAll(async () => {
    mailDir = await mkdtemp(path.join(tmpdir(), 'weekly-summary-mail-'));
    api = await startTestApi({ backend, mailDir });
    // The team's zone is Sydney (storeHistory sets it), with a month of visits, leads and calls around 5 April 2026.
    await storeHistory(api, makeHistory());
    const email = uniqueEmail('weekly').toLowerCase();
    await api.sql(`insert into private.team_members (email, added_by) values ($1, 'test')`, [email]);
    member = createNodeSupabaseClient(api.url, LOCAL_SUPABASE_PUBLISHABLE_KEY, {
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
  }, 120_000);
  afterAll(async () => {
    await api?.close();
    await rm(mailDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await api.sql(`delete from private.outbox where kind = 'weekly_summary'`);
    await api.sql(`update private.booking_settings set team_time_zone = $1`, [TEAM_ZONE]);
  });

  /** Runs the queue (as pg_cron does) with the clock at `local` in `zone`. */
  async function queueAt(local: string, zone = TEAM_ZONE) {
    await setBookingClock(api, zonedInstant(local, zone));
    await api.sql(`select private.queue_weekly_summary()`);
  }
  const jobs = () =>
    api.sql<Job>(
      `select to_char(summary_week, 'YYYY-MM-DD') as week,
              to_char(next_attempt_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as due, status
         from private.outbox where kind = 'weekly_summary' order by summary_week`,
    );
  const pending = (week: string, due: string): Job => ({ week, due, status: 'pending' });

  test('a week’s job is queued from Monday 08:00 in the team’s zone, once, due then; the next Monday the next week’s', async () => {
    // Monday 6 April 2026, 08:00 AEST: the week of Monday 30 March.
    const firstDue = utc(zonedInstant('2026-04-06 08:00', TEAM_ZONE));
    await queueAt('2026-04-06 08:00');
    expect(await jobs()).toEqual([pending('2026-03-30', firstDue)]);
    // Sunday 12 April 23:59 and Monday 13 April 07:59: nothing for the week of 6 April yet.
    await queueAt('2026-04-12 23:59');
    expect(await jobs()).toEqual([pending('2026-03-30', firstDue)]);
    await queueAt('2026-04-13 07:59');
    expect(await jobs()).toEqual([pending('2026-03-30', firstDue)]);
    // Monday 13 April 08:00: one job for that week, due at 08:00; running again (or later) changes nothing.
    const secondDue = utc(zonedInstant('2026-04-13 08:00', TEAM_ZONE));
    await queueAt('2026-04-13 08:00');
    expect(await jobs()).toEqual([pending('2026-03-30', firstDue), pending('2026-04-06', secondDue)]);
    await queueAt('2026-04-13 08:00');
    await api.sql(`select private.queue_weekly_summary()`);
    await queueAt('2026-04-15 13:05');
    expect(await jobs()).toEqual([pending('2026-03-30', firstDue), pending('2026-04-06', secondDue)]);
    // The next Monday: a job for the next week.
    await queueAt('2026-04-20 08:00');
    expect((await jobs()).map((job) => job.week)).toEqual(['2026-03-30', '2026-04-06', '2026-04-13']);
    expect(await api.sql(`select count(*)::int as n from private.outbox where kind = 'weekly_summary'`)).toEqual([
      { n: 3 },
    ]);
  });

  test.each([
    // Daylight saving ends on Sunday 5 April 2026 (AEDT +11 → AEST +10): Monday 08:00 is 22:00 UTC, not 21:00.
    ['Australia/Sydney', 'across the end of daylight saving', '2026-04-06', '2026-03-30', '2026-04-05T22:00:00Z'],
    // It starts on Sunday 4 October 2026 (AEST +10 → AEDT +11): Monday 08:00 is 21:00 UTC, not 22:00.
    ['Australia/Sydney', 'across the start of daylight saving', '2026-10-05', '2026-09-28', '2026-10-04T21:00:00Z'],
    ['Asia/Kolkata', 'at +5:30', '2026-11-16', '2026-11-09', '2026-11-16T02:30:00Z'],
    ['Asia/Kathmandu', 'at +5:45', '2026-11-16', '2026-11-09', '2026-11-16T02:15:00Z'],
  ])('in %s, %s: due at 08:00 local, nothing at 07:59', async (zone, _, monday, week, due) => {
    await api.sql(`update private.booking_settings set team_time_zone = $1`, [zone]);
    await queueAt(`${monday} 07:59`, zone);
    expect(await jobs()).toEqual([]);
    await queueAt(`${monday} 08:00`, zone);
    expect(await jobs()).toEqual([pending(week, due)]);
    expect(utc(zonedInstant(`${monday} 08:00`, zone))).toBe(due);
  });

  test('the table holds one job per week, only for a weekly summary, only on a Monday', async () => {
    const insert = (values: string) =>
      api.sql(
        `insert into private.outbox (queue, kind, summary_week, digest_hour, idempotency_key, deliver_by)
         select 'lead_notification', v.kind, v.summary_week::date, v.digest_hour::timestamptz,
                v.kind || ':' || coalesce(v.summary_week, ''), now() + interval '1 day'
           from (values ${values}) v (kind, summary_week, digest_hour)`,
      );
    await insert(`('weekly_summary', '2026-04-06', null)`);
    await expect(insert(`('weekly_summary', '2026-04-06', null)`)).rejects.toThrow(/unique|duplicate/i);
    await expect(insert(`('weekly_summary', '2026-04-07', null)`)).rejects.toThrow(/check|constraint/i);
    await expect(insert(`('weekly_summary', null, null)`)).rejects.toThrow(/check|constraint/i);
    await expect(insert(`('held_digest', '2026-04-13', '2026-04-13T00:00:00Z')`)).rejects.toThrow(/check|constraint/i);
    await expect(insert(`('weekly_summary', '2026-04-13', '2026-04-13T00:00:00Z')`)).rejects.toThrow(
      /check|constraint/i,
    );
  });

  describe('under a claim', () => {
    /** Queues the week of Monday 6 April 2026 (queued Monday 13 April 08:00 AEST, long past) and claims it. */
    async function claimWeek(): Promise<Claimed> {
      await queueAt('2026-04-13 08:00');
      await api.sql(
        `update private.outbox
            set status = case when kind = 'weekly_summary' then 'pending' else 'sent' end,
                next_attempt_at = private.clock_now() - interval '1 second'
          where queue = 'lead_notification'`,
      );
      const { data, error } = await api.service.rpc('claim_lead_notifications', { batch_size: 100 });
      expect(error).toBeNull();
      const claimed = (data ?? []) as unknown as Claimed[];
      expect(claimed).toHaveLength(1);
      return claimed[0];
    }
    const summaryOf = async (job_id: string, claim_token: string) => {
      const { data, error } = await untyped(api.service).rpc('weekly_summary', { job_id, claim_token });
      expect(error).toBeNull();
      return data as Summary | null;
    };

    test('the claim says the kind; the figures are the dashboard overview’s for the week and the week before', async () => {
      const job = await claimWeek();
      expect(job).toMatchObject({ kind: 'weekly_summary', lead_table: null, lead: null });
      const summary = await summaryOf(job.job_id, job.claim_token);
      const { data, error } = await member.rpc('insights_overview', { from_day: '2026-04-06', to_day: '2026-04-13' });
      expect(error).toBeNull();
      const overview = data as unknown as Overview;
      const { daily: _daily, ...current } = overview.current;
      expect(summary).toEqual({
        time_zone: TEAM_ZONE,
        week_start: '2026-04-06',
        week_end: '2026-04-12',
        current,
        previous: overview.previous,
      });
      // The fixture's weeks are not empty: the comparison compares numbers.
      for (const figures of [summary!.current, summary!.previous]) {
        expect(figures).toMatchObject({ visitors: expect.any(Number), leads: expect.any(Number) });
        expect(figures.visitors).toBeGreaterThan(0);
        expect(figures.leads).toBeGreaterThan(0);
      }
      expect(Object.keys(summary!.current)).toEqual(
        expect.arrayContaining([
          'visitors',
          'engaged',
          'leads',
          'booked',
          'attended',
          'cancelled',
          'awaiting_outcome',
          'rates',
          'funnel',
          'left_out',
          'rollup_days',
        ]),
      );
    });

    test('a lost claim, another job’s claim or a completed job reads nothing', async () => {
      const first = await claimWeek();
      expect(await summaryOf(first.job_id, randomUUID())).toBeNull();
      // The lease ran out and another run claimed the job: the first claim is lost.
      await api.sql(
        `update private.outbox set next_attempt_at = private.clock_now() - interval '1 second'
                      where id = $1`,
        [first.job_id],
      );
      const { data } = await api.service.rpc('claim_lead_notifications', { batch_size: 100 });
      const [second] = (data ?? []) as unknown as Claimed[];
      expect(second.job_id).toBe(first.job_id);
      expect(await summaryOf(first.job_id, first.claim_token)).toBeNull();
      expect(await summaryOf(second.job_id, second.claim_token)).toMatchObject({ week_start: '2026-04-06' });
      // The held-lead digest's function does not answer for it, nor this one for another kind's job.
      const digest = await untyped(api.service).rpc('held_lead_digest', {
        job_id: second.job_id,
        claim_token: second.claim_token,
      });
      expect(digest).toMatchObject({ data: null, error: null });
      const completed = await api.service.rpc('complete_lead_notification', {
        job_id: second.job_id,
        claim_token: second.claim_token,
      });
      expect(completed.error).toBeNull();
      expect(await summaryOf(second.job_id, second.claim_token)).toBeNull();
      expect(await jobs()).toEqual([expect.objectContaining({ week: '2026-04-06', status: 'sent' })]);
    });
  });

  test('anon and authenticated can execute neither weekly_summary nor the queue; the service role only the first', async () => {
    const job = { job_id: randomUUID(), claim_token: randomUUID() };
    const visitors = { anon: api.anon, authenticated: member };
    for (const [role, client] of Object.entries(visitors)) {
      const { data, error } = await untyped(client).rpc('weekly_summary', job);
      expect({ role, code: error?.code, data }).toEqual({ role, code: '42501', data: null });
    }
    for (const role of ['anon', 'authenticated', 'service_role']) {
      const [privileges] = await api.sql<Record<string, boolean>>(
        `select has_function_privilege($1, 'public.weekly_summary(uuid, uuid)', 'execute') as summary,
                has_function_privilege($1, 'private.weekly_summary(uuid, uuid)', 'execute') as private_summary,
                has_function_privilege($1, 'private.queue_weekly_summary()', 'execute') as queue`,
        [role],
      );
      const service = role === 'service_role';
      expect({ role, ...privileges }).toEqual({ role, summary: service, private_summary: service, queue: false });
    }
  });
});
