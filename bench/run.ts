// npm run bench [-- --reuse] [--runs 5] [--rebuild-floor] [--routes /,/pricing] [--form-factors mobile]
//                [--early-runs 3]
//
// Builds the site (under /tmp/build.lock) and copies public/ to bench/tmp/site, builds the bare-Gatsby floor
// in bench/tmp/floor-site (cached; --rebuild-floor to redo), serves each copy on 127.0.0.1 and runs
// Lighthouse on every route, mobile and desktop, sequentially, reporting medians and ratios to the floor;
// then the early-input timings (bench/lib/early-input.ts) of the site on the phone profile and desktop
// (--early-runs 0 skips them).
// Full runs write bench/results/latest.{json,md}; runs limited with --routes or --form-factors write
// bench/tmp/partial.{json,md} instead, so the committed table always covers everything.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startStaticServer } from '../dev/static/static-server';
import { buildFloor, buildSite, copyPublic, type BuildInfo } from './lib/build';
import { firstLoad } from './lib/first-load';
import { measureEarlyInput, type EarlyProfile } from './lib/early-input';
import { launchChrome, runLighthouse, withRetries, type FormFactor, type RunResult } from './lib/lighthouse';
import { siteRoutes } from '../src/content-model/routes';
import { evaluateTargets, KB, markdown, ratio, summarise, type BenchResult, type Summary } from './lib/report';
import { PHONE_PROFILE } from '../__tests__/browser/setup/phone-profile';
import { MOBILE } from '../__tests__/browser/setup/browser';

const REPO = path.resolve(__dirname, '..');
const TMP = path.join(REPO, 'bench', 'tmp');
const SITE = path.join(TMP, 'site');
const FLOOR_DIR = path.join(TMP, 'floor-site');
const ROUTES = siteRoutes();

type Options = {
  reuse: boolean;
  runs: number;
  rebuildFloor: boolean;
  routes: string[];
  formFactors: FormFactor[];
  partial: boolean;
  earlyRuns: number;
};

function parseArgs(argv: string[]): Options {
  const options: Options = {
    reuse: false,
    // Lighthouse's variability guide: the median of 5 runs roughly halves the spread of a single run.
    runs: 5,
    rebuildFloor: false,
    routes: ROUTES,
    formFactors: ['mobile', 'desktop'],
    partial: false,
    earlyRuns: 3,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`${arg} needs a value`);
      return next;
    };
    if (arg === '--reuse') options.reuse = true;
    else if (arg === '--rebuild-floor') options.rebuildFloor = true;
    else if (arg === '--runs') options.runs = Number(value());
    else if (arg === '--early-runs') options.earlyRuns = Number(value());
    else if (arg === '--routes') {
      options.routes = value().split(',');
      options.partial = true;
    } else if (arg === '--form-factors') {
      options.formFactors = value().split(',') as FormFactor[];
      options.partial = true;
    } else throw new Error(`unknown option ${arg}`);
  }
  if (!Number.isInteger(options.runs) || options.runs < 1) throw new Error('--runs must be a positive integer');
  if (!Number.isInteger(options.earlyRuns) || options.earlyRuns < 0)
    throw new Error('--early-runs must be a whole number');
  for (const route of options.routes) if (!ROUTES.includes(route)) throw new Error(`unknown route ${route}`);
  for (const ff of options.formFactors)
    if (ff !== 'mobile' && ff !== 'desktop') throw new Error(`bad form factor ${ff}`);
  return options;
}

const log = (message: string) => process.stdout.write(`[bench] ${message}\n`);

async function prepareSite(options: Options): Promise<BuildInfo | undefined> {
  const infoFile = path.join(TMP, 'site-build.json');
  if (options.reuse) {
    if (!fs.existsSync(path.join(SITE, 'index.html'))) {
      log('--reuse: no earlier copy in bench/tmp/site, copying the current public/');
      await copyPublic(REPO, SITE, path.join(TMP, 'copy.log'));
      fs.rmSync(infoFile, { force: true });
    } else log('--reuse: measuring the build copied earlier to bench/tmp/site');
    return fs.existsSync(infoFile) ? (JSON.parse(fs.readFileSync(infoFile, 'utf8')) as BuildInfo) : undefined;
  }
  log('building the site (npm run build, waiting for /tmp/build.lock) …');
  const info = await buildSite(REPO, SITE, path.join(TMP, 'build.log'));
  fs.writeFileSync(infoFile, JSON.stringify(info, null, 2));
  log(`built in ${info.wallSeconds.toFixed(1)} s`);
  return info;
}

async function prepareFloor(options: Options): Promise<BuildInfo | undefined> {
  const infoFile = path.join(TMP, 'floor-build.json');
  const fixture = path.join(REPO, 'bench', 'floor-fixture');
  const built = fs.existsSync(path.join(FLOOR_DIR, 'public', 'index.html')) && fs.existsSync(infoFile);
  if (built && !options.rebuildFloor) {
    log('floor: reusing the build in bench/tmp/floor-site (--rebuild-floor to redo)');
    return JSON.parse(fs.readFileSync(infoFile, 'utf8')) as BuildInfo;
  }
  log('floor: building bench/floor-fixture …');
  const info = await buildFloor(REPO, fixture, FLOOR_DIR, path.join(TMP, 'floor-build.log'));
  fs.writeFileSync(infoFile, JSON.stringify(info, null, 2));
  return info;
}

async function measure(
  chrome: Awaited<ReturnType<typeof launchChrome>>,
  root: string,
  name: string,
  routes: string[],
  options: Options,
): Promise<Map<string, Partial<Record<FormFactor, Summary>>>> {
  const server = await startStaticServer({ root, host: '127.0.0.1' });
  const results = new Map<string, Partial<Record<FormFactor, Summary>>>();
  try {
    for (const route of routes) {
      const entry: Partial<Record<FormFactor, Summary>> = {};
      for (const ff of options.formFactors) {
        const runs: RunResult[] = [];
        for (let i = 0; i < options.runs; i++) {
          const slug = `${name}${route === '/' ? '-index' : route.replace(/\//g, '-')}-${ff}-${i + 1}`;
          runs.push(
            await withRetries(() =>
              runLighthouse(chrome, server.url + route, ff, path.join(TMP, 'lhr', `${slug}.json`)),
            ),
          );
        }
        entry[ff] = summarise(runs);
        const s = entry[ff]!;
        log(
          `${name} ${route} ${ff}: perf ${s.performance.toFixed(2)} a11y ${s.accessibility.toFixed(2)} ` +
            `bp ${s.bestPractices.toFixed(2)} seo ${s.seo.toFixed(2)} LCP ${Math.round(s.lcpMs)} ms ` +
            `TBT ${Math.round(s.tbtMs)} ms (runs ${s.eachRun.tbtMs.join('/')}) CLS ${s.cls.toFixed(3)}` +
            (s.failing.length ? `\n    failing: ${s.failing.join(' | ')}` : ''),
        );
      }
      results.set(route, entry);
    }
  } finally {
    await server.close();
  }
  return results;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const started = Date.now();
  fs.mkdirSync(TMP, { recursive: true });
  fs.rmSync(path.join(TMP, 'lhr'), { recursive: true, force: true });

  const floorBuild = await prepareFloor(options);
  const build = await prepareSite(options);

  const floorRoot = path.join(FLOOR_DIR, 'public');
  const floorFirstLoad = firstLoad(floorRoot, '/');
  const routeFirstLoad = new Map(options.routes.map((route) => [route, firstLoad(SITE, route)]));

  const chrome = await launchChrome();
  let floorSummary: Partial<Record<FormFactor, Summary>>;
  let routeSummaries: Map<string, Partial<Record<FormFactor, Summary>>>;
  try {
    floorSummary = (await measure(chrome, floorRoot, 'floor', ['/'], options)).get('/')!;
    routeSummaries = await measure(chrome, SITE, 'site', options.routes, options);
  } finally {
    await chrome.kill();
  }
  const earlyProfiles = options.formFactors.map((ff): EarlyProfile => (ff === 'mobile' ? 'phone' : 'desktop'));
  let earlyInput: BenchResult['earlyInput'];
  if (options.earlyRuns > 0) {
    const server = await startStaticServer({ root: SITE, host: '127.0.0.1' });
    try {
      const measured = await measureEarlyInput(server.url, options.routes, earlyProfiles, options.earlyRuns, log);
      earlyInput = {
        profile:
          `Phone: Chromium at ${MOBILE.width} px, CPU ${PHONE_PROFILE.cpuSlowdown}x slower, ${PHONE_PROFILE.rttMs} ms round trip, ` +
          `${PHONE_PROFILE.downloadKbps / 1000} Mbps down (CDP emulation); desktop: 1280 px, no throttling.`,
        routes: options.routes.map((route) => ({ route, ...measured.get(route) })),
      };
    } finally {
      await server.close();
    }
  }

  const result: BenchResult = {
    date: new Date().toISOString(),
    lighthouse: (JSON.parse(fs.readFileSync(require.resolve('lighthouse/package.json'), 'utf8')) as { version: string })
      .version,
    chromium: execFileSync(process.env.CHROME_PATH || '/usr/bin/chromium', ['--version'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim(),
    runsPerTarget: options.runs,
    build,
    floorBuild,
    floor: { firstLoad: floorFirstLoad, ...floorSummary },
    routes: options.routes.map((route) => ({
      route,
      firstLoad: routeFirstLoad.get(route)!,
      ...routeSummaries.get(route),
    })),
    targets: [],
    earlyInput,
  };
  result.targets = evaluateTargets(result);

  log('');
  for (const ff of options.formFactors) {
    const floor = floorSummary[ff]!;
    for (const route of result.routes) {
      const s = route[ff]!;
      log(
        `${ff.padEnd(7)} ${route.route.padEnd(16)} LCP ${ratio(s.lcpMs, floor.lcpMs).toFixed(2)}x floor, ` +
          `TBT ${ratio(s.tbtMs, floor.tbtMs).toFixed(2)}x floor (${Math.round(s.tbtMs - floor.tbtMs)} ms), ` +
          `first-load JS ${((route.firstLoad.jsGzipBytes - floorFirstLoad.jsGzipBytes) / KB).toFixed(1)} KB over floor`,
      );
    }
  }
  const md = markdown(result);
  const outDir = options.partial ? TMP : path.join(REPO, 'bench', 'results');
  const base = options.partial ? 'partial' : 'latest';
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, `${base}.json`), `${JSON.stringify(result, null, 2)}\n`);
  fs.writeFileSync(path.join(outDir, `${base}.md`), md);
  process.stdout.write(`\n${md}\n`);
  log(
    `wrote ${path.relative(REPO, path.join(outDir, base))}.{json,md} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
