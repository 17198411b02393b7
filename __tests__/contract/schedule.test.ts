/** @jest-environment node */
// The hosted schedule of the Edge Functions, run for real once outside production (issue 34): every migration
// applied to Debian's PostgreSQL 15 with pg_cron loaded (scripts/ensure-pg-cron.sh), prepared like a hosted
// project, then pg_cron itself runs the jobs at the next minute. Supabase's pg_net and Vault are not packaged
// for Debian: stand-ins with their signatures record the HTTP calls and hold the two secrets. What this proves
// and what it cannot: docs/calendars.md, "The schedule".
import { storeRequestFrom } from '../helpers/booking';
import { A_WEDNESDAY_MORNING, setBookingClock } from '../helpers/booking-clock';
import { startRealPostgres, type RealPostgres } from '../helpers/real-postgres';
import { waitUntil } from '../helpers/wait-until';

const POSTGRES_15 = '/usr/lib/postgresql/15/bin';
const PROJECT_URL = 'https://abcdefghijklmnopqrst.supabase.co';
const FUNCTIONS_KEY = 'sb_publishable_schedule_test';

jest.setTimeout(150_000);

// As on a hosted project: pg_cron created by the platform and usable by `postgres`; pg_net's http_post (same
// signature, recording instead of sending) and Vault's decrypted_secrets view (a table here).
const HOSTED_EXTENSIONS = `
  create extension pg_cron;
  grant usage on schema cron to postgres;
  create schema vault;
  create table vault.decrypted_secrets (name text primary key, decrypted_secret text not null);
  insert into vault.decrypted_secrets values ('project_url', '${PROJECT_URL}'), ('functions_key', '${FUNCTIONS_KEY}');
  grant usage on schema vault to postgres;
  grant select on vault.decrypted_secrets to postgres;
  create schema net;
  create table net.recorded_calls (
    id bigint generated always as identity primary key,
    url text, headers jsonb, body jsonb, timeout_milliseconds integer,
    called_as text default current_user, called_at timestamptz default clock_timestamp()
  );
  create function net.http_post(url text, body jsonb default '{}', params jsonb default '{}',
                                headers jsonb default '{}', timeout_milliseconds integer default 5000)
  returns bigint language sql security definer set search_path = '' as $$
    insert into net.recorded_calls (url, headers, body, timeout_milliseconds, called_as)
    values (url, headers, body, timeout_milliseconds, session_user) returning id
  $$;
  grant usage on schema net to postgres;
  grant execute on function net.http_post(text, jsonb, jsonb, jsonb, integer) to postgres;
  grant select on net.recorded_calls to postgres;
`;

let pg: RealPostgres;
beforeAll(async () => {
  pg = await startRealPostgres({
    binDir: POSTGRES_15,
    settings: {
      shared_preload_libraries: 'pg_cron',
      'cron.database_name': 'postgres',
      // Jobs in background workers: no libpq connection back to the server, whose logins need a password.
      'cron.use_background_workers': 'on',
      max_worker_processes: '16',
    },
    beforeMigrations: HOSTED_EXTENSIONS,
  });
}, 90_000);
afterAll(() => pg?.close());

test('every migration applies on PostgreSQL 15 with pg_cron: the three functions each minute, the nightly jobs once a day, the weekly summary hourly', async () => {
  expect(pg.appliedMigrations).toContain('20261126120000_function_schedules.sql');
  const jobs = await pg.admin<{ jobname: string; schedule: string; command: string; username: string }>(
    'select jobname, schedule, command, username from cron.job order by jobname',
  );
  expect(jobs).toEqual([
    {
      jobname: 'calendar-sync',
      schedule: '* * * * *',
      command: "select private.invoke_edge_function('calendar-sync')",
      username: 'postgres',
    },
    {
      jobname: 'crm-sync',
      schedule: '* * * * *',
      command: 'select private.invoke_crm_sync()',
      username: 'postgres',
    },
    {
      jobname: 'delete-expired-held-leads',
      schedule: '27 3 * * *',
      command: 'select private.delete_expired_held_leads()',
      username: 'postgres',
    },
    expect.objectContaining({ jobname: 'delete-expired-leads', schedule: '17 3 * * *' }),
    {
      jobname: 'delete-expired-visit-events',
      schedule: '37 3 * * *',
      command: 'select private.delete_expired_visit_events()',
      username: 'postgres',
    },
    {
      jobname: 'fill-insights-days',
      schedule: '27 3 * * *',
      command: 'select private.insights_fill_recent_days()',
      username: 'postgres',
    },
    {
      jobname: 'notify-leads',
      schedule: '* * * * *',
      command: "select private.invoke_edge_function('notify-leads')",
      username: 'postgres',
    },
    {
      jobname: 'weekly-summary',
      schedule: '5 * * * *',
      command: 'select private.queue_weekly_summary()',
      username: 'postgres',
    },
  ]);
});

test('pg_cron runs them: within a minute each function is called at the project with the key from Vault (crm-sync once a CRM is on)', async () => {
  type Call = { url: string; headers: Record<string, string>; body: { scheduled_at?: string }; called_as: string };
  await pg.admin("select public.set_crm_target('hubspot', true)");
  // pg_cron's next minute starts within 60 s; the calls are recorded by the one after at the latest.
  const calls = await waitUntil(
    'pg_cron to call the three functions',
    () => pg.admin<Call>('select url, headers, body, called_as from net.recorded_calls order by id'),
    { until: (found) => new Set(found.map((call) => call.url)).size >= 3, timeoutMs: 125_000, intervalMs: 500 },
  );
  const byUrl = new Map(calls.map((call) => [call.url, call]));
  for (const name of ['notify-leads', 'calendar-sync', 'crm-sync']) {
    const call = byUrl.get(`${PROJECT_URL}/functions/v1/${name}`);
    expect({ name, called: call !== undefined }).toEqual({ name, called: true });
    expect(call!.headers).toEqual({ 'Content-Type': 'application/json', Authorization: `Bearer ${FUNCTIONS_KEY}` });
    expect(call!.called_as).toBe('postgres');
    expect(Number.isNaN(Date.parse(call!.body.scheduled_at ?? ''))).toBe(false);
  }
  const runs = await pg.admin<{ jobname: string; status: string }>(
    `select j.jobname, d.status from cron.job_run_details d join cron.job j using (jobid) order by d.runid`,
  );
  expect(runs.filter((run) => run.status !== 'succeeded')).toEqual([]);
  // The hourly weekly-summary job (minute 5) runs too when the wait crosses it; pure SQL, it calls no function.
  const ran = new Set(runs.map((run) => run.jobname));
  ran.delete('weekly-summary');
  expect(ran).toEqual(new Set(['notify-leads', 'calendar-sync', 'crm-sync']));
});

/** A stored strategy-call request from `address`, and that visitor holding the first free time through the API. */
async function holdFirstTime(email: string, address: string): Promise<{ status: string }> {
  await storeRequestFrom(pg.admin, email, address);
  return pg.asRequest({ role: 'anon', headers: { 'cf-connecting-ip': address } }, async (tx) => {
    const { rows } = await tx.query<{ answer: { slots: { starts_at: string }[] } }>(
      'select public.booking_slots() as answer',
    );
    const held = await tx.query<{ answer: { status: string } }>(
      `select public.hold_booking_slot($1, $2, 'Australia/Sydney') as answer`,
      [email, rows[0].answer.slots[0].starts_at],
    );
    return held.rows[0].answer;
  });
}

test('a visitor’s hold calls calendar-sync at once, and still holds when that call cannot be made', async () => {
  // The booking rules on a clock of the test's (a Wednesday morning in Sydney), not on the hour CI runs at.
  await setBookingClock({ sql: pg.admin }, A_WEDNESDAY_MORNING);
  await pg.admin(`delete from private.bookings; delete from private.booking_hosts`);
  await pg.admin(
    `insert into private.booking_hosts (name, calendar_url, credential_key)
     values ('Ada', 'https://caldav.example.com/ada/work/', 'ada'), ('Grace', 'https://caldav.example.com/grace/work/', 'grace')`,
  );
  expect(await holdFirstTime('schedule-hold-1@example.com', '203.0.113.44')).toMatchObject({ status: 'held' });
  // Made by the hold's own connection (PostgREST logs in as authenticator), not by a scheduled run.
  const calls = await pg.admin<{ url: string }>(`select url from net.recorded_calls where called_as = 'authenticator'`);
  expect(calls).toEqual([{ url: `${PROJECT_URL}/functions/v1/calendar-sync` }]);

  await pg.admin(`delete from vault.decrypted_secrets where name = 'functions_key'`);
  expect(await holdFirstTime('schedule-hold-2@example.com', '203.0.113.45')).toMatchObject({ status: 'held' });
  expect(await pg.admin(`select url from net.recorded_calls where called_as = 'authenticator'`)).toHaveLength(1);
});
