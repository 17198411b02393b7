// `npx tsx bench/insights-queries.ts [--events 2000000] [--leads 20000] [--runs 15] [--seed 44]`
// How fast the team's reports answer (issue 44: "the first screen's queries for any period answer in under a
// second (report p50/p95), and the growth per million events is reported"), on a real PostgreSQL server prepared
// like a hosted project with the migrations (__tests__/helpers/real-postgres.ts). A synthetic year of traffic ending
// now (bench/lib/insights-synthetic.ts: `events` visit events, `leads` leads, calls booked from a third of the
// strategy-call requests, outcomes for most) is loaded, then each report is called as a signed-in team member would
// call it (a PostgREST-style request transaction as `authenticated` with the member's claims) for the dashboard's
// last 7, 30 and 365 team days (today included, read live):
//   - warm, as the nightly fill keeps the reports (every finished day added up in private.insights_days): `runs`
//     times each after one warm-up call, p50 and p95 per report and period, and of the first screen (the overview,
//     the sources by first touch and the pages at once, on three connections, as the dashboard asks for them);
//   - cold: the first screen once with no day added up yet (each report adds up what it needs), and the nightly
//     fill of one day.
// Twice: every event still raw (the retention never ran: the worst case), then as the database keeps them after
// `private.delete_expired_visit_events()` (90 days raw, the rest as daily rollups; the days added up again from
// those). Then the size of the raw events with their indexes per million events, of the rollups and of the days
// added up. Writes bench/results/insights-queries.json (other settings: insights-queries-<events>.json) and prints a
// table. Not part of `npm test`: nothing asserts.
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startRealPostgres, type RealPostgres } from '../__tests__/helpers/real-postgres';
import { loadSyntheticYear, type SyntheticCounts } from './lib/insights-synthetic';

const MEMBER = 'bench@example.com';
const PERIODS = { week: 7, month: 30, year: 365 } as const;
type PeriodName = keyof typeof PERIODS;

function options() {
  const { values } = parseArgs({
    options: {
      events: { type: 'string', default: '2000000' },
      leads: { type: 'string', default: '20000' },
      runs: { type: 'string', default: '15' },
      seed: { type: 'string', default: '44' },
    },
  });
  return {
    events: Number(values.events),
    leads: Number(values.leads),
    runs: Number(values.runs),
    seed: Number(values.seed),
  };
}

const REPORTS = {
  overview: (from: string, to: string) => ({ text: 'select public.insights_overview($1, $2)', params: [from, to] }),
  'sources (first touch)': (from: string, to: string) => ({
    text: `select * from public.insights_sources($1, $2, 'first')`,
    params: [from, to],
  }),
  'sources (last touch)': (from: string, to: string) => ({
    text: `select * from public.insights_sources($1, $2, 'last')`,
    params: [from, to],
  }),
  pages: (from: string, to: string) => ({ text: 'select * from public.insights_pages($1, $2)', params: [from, to] }),
};
type ReportName = keyof typeof REPORTS;
const FIRST_SCREEN: ReportName[] = ['overview', 'sources (first touch)', 'pages'];

/** Nearest-rank percentile of `values` (milliseconds), to 0.1 ms. */
function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)] * 10) / 10;
}

type Timing = { p50: number; p95: number; max: number; rows: number };

async function timeCall(pg: RealPostgres, report: ReportName, from: string, to: string) {
  const { text, params } = REPORTS[report](from, to);
  const started = performance.now();
  const rows = await pg.asRequest(
    { role: 'authenticated', claims: { role: 'authenticated', aud: 'authenticated', email: MEMBER } },
    async (tx) => (await tx.query(text, params)).rowCount ?? 0,
  );
  return { ms: performance.now() - started, rows };
}

/** The dashboard's "last N days": N team days ending with today (today read live, the others added up). */
async function periodsOf(pg: RealPostgres) {
  const [{ today }] = await pg.sql<{ today: string }>(
    `select to_char((now() at time zone private.visit_time_zone())::date, 'YYYY-MM-DD') as today`,
  );
  const shift = (days: number) => {
    const day = new Date(`${today}T00:00:00Z`);
    day.setUTCDate(day.getUTCDate() + days);
    return day.toISOString().slice(0, 10);
  };
  return Object.fromEntries(
    (Object.entries(PERIODS) as [PeriodName, number][]).map(([name, days]) => [
      name,
      { from: shift(1 - days), to: shift(1) },
    ]),
  ) as Record<PeriodName, { from: string; to: string }>;
}

const firstScreen = (pg: RealPostgres, from: string, to: string) =>
  Promise.all(FIRST_SCREEN.map((report) => timeCall(pg, report, from, to)));

/**
 * Cold: no day added up yet (private.insights_cached_days emptied), the first screen of a period at once, as the
 * first visit to the dashboard after a long time without the nightly fill would ask for it; and the nightly fill of
 * one day (yesterday), what pg_cron does every night.
 */
async function measureCold(pg: RealPostgres, log: (line: string) => void) {
  const periods = await periodsOf(pg);
  const cold: Partial<Record<PeriodName, number>> = {};
  for (const name of Object.keys(PERIODS) as PeriodName[]) {
    await pg.admin('delete from private.insights_cached_days');
    const started = performance.now();
    await firstScreen(pg, periods[name].from, periods[name].to);
    cold[name] = Math.round(performance.now() - started);
    log(`  cold first screen, ${name}: ${cold[name]} ms`);
  }
  await pg.admin(
    `delete from private.insights_cached_days where day = (now() at time zone private.visit_time_zone())::date - 1`,
  );
  const started = performance.now();
  await pg.admin(
    `select private.insights_fill_days((now() at time zone private.visit_time_zone())::date - 1,
                                       (now() at time zone private.visit_time_zone())::date)`,
  );
  const nightlyFillOfOneDay = Math.round(performance.now() - started);
  log(`  the nightly fill of one day: ${nightlyFillOfOneDay} ms`);
  return { firstScreen: cold, nightlyFillOfOneDay };
}

/** Warm: every finished day added up (as the nightly fill keeps them); p50/p95 of each report and of the first screen. */
async function measureWarm(pg: RealPostgres, runs: number, log: (line: string) => void) {
  const periods = await periodsOf(pg);
  const results: Record<string, Record<PeriodName, Timing>> = {};
  for (const name of Object.keys(PERIODS) as PeriodName[]) {
    const { from, to } = periods[name];
    await firstScreen(pg, from, to);
    for (const report of Object.keys(REPORTS) as ReportName[]) {
      await timeCall(pg, report, from, to);
      const times: number[] = [];
      let rows = 0;
      for (let run = 0; run < runs; run += 1) {
        const call = await timeCall(pg, report, from, to);
        times.push(call.ms);
        rows = call.rows;
      }
      (results[report] ??= {} as Record<PeriodName, Timing>)[name] = {
        p50: percentile(times, 0.5),
        p95: percentile(times, 0.95),
        max: percentile(times, 1),
        rows,
      };
      log(`  ${report}, ${name}: p50 ${results[report][name].p50} ms, p95 ${results[report][name].p95} ms`);
    }
    const screens: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const started = performance.now();
      await firstScreen(pg, from, to);
      screens.push(performance.now() - started);
    }
    (results['first screen (3 at once)'] ??= {} as Record<PeriodName, Timing>)[name] = {
      p50: percentile(screens, 0.5),
      p95: percentile(screens, 0.95),
      max: percentile(screens, 1),
      rows: 0,
    };
    log(`  first screen, ${name}: p50 ${percentile(screens, 0.5)} ms, p95 ${percentile(screens, 0.95)} ms`);
  }
  return results;
}

type SizeName =
  | 'events_table'
  | 'events_indexes'
  | 'events_total'
  | 'daily_total'
  | 'days_total'
  | 'events'
  | 'daily_rows'
  | 'days_rows';

async function sizes(pg: RealPostgres) {
  const [row] = await pg.admin<Record<SizeName, string>>(
    `select pg_relation_size('private.visit_events') as events_table,
            pg_indexes_size('private.visit_events') as events_indexes,
            pg_total_relation_size('private.visit_events') as events_total,
            pg_total_relation_size('private.visit_daily') as daily_total,
            pg_total_relation_size('private.insights_days') + pg_total_relation_size('private.insights_cached_days')
              as days_total,
            (select count(*) from private.visit_events) as events,
            (select count(*) from private.visit_daily) as daily_rows,
            (select count(*) from private.insights_days) as days_rows`,
  );
  const numbers = Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)])) as Record<
    SizeName,
    number
  >;
  const perMillion = (bytes: number) => (numbers.events > 0 ? Math.round((bytes / numbers.events) * 1e6) : 0);
  return {
    ...numbers,
    bytesPerMillionEvents: {
      table: perMillion(numbers.events_table),
      indexes: perMillion(numbers.events_indexes),
      total: perMillion(numbers.events_total),
    },
  };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function printTable(layouts: Record<string, Record<string, Record<PeriodName, Timing>>>) {
  const header = ['layout', 'report', ...Object.keys(PERIODS).map((period) => `${period} p50 / p95 (ms)`)];
  const lines = [header.join(' | '), header.map(() => '---').join(' | ')];
  for (const [layout, reports] of Object.entries(layouts))
    for (const [report, periods] of Object.entries(reports))
      lines.push(
        [
          layout,
          report,
          ...(Object.keys(PERIODS) as PeriodName[]).map((period) => `${periods[period].p50} / ${periods[period].p95}`),
        ].join(' | '),
      );
  console.log(lines.map((line) => `| ${line} |`).join('\n'));
}

async function main() {
  const settings = options();
  const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
  const loadBefore = loadavg();
  log('starting PostgreSQL');
  const pg = await startRealPostgres();
  try {
    await pg.sql(`insert into private.team_members (email, added_by) values ($1, 'bench')`, [MEMBER]);
    log(`loading a synthetic year: ${settings.events} events, ${settings.leads} leads`);
    const loadStarted = performance.now();
    const counts: SyntheticCounts = await loadSyntheticYear(pg.admin, {
      events: settings.events,
      leads: settings.leads,
      seed: settings.seed,
    });
    log(`loaded in ${Math.round((performance.now() - loadStarted) / 1000)} s: ${JSON.stringify(counts)}`);
    log('every event raw (the retention never ran):');
    const rawCold = await measureCold(pg, log);
    const raw = await measureWarm(pg, settings.runs, log);
    const rawSizes = await sizes(pg);
    log(
      `raw events: ${mb(rawSizes.events_total)} (${mb(rawSizes.bytesPerMillionEvents.total)} per million events); ` +
        `days added up: ${rawSizes.days_rows} rows, ${mb(rawSizes.days_total)}`,
    );

    log('running the retention: 90 days raw, the rest rolled up; the days added up again, from the rollups');
    const retention = await pg.admin<{ answer: unknown }>('select private.delete_expired_visit_events() as answer');
    await pg.admin('vacuum analyze private.visit_events');
    await pg.admin('analyze private.visit_daily');
    const keptCold = await measureCold(pg, log);
    const kept = await measureWarm(pg, settings.runs, log);
    const keptSizes = await sizes(pg);
    log(
      `after: ${keptSizes.events} raw events (${mb(keptSizes.events_total)}), ${keptSizes.daily_rows} rollup rows ` +
        `(${mb(keptSizes.daily_total)}), ${keptSizes.days_rows} rows of days added up (${mb(keptSizes.days_total)})`,
    );

    const layouts = { 'all raw': raw, '90 days raw + rollups': kept };
    const results = {
      measuredAt: new Date().toISOString(),
      code: execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: __dirname, encoding: 'utf8' }).trim(),
      machine: { cpus: cpus().length, loadBefore, loadAfter: loadavg() },
      settings,
      counts,
      sizes: { allRaw: rawSizes, kept: keptSizes },
      retention: retention[0].answer,
      cold: { allRaw: rawCold, kept: keptCold },
      warm: layouts,
    };
    const file = path.join(
      __dirname,
      'results',
      settings.events === 2_000_000 ? 'insights-queries.json' : `insights-queries-${settings.events}.json`,
    );
    await writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
    printTable(layouts);
    log(`written to ${path.relative(process.cwd(), file)}`);
  } finally {
    await pg.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
