// `npx tsx bench/challenge-solve.ts [--max 100000] [--runs 20]`: how long the site's proof-of-work takes a
// visitor (issue 36), for docs/security.md. No site build: a temporary folder holds the worker script the site
// serves (static/lead-challenge-worker.js) and a tiny page, served by dev/static/static-server.ts with the site's
// page Content-Security-Policy (so the worker is loaded as the site loads it, from 'self'). Debian's Chromium solves
// `runs` challenges in ALTCHA's format at `max` (the first difficulty level, normal traffic), each with its number
// at random as the database picks it.
//
// The phone profile of the browser tests (__tests__/browser/setup/phone-profile.ts) slows the CPU 4x through CDP,
// which Chromium applies to pages only: a dedicated worker answers Emulation.setCPUThrottlingRate with "Operation
// is only supported for pages, not workers". So the phone figure is the same solver on a throttled page's main
// thread, from cold (a fresh document per solve, as each visitor's worker starts cold), and the worker itself is
// measured unthrottled beside the cold main thread unthrottled, to show the two run the code alike. Writes
// bench/results/challenge-solve.json and prints a summary.
import { mkdtemp, rm, writeFile, copyFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import { startStaticServer } from '../dev/static/static-server';
import { contentSecurityPolicy } from '../src/build/security-headers';
import { CHALLENGE_WORKER_FILE } from '../src/build/challenge-worker';
import { CHALLENGE_WORKER_PATH } from '../src/lib/lead-challenge/worker-path';
import { launchBrowser } from '../__tests__/browser/setup/browser';
import { applyPhoneProfile, PHONE_PROFILE } from '../__tests__/browser/setup/phone-profile';
import { mintChallenge, type MintedChallenge } from '../__tests__/helpers/lead-challenge';

const argument = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
/** The levels of private.lead_challenge_levels (20261128110000_lead_challenge_measured_levels.sql). */
const LEVELS = [50_000, 200_000, 800_000, 3_200_000];
/** By default the first level, normal traffic. */
const MAX = argument('max', LEVELS[0]);
const RUNS = argument('runs', 20);
const SECRET = 'bench-secret-'.repeat(4);

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Challenge solve</title>
<script src="/page.js"></script></head><body><p>Solving.</p></body></html>`;

type Solve = { number: number | null; took: number; wall: number };

/** Runs in the page: window.solveInWorker(challenge) as the site's client does it, timed by the page's clock. */
const PAGE_SCRIPT = `
window.violations = [];
document.addEventListener('securitypolicyviolation', function (e) { window.violations.push(e.violatedDirective + ' ' + e.blockedURI); });
window.solveInWorker = function (c) {
  return new Promise(function (resolve, reject) {
    var started = performance.now();
    var worker = new Worker(${JSON.stringify(CHALLENGE_WORKER_PATH)});
    worker.onmessage = function (e) { worker.terminate(); resolve({ number: e.data.number, took: e.data.took, wall: performance.now() - started }); };
    worker.onerror = function (e) { worker.terminate(); reject(new Error('worker failed: ' + e.message)); };
    worker.postMessage({ challenge: c.challenge, salt: c.salt, maxnumber: c.maxnumber });
  });
};
window.solveOnMainThread = function (c) {
  var started = performance.now();
  var number = LeadSolver.solveChallenge(c.challenge, c.salt, c.maxnumber);
  var took = performance.now() - started;
  return { number: number, took: took, wall: took };
};`;

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
/** Nearest-rank percentile. */
const percentile = (values: number[], p: number) =>
  sorted(values)[Math.max(0, Math.ceil((p / 100) * values.length) - 1)];
const round = (value: number) => Math.round(value);

type Series = { label: string; solves: Solve[]; numbers: number[] };

function summarise({ label, solves, numbers }: Series) {
  const walls = solves.map((solve) => solve.wall);
  return {
    label,
    runs: solves.length,
    medianMs: round(percentile(walls, 50)),
    p95Ms: round(percentile(walls, 95)),
    maxMs: round(Math.max(...walls)),
    hashesPerSecond: hashRate([{ label, solves, numbers }]),
  };
}

async function solveAll(page: Page, minted: MintedChallenge[], where: 'worker' | 'main'): Promise<Series> {
  const solves: Solve[] = [];
  for (const { challenge, number } of minted) {
    const solve = await page.evaluate(
      ({ c, on }) =>
        on === 'worker'
          ? (window as unknown as { solveInWorker(c: unknown): Promise<Solve> }).solveInWorker(c)
          : (window as unknown as { solveOnMainThread(c: unknown): Solve }).solveOnMainThread(c),
      { c: challenge, on: where },
    );
    if (solve.number !== number) throw new Error(`solved ${solve.number}, expected ${number}`);
    solves.push(solve);
  }
  return { label: where, solves, numbers: minted.map((challenge) => challenge.number) };
}

/** Each solve on a fresh document (the solver's code cold, as in a new worker), the page's throttling kept. */
async function solveCold(page: Page, url: string, minted: MintedChallenge[]): Promise<Series> {
  const solves: Solve[] = [];
  for (const [index, { challenge, number }] of minted.entries()) {
    await page.goto(`${url}/?solve=${index}`);
    const solve = await page.evaluate(
      (c) => (window as unknown as { solveOnMainThread(c: unknown): Solve }).solveOnMainThread(c),
      challenge,
    );
    if (solve.number !== number) throw new Error(`solved ${solve.number}, expected ${number}`);
    solves.push(solve);
  }
  return { label: 'main', solves, numbers: minted.map((challenge) => challenge.number) };
}

const hashRate = (all: Series[]) =>
  round(
    all.flatMap((series) => series.numbers).reduce((sum, number) => sum + number + 1, 0) /
      (all.flatMap((series) => series.solves).reduce((sum, solve) => sum + solve.took, 0) / 1000),
  );

async function main() {
  const root = await mkdtemp(path.join(tmpdir(), 'challenge-solve-'));
  const browser = await launchBrowser();
  try {
    await copyFile(CHALLENGE_WORKER_FILE, path.join(root, CHALLENGE_WORKER_PATH.slice(1)));
    const solver = await build({
      entryPoints: [path.join(__dirname, '../src/lib/lead-challenge/solve.ts')],
      bundle: true,
      write: false,
      format: 'iife',
      globalName: 'LeadSolver',
      target: 'es2017',
      minify: true,
    });
    await writeFile(path.join(root, 'page.js'), solver.outputFiles[0].text + PAGE_SCRIPT);
    await writeFile(path.join(root, 'index.html'), PAGE);
    // The site's page policy: scripts (and so workers) from 'self' only.
    await writeFile(
      path.join(root, '_headers'),
      `/*\n  Content-Security-Policy: ${contentSecurityPolicy([], 'http://127.0.0.1:54321')}\n`,
    );
    const server = await startStaticServer({ root, host: '127.0.0.1', port: 0 });
    try {
      const context = await browser.newContext();
      const page = await context.newPage();
      const cdp = await applyPhoneProfile(page, { cpuSlowdown: 'kept' });
      await page.goto(`${server.url}/`);
      const random = () => Array.from({ length: RUNS }, () => mintChallenge(SECRET, { maxNumber: MAX }));
      const worst = () => Array.from({ length: 5 }, () => mintChallenge(SECRET, { maxNumber: MAX, number: MAX }));
      const phone = {
        ...(await solveCold(page, server.url, random())),
        label: `phone profile (CPU ${PHONE_PROFILE.cpuSlowdown}x), cold, page main thread`,
      };
      const phoneWorst = {
        ...(await solveCold(page, server.url, worst())),
        label: 'phone profile, cold, page main thread, worst case (number = max)',
      };
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await page.goto(`${server.url}/`);
      const worker = { ...(await solveAll(page, random(), 'worker')), label: 'unthrottled, Web Worker (as the site)' };
      const main = { ...(await solveCold(page, server.url, random())), label: 'unthrottled, cold, page main thread' };
      const violations = await page.evaluate(() => (window as unknown as { violations: string[] }).violations);
      await context.close();

      const series = [phone, phoneWorst, worker, main].map(summarise);
      // The phone's rate: the cold, throttled main thread, all solves together.
      const phoneRate = hashRate([phone, phoneWorst]);
      const levels = LEVELS.map((max) => ({
        maxnumber: max,
        expectedMedianMs: round(((max / 2) * 1000) / phoneRate),
        expectedP95Ms: round((max * 0.95 * 1000) / phoneRate),
        worstMs: round((max * 1000) / phoneRate),
      }));
      const result = {
        date: new Date().toISOString(),
        machine: {
          cpus: cpus().length,
          model: cpus()[0]?.model,
          loadAverage: loadavg().map((load) => +load.toFixed(2)),
        },
        maxnumber: MAX,
        runs: RUNS,
        cspViolations: violations,
        series,
        phoneRate,
        levels,
      };
      await writeFile(path.join(__dirname, 'results', 'challenge-solve.json'), JSON.stringify(result, null, 2) + '\n');
      console.log(
        `Challenge solves at maxnumber ${MAX}, ${RUNS} each (load average ${result.machine.loadAverage.join(' ')}):`,
      );
      for (const row of series)
        console.log(
          `  ${row.label}: median ${row.medianMs} ms, p95 ${row.p95Ms} ms, max ${row.maxMs} ms (${row.hashesPerSecond.toLocaleString('en')} hashes/s)`,
        );
      console.log(`Expected on the phone profile at ${phoneRate.toLocaleString('en')} hashes/s:`);
      for (const level of levels)
        console.log(
          `  maxnumber ${level.maxnumber.toLocaleString('en')}: median ${level.expectedMedianMs} ms, p95 ${level.expectedP95Ms} ms, worst ${level.worstMs} ms`,
        );
      console.log(violations.length ? `CSP violations: ${violations.join('; ')}` : 'No CSP violation.');
    } finally {
      await server.close();
    }
  } finally {
    await browser.close();
    await rm(root, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
