// Medians, targets and the markdown table.
import type { BuildInfo } from './build';
import type { EarlyInputSummary, EarlyProfile } from './early-input';
import type { FirstLoad } from './first-load';
import type { FormFactor, RunResult } from './lighthouse';

/** The median of each figure over a route's runs, and the figures that vary most, run by run. */
export type Summary = RunResult & {
  runs: number;
  eachRun: { performance: number[]; tbtMs: number[]; hostBenchmarkIndex: number[] };
};

export type TargetResult = {
  route: string;
  formFactor: FormFactor;
  summary: Summary;
  /** Ratios and delta to the floor measured in the same bench run. */
  vsFloor: { lcp: number; tbt: number; tbtDeltaMs: number; firstLoadJsDeltaKb: number };
};

export type BenchResult = {
  date: string;
  lighthouse: string;
  chromium: string;
  runsPerTarget: number;
  build?: BuildInfo;
  floorBuild?: BuildInfo;
  floor: { firstLoad: FirstLoad; mobile?: Summary; desktop?: Summary };
  routes: { route: string; firstLoad: FirstLoad; mobile?: Summary; desktop?: Summary }[];
  targets: { description: string; met: boolean; detail: string }[];
  /** Issue 11: visible → interactive and tap → chat panel, per route and profile (Playwright). */
  earlyInput?: { profile: string; routes: ({ route: string } & Partial<Record<EarlyProfile, EarlyInputSummary>>)[] };
};

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Each metric's median on its own (the scores too); lists are the union over the runs. */
export function summarise(runs: RunResult[]): Summary {
  const pick = (key: keyof RunResult) => median(runs.map((run) => run[key] as number));
  return {
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    seo: pick('seo'),
    lcpMs: pick('lcpMs'),
    tbtMs: pick('tbtMs'),
    fcpMs: pick('fcpMs'),
    cls: pick('cls'),
    transferBytes: pick('transferBytes'),
    fetched: {
      scriptBytes: median(runs.map((run) => run.fetched.scriptBytes)),
      dataBytes: median(runs.map((run) => run.fetched.dataBytes)),
    },
    thirdParty: [...new Set(runs.flatMap((run) => run.thirdParty))],
    failing: [...new Set(runs.flatMap((run) => run.failing))],
    lcpElement: runs[0]?.lcpElement,
    hostBenchmarkIndex: pick('hostBenchmarkIndex'),
    runs: runs.length,
    eachRun: {
      performance: runs.map((run) => run.performance),
      tbtMs: runs.map((run) => Math.round(run.tbtMs)),
      hostBenchmarkIndex: runs.map((run) => Math.round(run.hostBenchmarkIndex)),
    },
  };
}

export const KB = 1024;
const LCP_TBT_RATIO = 1.15;
const FIRST_LOAD_BUDGET_KB = 20;

/** TBT ratio with a floor of 0 ms is only "within" when the route is 0 ms too; reported as Infinity. */
export function ratio(value: number, floor: number): number {
  if (floor === 0) return value === 0 ? 1 : Infinity;
  return value / floor;
}

export function evaluateTargets(result: BenchResult): BenchResult['targets'] {
  const targets: BenchResult['targets'] = [];
  const check = (description: string, failures: string[]) =>
    targets.push({ description, met: failures.length === 0, detail: failures.join('; ') || 'all routes' });
  const mobile = result.routes.filter((route) => route.mobile);
  const floorMobile = result.floor.mobile;

  check(
    'mobile performance = 1.00',
    mobile.filter((r) => r.mobile!.performance < 1).map((r) => `${r.route} ${r.mobile!.performance.toFixed(2)}`),
  );
  for (const [key, label] of [
    ['accessibility', 'accessibility'],
    ['bestPractices', 'best practices'],
    ['seo', 'SEO'],
  ] as const) {
    const failures: string[] = [];
    for (const route of result.routes) {
      for (const ff of ['mobile', 'desktop'] as const) {
        const summary = route[ff];
        if (summary && summary[key] < 1) failures.push(`${route.route} (${ff}) ${summary[key].toFixed(2)}`);
      }
    }
    check(`${label} = 1.00`, failures);
  }
  check(
    'CLS = 0',
    result.routes.flatMap((r) =>
      (['mobile', 'desktop'] as const)
        .filter((ff) => r[ff] && r[ff]!.cls > 0)
        .map((ff) => `${r.route} (${ff}) ${r[ff]!.cls.toFixed(3)}`),
    ),
  );
  if (floorMobile) {
    check(
      `mobile LCP <= ${LCP_TBT_RATIO}x floor (${Math.round(floorMobile.lcpMs)} ms)`,
      mobile
        .filter((r) => ratio(r.mobile!.lcpMs, floorMobile.lcpMs) > LCP_TBT_RATIO)
        .map((r) => `${r.route} ${Math.round(r.mobile!.lcpMs)} ms`),
    );
    check(
      `mobile TBT <= ${LCP_TBT_RATIO}x floor (${Math.round(floorMobile.tbtMs)} ms)`,
      mobile
        .filter((r) => ratio(r.mobile!.tbtMs, floorMobile.tbtMs) > LCP_TBT_RATIO)
        .map((r) => `${r.route} ${Math.round(r.mobile!.tbtMs)} ms`),
    );
  }
  const floorJs = result.floor.firstLoad.jsGzipBytes;
  check(
    `first-load JS <= floor + ${FIRST_LOAD_BUDGET_KB} KB gzip (${(floorJs / KB).toFixed(1)} KB)`,
    result.routes
      .filter((r) => r.firstLoad.jsGzipBytes - floorJs > FIRST_LOAD_BUDGET_KB * KB)
      .map((r) => `${r.route} +${((r.firstLoad.jsGzipBytes - floorJs) / KB).toFixed(1)} KB`),
  );
  check(
    'no chat engine / Supabase client / zod in first-load JS',
    result.routes.filter((r) => r.firstLoad.forbidden.length).map((r) => `${r.route}: ${r.firstLoad.forbidden[0]}`),
  );
  check(
    'no third-party requests',
    result.routes.flatMap((r) =>
      [...(r.mobile?.thirdParty ?? []), ...(r.desktop?.thirdParty ?? [])].map((url) => `${r.route}: ${url}`),
    ),
  );
  return targets;
}

const score = (value: number) => value.toFixed(2);
const ms = (value: number) => `${Math.round(value)}`;
const kb = (bytes: number) => (bytes / KB).toFixed(1);
const times = (value: number) => (Number.isFinite(value) ? `${value.toFixed(2)}x` : 'n/a');

function table(result: BenchResult, ff: FormFactor): string {
  const floor = result.floor[ff];
  if (!floor) return '';
  const floorJs = result.floor.firstLoad.jsGzipBytes;
  const head =
    '| Route | Perf | A11y | BP | SEO | LCP ms (x floor) | TBT ms (x floor) | CLS | Transfer KB | First-load JS KB gz (vs floor) | Host index |\n' +
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n';
  const row = (name: string, s: Summary, js: number, isFloor: boolean) =>
    `| ${name} | ${score(s.performance)} | ${score(s.accessibility)} | ${score(s.bestPractices)} | ${score(s.seo)} | ` +
    `${ms(s.lcpMs)}${isFloor ? '' : ` (${times(ratio(s.lcpMs, floor.lcpMs))})`} | ` +
    `${ms(s.tbtMs)}${isFloor ? '' : ` (${times(ratio(s.tbtMs, floor.tbtMs))})`} | ${s.cls.toFixed(3)} | ` +
    `${kb(s.transferBytes)} | ${kb(js)}${isFloor ? '' : ` (${js >= floorJs ? '+' : ''}${kb(js - floorJs)})`} | ` +
    `${Math.round(s.hostBenchmarkIndex)} |\n`;
  let out = head + row('floor', floor, floorJs, true);
  for (const route of result.routes) {
    if (route[ff]) out += row(route.route, route[ff]!, route.firstLoad.jsGzipBytes, false);
  }
  return out;
}

function earlyInputTable(early: NonNullable<BenchResult['earlyInput']>): string {
  let out =
    '| Route | Profile | Control | Visible ms | Interactive ms | Visible → interactive ms | Tap → chat panel, tapped before hydration ms | Tap → chat panel, after hydration ms |\n' +
    '| --- | --- | --- | --- | --- | --- | --- | --- |\n';
  for (const route of early.routes) {
    for (const profile of ['phone', 'desktop'] as const) {
      const s = route[profile];
      if (!s) continue;
      out +=
        `| ${route.route} | ${profile} | ${s.control} | ${ms(s.visibleMs)} | ${ms(s.interactiveMs)} | ` +
        `${ms(s.interactiveMs - s.visibleMs)} | ${ms(s.tapToPanelBeforeHydrationMs)} | ${ms(s.tapToPanelAfterHydrationMs)} |\n`;
    }
  }
  return out;
}

export function markdown(result: BenchResult): string {
  const lines: string[] = [];
  lines.push(`## Lighthouse benchmark — ${result.date.slice(0, 10)}`, '');
  lines.push(
    `Measured ${result.date.replace('T', ' ').slice(0, 16)} UTC, Lighthouse ${result.lighthouse}, ${result.chromium}, ` +
      `median of ${result.runsPerTarget} runs per route and form factor, production build served from 127.0.0.1 ` +
      'by dev/static/static-server.ts. The floor is the bare Gatsby page in bench/floor-fixture. "Host index" is ' +
      "Lighthouse's benchmarkIndex of this machine during the runs (median): on a shared machine it varies, and " +
      'simulated throttling turns a slower moment into more TBT.',
    '',
  );
  for (const ff of ['mobile', 'desktop'] as const) {
    if (!result.floor[ff]) continue;
    lines.push(
      `### ${ff === 'mobile' ? 'Mobile (default, simulated throttling)' : 'Desktop (desktop preset)'}`,
      '',
      table(result, ff),
    );
  }
  if (result.earlyInput) {
    lines.push(
      '### Early input (Playwright)',
      '',
      `${result.earlyInput.profile} Median of ${result.earlyInput.routes[0]?.phone?.runs ?? result.earlyInput.routes[0]?.desktop?.runs} runs. ` +
        'Times from navigation start; "before hydration" is a tap the moment the launcher is visible ' +
        '(the panel opens once the page is interactive and its code has arrived).',
      '',
      earlyInputTable(result.earlyInput),
    );
  }
  lines.push('### Targets', '');
  for (const target of result.targets) {
    lines.push(
      `- ${target.met ? 'met' : '**not met**'}: ${target.description}${target.met ? '' : ` — ${target.detail}`}`,
    );
  }
  lines.push('');
  if (result.build) {
    lines.push(
      `### Build`,
      '',
      `\`npm run build\`: ${result.build.wallSeconds.toFixed(1)} s wall (built ${result.build.builtAt.slice(0, 16)}). ` +
        `Slowest steps: ${result.build.steps
          .slice(0, 6)
          .map((s) => `${s.step} ${s.seconds.toFixed(1)} s`)
          .join(', ')}.`,
    );
    if (result.floorBuild) lines.push('', `Floor build: ${result.floorBuild.wallSeconds.toFixed(1)} s wall.`);
    lines.push('');
  }
  return lines.join('\n');
}
