// `npm run bench:flood -- [--minutes 10] [--rate 300] [--burst 1000] [--visitors 50] [--visitors-through browser|api]
//                         [--addresses 1000] [--solvers 1] [--stockpile 60] [--seed 36] [--max-requests N]`
// The flood benchmark of issue 36, loopback only: a real PostgreSQL server prepared like a hosted project with the
// migrations (__tests__/helpers/real-postgres.ts), the local data API in front of it on a free port (a pool of 10
// connections, PostgREST's default; the client address from cf-connecting-ip, trusted here only), the notification
// runner (notify-leads under Deno, the local mail sink). A flood (bench/lib/flood.ts) of `rate` leads a minute from
// `addresses` client addresses for `minutes`, then `burst` at once, with valid (issued by the database, solved by
// `solvers` worker threads: bench/lib/challenge-solver.ts), missing, replayed, expired (minted with the secret read
// from the database) and badly signed challenges; meanwhile `visitors` real visitors in Chromium on the production
// build (bench/lib/flood-visitors.ts; a copy of public/, made under /tmp/build.lock) send /contact, /book and the
// chat, and pick a time, some from the flood's own /24. Then: what was stored and held and why, what was refused and
// by which limit, what the team was sent (the digests made due at the end rather than a minute after the hour),
// insert times, and database growth per hour of flood. Writes bench/results/lead-flood.json (other settings:
// lead-flood-<minutes>min.json) and prints a table. Nothing asserts: __tests__/contract/lead-flood.test.ts does.
// Bounded: at most --max-requests flood requests (the plan + 5 %), none later than 2 minutes after the flood's planned
// end, and a watchdog stops everything, servers and browser included, when the run is 20 minutes longer than the
// flood's planned length (set-up included).
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser } from 'playwright-core';
import { LOCAL_SUPABASE_SERVICE_ROLE_KEY } from '../dev/local-api/local-keys';
import { startLocalApi } from '../dev/local-api/server';
import { startNotificationRunner } from '../dev/notifications/runner';
import { launchBrowser } from '../__tests__/browser/setup/browser';
import { readChallengeSecret } from '../__tests__/helpers/lead-challenge';
import { startRealPostgres } from '../__tests__/helpers/real-postgres';
import { startChallengeSolver } from './lib/challenge-solver';
import { BENCH_ADDRESSES, floodAddresses } from './lib/flood-addresses';
import { challengeDrawer, DEFAULT_MIX } from './lib/flood-challenges';
import { leadBody, postLead, runFlood, seededRandom, type FloodAnswer, type LeadTable } from './lib/flood';
import { makeDigestsDue, tallyNotifications, waitForOutbox } from './lib/flood-notifications';
import { serveBuildCopy } from './lib/flood-site';
import { summariseFlood, summariseVisitors, printTable } from './lib/flood-summary';
import { relationSizes, sizeGrowth, storedLeads, type Sql } from './lib/flood-report';
import { planVisitors, visit, type VisitorOutcome, type VisitorPlan } from './lib/flood-visitors';

/** The watchdog stops everything once the run is this much longer than the flood's planned length. */
const GRACE_MS = 20 * 60_000;
/** Where a visitor that failed leaves a screenshot of its page. */
const SCREENSHOTS = path.join(__dirname, 'tmp', 'lead-flood');

function options() {
  const { values } = parseArgs({
    options: {
      minutes: { type: 'string', default: '10' },
      rate: { type: 'string', default: '300' },
      burst: { type: 'string', default: '1000' },
      visitors: { type: 'string', default: '50' },
      'visitors-through': { type: 'string', default: 'browser' },
      addresses: { type: 'string', default: String(BENCH_ADDRESSES.count) },
      solvers: { type: 'string', default: '1' },
      stockpile: { type: 'string', default: '60' },
      seed: { type: 'string', default: '36' },
      'max-requests': { type: 'string' },
    },
  });
  const minutes = Number(values.minutes);
  const rate = Number(values.rate);
  const burst = Number(values.burst);
  const through = values['visitors-through'] === 'api' ? 'api' : 'browser';
  return {
    minutes,
    rate,
    burst,
    visitors: Number(values.visitors),
    through,
    addresses: Number(values.addresses),
    solvers: Number(values.solvers),
    stockpile: Number(values.stockpile),
    seed: Number(values.seed),
    maxRequests: Number(values['max-requests'] ?? Math.ceil((minutes * rate + burst) * 1.05)),
  } as const;
}

/** The commit measured, and the migrations applied that it does not hold (another change in the working tree). */
function codeState(appliedMigrations: string[]) {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: __dirname, encoding: 'utf8' }).trim();
  const uncommitted = git('status', '--porcelain', '--', '../supabase/migrations')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.slice(3));
  return { commit: git('rev-parse', '--short', 'HEAD'), appliedMigrations, uncommittedMigrations: uncommitted };
}

/** A visitor without a browser: the same lead, with a challenge the database issued to it and a thread solved. */
async function visitThroughApi(plan: VisitorPlan, apiUrl: string): Promise<VisitorOutcome> {
  const started = performance.now();
  const table: LeadTable = plan.surface === 'contact' ? 'contact_messages' : 'consultation_requests';
  const solver = startChallengeSolver({ apiUrl, nextAddress: () => plan.address, threads: 1, queueLimit: 1 });
  await solver.stockpile(1);
  const challenge = solver.valid();
  await solver.close();
  await new Promise((resolve) => setTimeout(resolve, plan.typingMs));
  const body = leadBody(table, { email: plan.email, name: `Visitor ${plan.index}`, company: 'Honest Co', challenge });
  const answer = await postLead(apiUrl, table, plan.address, body);
  return {
    ...plan,
    shown: answer.status === 201 ? 'success' : 'failure',
    insert: { status: answer.status, ms: Math.round(answer.ms), withChallenge: !!challenge },
    booking: 'not_tried',
    seconds: (performance.now() - started) / 1000,
    pageErrors: [],
  };
}

async function main(): Promise<void> {
  const settings = options();
  const run = Date.now().toString(36);
  const random = seededRandom(settings.seed);
  const floodMs = settings.minutes * 60_000;
  const cleanups: (() => Promise<unknown>)[] = [];
  const cleanUp = async () => {
    for (const step of cleanups.splice(0).reverse()) await step().catch(() => undefined);
  };
  const stop = (why: string, code: number) => {
    console.error(why);
    void cleanUp().finally(() => process.exit(code));
  };
  const watchdog = setTimeout(() => stop('lead-flood: deadline reached, stopping', 2), floodMs + GRACE_MS);
  process.once('SIGINT', () => stop('lead-flood: interrupted', 130));
  const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
  const loadBefore = loadavg();

  try {
    await mkdir(SCREENSHOTS, { recursive: true });
    log('starting PostgreSQL');
    const pg = await startRealPostgres();
    cleanups.push(() => pg.close());
    const sql: Sql = pg.sql;
    const apiErrors: string[] = [];
    const api = await startLocalApi({
      port: 0,
      dataDir: undefined,
      postgres: { authenticator: pg.connectionString('authenticator'), owner: pg.connectionString(), poolSize: 10 },
      trustClientAddressHeader: true,
      logError: (message) => apiErrors.push(message),
    });
    cleanups.push(() => api.close());
    log('starting the notification runner');
    const mailDir = await mkdtemp(path.join(tmpdir(), 'lead-flood-mail-'));
    cleanups.push(() => rm(mailDir, { recursive: true, force: true }));
    const runnerLog: string[] = [];
    const runner = await startNotificationRunner({
      apiUrl: api.url,
      serviceKey: LOCAL_SUPABASE_SERVICE_ROLE_KEY,
      mailDir,
      intervalMs: 2000,
      log: (line) => runnerLog.push(line),
    });
    cleanups.push(() => runner.close());
    let browser: Browser | undefined;
    let site: Awaited<ReturnType<typeof serveBuildCopy>> | undefined;
    if (settings.through === 'browser' && settings.visitors > 0) {
      log('copying public/ (under /tmp/build.lock) and starting Chromium');
      site = await serveBuildCopy();
      cleanups.push(() => site!.close());
      browser = await launchBrowser();
      cleanups.push(() => browser!.close());
    }

    const addresses = floodAddresses({ ...BENCH_ADDRESSES, count: settings.addresses });
    let next = 0;
    const solver = startChallengeSolver({
      apiUrl: api.url,
      nextAddress: () => addresses.all[next++ % addresses.all.length],
      threads: settings.solvers,
      queueLimit: 60,
    });
    cleanups.push(() => solver.close());
    log(`solving a stockpile of ${settings.stockpile} challenges at normal traffic`);
    await solver.stockpile(settings.stockpile);
    const secret = await readChallengeSecret(sql);
    const drawer = challengeDrawer({ secret, valid: () => solver.valid() }, DEFAULT_MIX, random);
    const plans = planVisitors({
      count: settings.visitors,
      durationMs: floodMs,
      run,
      inBlockEvery: 5,
      addressInBlock: addresses.visitorAddressInBlock,
      addressElsewhere: addresses.visitorAddressElsewhere,
      typingMs: [15_000, 30_000],
      random,
    });

    const sizesBefore = await relationSizes(sql);
    const timeline: Record<string, unknown>[] = [];
    const floodStarted = Date.now();
    const sample = async () =>
      timeline.push({
        second: Math.round((Date.now() - floodStarted) / 1000),
        ...(
          await sql<Record<string, number>>(
            `select private.lead_challenge_max_number() as "maxNumber",
                    (select count(*)::int from public.contact_messages where created_at > now() - interval '1 minute')
                    + (select count(*)::int from public.consultation_requests where created_at > now() - interval '1 minute')
                      as "leadsLastMinute"`,
          )
        )[0],
        solverReady: solver.stats().solved - solver.stats().handedOut - solver.stats().expiredUnused,
      });
    const sampler = setInterval(() => void sample().catch(() => undefined), 30_000);
    cleanups.push(async () => clearInterval(sampler));
    solver.start();
    log(
      `flood: ${settings.rate}/min for ${settings.minutes} min, then ${settings.burst} at once; ${plans.length} visitors (${settings.through})`,
    );
    const visitors = Promise.all(
      plans.map(async (plan) => {
        await new Promise((resolve) => setTimeout(resolve, plan.startAt));
        const outcome = browser
          ? await visit(browser, plan, {
              url: site!.url,
              builtApiOrigin: site!.builtApiOrigin,
              apiUrl: api.url,
              screenshots: SCREENSHOTS,
            })
          : await visitThroughApi(plan, api.url);
        log(
          `visitor ${plan.index} (${plan.surface}${plan.inFloodBlock ? ', flood block' : ''}): ${outcome.shown}, insert ${outcome.insert?.status ?? '-'}, ${outcome.booking}${outcome.error ? `, ${outcome.error}` : ''}`,
        );
        return outcome;
      }),
    );
    let sizesSteady = sizesBefore;
    const flood = await runFlood({
      apiUrl: api.url,
      run,
      addresses,
      hotShare: 0.2,
      ratePerMinute: settings.rate,
      durationMs: floodMs,
      burst: settings.burst,
      drawer,
      maxRequests: settings.maxRequests,
      deadline: floodStarted + floodMs + 2 * 60_000,
      random,
      beforeBurst: async () => {
        sizesSteady = await relationSizes(sql);
        log('burst');
      },
      progress: (answers: FloodAnswer[], inFlight) => {
        if (answers.length % 300 === 0 && answers.length) log(`${answers.length} answered, ${inFlight} in flight`);
      },
    });
    const steadyAt = Date.now();
    log(`flood done (${flood.answers.length} requests, stopped by ${flood.stoppedBy}); waiting for the visitors`);
    const outcomes = await visitors;
    await sample();
    clearInterval(sampler);
    const sizesAfter = await relationSizes(sql);
    await solver.close();

    log('waiting for the notification runner to send the lead jobs, then the digests (made due now)');
    const leadJobsOpen = await waitForOutbox(sql, 180_000, 'lead');
    const digestsMadeDue = await makeDigestsDue(sql);
    const digestJobsOpen = await waitForOutbox(sql, 180_000, 'held_digest');
    const floodRows = await storedLeads(
      sql,
      flood.answers.map((answer) => answer.email),
    );
    const visitorRows = await storedLeads(
      sql,
      plans.map((plan) => plan.email),
    );
    const bookings = await sql<{ email: string; status: string }>(
      'select email, status from private.bookings where email = any($1)',
      [plans.map((plan) => plan.email)],
    );
    const notifications = await tallyNotifications(
      sql,
      runner.sink.messages,
      runner.sink.requestCount(),
      plans.map((plan) => plan.email),
      (email) => email.startsWith(`flood-${run}-`),
    );
    const steadyHours = flood.steadyMs / 3_600_000;
    const results = {
      measuredAt: new Date(floodStarted).toISOString(),
      command: `npm run bench:flood -- ${process.argv.slice(2).join(' ')}`.trim(),
      settings,
      machine: { cpus: cpus().length, loadBefore, loadAfter: loadavg() },
      code: codeState(pg.appliedMigrations),
      flood: summariseFlood(flood, floodRows),
      solver: solver.stats(),
      difficulty: timeline,
      visitors: summariseVisitors(outcomes, visitorRows, bookings),
      notifications: { ...notifications, leadJobsOpen, digestsMadeDue, digestJobsOpen },
      growth: {
        steady: sizeGrowth(sizesBefore, sizesSteady, steadyHours),
        withBurstAndVisitors: sizeGrowth(sizesBefore, sizesAfter, (steadyAt - floodStarted) / 3_600_000),
      },
      apiErrors: apiErrors.slice(0, 20),
      runnerErrors: runnerLog.filter((line) => /fail|error/i.test(line)).slice(0, 20),
    };
    const standard = settings.minutes === 10 && settings.rate === 300 && settings.burst === 1000;
    const file = path.join(
      __dirname,
      'results',
      standard ? 'lead-flood.json' : `lead-flood-${settings.minutes}min.json`,
    );
    await writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
    printTable(results);
    log(`written to ${path.relative(process.cwd(), file)}`);
  } finally {
    clearTimeout(watchdog);
    await cleanUp();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
