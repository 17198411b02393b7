// npm run bench:compare -- --before <checkout> --after <checkout> [--runs 3] [--routes /,/pricing] [--reuse]
//
// Two versions of the site measured in one run, for changes whose cost is the question (a React major, the
// editor's bundle): each checkout (with its own node_modules) builds the site and the bare-Gatsby floor with
// its own React, then Lighthouse (mobile) runs every route of both sites interleaved, before and after taking
// turns, so a slower moment of this shared machine falls on both. Reports first-load JS per route, the site's
// own bytes over its floor, and the median performance score and TBT, in bench/results/compare-<date>.{json,md}.
// A route one side has not (a page the change adds) is measured on the other side alone.
import fs from 'node:fs';
import path from 'node:path';
import { startStaticServer } from '../dev/static/static-server';
import { buildFloor, buildSite } from './lib/build';
import { firstLoad } from './lib/first-load';
import { launchChrome, runLighthouse, withRetries, type RunResult } from './lib/lighthouse';
import { KB, median } from './lib/report';
import { siteRoutes } from '../src/content-model/routes';

const REPO = path.resolve(__dirname, '..');
const TMP = path.join(REPO, 'bench', 'tmp', 'compare');
const SIDES = ['before', 'after'] as const;
type Side = (typeof SIDES)[number];

type Options = { checkouts: Record<Side, string>; runs: number; routes: string[]; reuse: boolean };

function parseArgs(argv: string[]): Options {
  const checkouts: Partial<Record<Side, string>> = {};
  let runs = 3;
  let routes = siteRoutes();
  let reuse = false;
  for (let i = 0; i < argv.length; i++) {
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`${argv[i - 1]} needs a value`);
      return next;
    };
    const arg = argv[i];
    if (arg === '--before' || arg === '--after') checkouts[arg.slice(2) as Side] = path.resolve(value());
    else if (arg === '--runs') runs = Number(value());
    else if (arg === '--routes') routes = value().split(',');
    else if (arg === '--reuse') reuse = true;
    else throw new Error(`unknown option ${arg}`);
  }
  if (!checkouts.before || !checkouts.after) throw new Error('--before and --after (checkouts) are required');
  for (const side of SIDES) {
    if (!fs.existsSync(path.join(checkouts[side]!, 'node_modules', 'gatsby'))) {
      throw new Error(`${checkouts[side]} has no node_modules: run npm ci there first`);
    }
  }
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive integer');
  return { checkouts: checkouts as Record<Side, string>, runs, routes, reuse };
}

const log = (message: string) => process.stdout.write(`[compare] ${message}\n`);

function reactVersion(checkout: string): string {
  return JSON.parse(fs.readFileSync(path.join(checkout, 'node_modules', 'react', 'package.json'), 'utf8')).version;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  fs.mkdirSync(TMP, { recursive: true });
  const sites = {} as Record<Side, string>;
  const floors = {} as Record<Side, string>;
  for (const side of SIDES) {
    const checkout = options.checkouts[side];
    floors[side] = path.join(TMP, side, 'floor');
    sites[side] = path.join(TMP, side, 'site');
    const built =
      fs.existsSync(path.join(sites[side], 'index.html')) && fs.existsSync(path.join(floors[side], 'public'));
    if (options.reuse && built) {
      log(`${side}: --reuse, measuring the builds made earlier in ${path.relative(REPO, path.join(TMP, side))}`);
      continue;
    }
    log(`${side}: building the floor and the site in ${checkout} (React ${reactVersion(checkout)}) …`);
    await buildFloor(
      checkout,
      path.join(checkout, 'bench', 'floor-fixture'),
      floors[side],
      path.join(TMP, `${side}-floor.log`),
    );
    await buildSite(checkout, sites[side], path.join(TMP, `${side}-build.log`));
  }

  const servers = {} as Record<Side, Awaited<ReturnType<typeof startStaticServer>>>;
  for (const side of SIDES) servers[side] = await startStaticServer({ root: sites[side], host: '127.0.0.1' });
  const runs = new Map<string, Record<Side, RunResult[]>>(options.routes.map((r) => [r, { before: [], after: [] }]));
  const chrome = await launchChrome();
  try {
    for (let round = 0; round < options.runs; round++) {
      for (const route of options.routes) {
        // Alternate which side goes first, so neither always gets the warmer or the quieter moment.
        const order = round % 2 === 0 ? SIDES : [...SIDES].reverse();
        for (const side of order.filter((candidate) => hasRoute(sites[candidate], route))) {
          const result = await withRetries(() => runLighthouse(chrome, servers[side].url + route, 'mobile'));
          runs.get(route)![side].push(result);
          log(
            `round ${round + 1} ${route} ${side}: perf ${result.performance.toFixed(2)} TBT ${Math.round(result.tbtMs)} ms`,
          );
        }
      }
    }
  } finally {
    await chrome.kill();
    for (const side of SIDES) await servers[side].close();
  }

  const floorJs = Object.fromEntries(
    SIDES.map((side) => [side, firstLoad(path.join(floors[side], 'public'), '/').jsGzipBytes]),
  ) as Record<Side, number>;
  const rows = options.routes.map((route) => {
    const row = { route } as Record<string, unknown>;
    for (const side of SIDES) {
      if (!hasRoute(sites[side], route)) {
        row[side] = null;
        continue;
      }
      const js = firstLoad(sites[side], route).jsGzipBytes;
      const results = runs.get(route)![side];
      row[side] = {
        firstLoadJsKb: +(js / KB).toFixed(1),
        overFloorKb: +((js - floorJs[side]) / KB).toFixed(1),
        fetchedJsBytes: median(results.map((r) => r.fetched.scriptBytes)),
        fetchedDataBytes: median(results.map((r) => r.fetched.dataBytes)),
        performance: median(results.map((r) => r.performance)),
        tbtMs: Math.round(median(results.map((r) => r.tbtMs))),
        eachRun: results.map((r) => ({ performance: r.performance, tbtMs: Math.round(r.tbtMs) })),
      };
    }
    return row;
  });
  const result = {
    date: new Date().toISOString(),
    runsPerRoute: options.runs,
    checkouts: options.checkouts,
    react: Object.fromEntries(SIDES.map((side) => [side, reactVersion(options.checkouts[side])])),
    floorFirstLoadJsKb: Object.fromEntries(SIDES.map((side) => [side, +(floorJs[side] / KB).toFixed(1)])),
    routes: rows,
  };
  const stamp = result.date.slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
  const out = path.join(REPO, 'bench', 'results', `compare-${stamp}`);
  fs.writeFileSync(`${out}.json`, JSON.stringify(result, null, 2) + '\n');
  fs.writeFileSync(`${out}.md`, markdown(result));
  log(`written ${path.relative(REPO, out)}.{json,md}`);
  process.stdout.write(markdown(result));
}

/** Whether a built site has a page at `route` (a page one side of the comparison adds is measured on that side only). */
function hasRoute(site: string, route: string): boolean {
  return fs.existsSync(path.join(site, route, 'index.html'));
}

type Measured = {
  firstLoadJsKb: number;
  overFloorKb: number;
  fetchedJsBytes: number;
  fetchedDataBytes: number;
  performance: number;
  tbtMs: number;
};

function markdown(result: {
  date: string;
  runsPerRoute: number;
  react: Record<string, string>;
  floorFirstLoadJsKb: Record<string, number>;
  routes: Record<string, unknown>[];
}): string {
  const lines = [
    `# Before/after, ${result.date} (mobile, median of ${result.runsPerRoute}, interleaved)`,
    '',
    `Before: React ${result.react.before}, floor ${result.floorFirstLoadJsKb.before} KB gzip. ` +
      `After: React ${result.react.after}, floor ${result.floorFirstLoadJsKb.after} KB gzip.`,
    '',
    'First-load JS is computed from each build (bench/lib/first-load.ts); JS and data fetched by idle are what the ' +
      "browser fetched from the site's origin during Lighthouse's run, gzip as served, headers included (median).",
    '',
    '| Route | First-load JS before → after (KB gzip) | Over the floor before → after (KB) | JS fetched by idle before → after (KB) | Data fetched by idle before → after (KB) | Performance before → after | TBT before → after (ms) |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  // A route only one side has (a page the change adds) shows "—" on the other.
  const cell = (row: Record<string, unknown>, show: (measured: Measured) => string | number) =>
    (['before', 'after'] as const).map((side) => (row[side] ? show(row[side] as Measured) : '—')).join(' → ');
  // Bytes fetched: both sides in KB, and the change in bytes, which is what a budget of half a KB is about.
  const fetchedCell = (row: Record<string, unknown>, bytes: (measured: Measured) => number) => {
    const shown = cell(row, (m) => (bytes(m) / KB).toFixed(1));
    if (!row.before || !row.after) return shown;
    const change = bytes(row.after as Measured) - bytes(row.before as Measured);
    return `${shown} (${change >= 0 ? '+' : ''}${change} B)`;
  };
  for (const row of result.routes) {
    lines.push(
      `| ${row.route} | ${cell(row, (m) => m.firstLoadJsKb)} | ${cell(row, (m) => m.overFloorKb)} | ` +
        `${fetchedCell(row, (m) => m.fetchedJsBytes)} | ${fetchedCell(row, (m) => m.fetchedDataBytes)} | ` +
        `${cell(row, (m) => m.performance.toFixed(2))} | ${cell(row, (m) => m.tbtMs)} |`,
    );
  }
  return lines.join('\n') + '\n';
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
