// Lighthouse through its node API against one Chromium (Debian's), sequential runs only.
import fs from 'node:fs';
import path from 'node:path';

export type FormFactor = 'mobile' | 'desktop';

export type RunResult = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  cls: number;
  transferBytes: number;
  /**
   * Bytes over the wire (gzip as served, headers included) the page fetched from its own origin by the time
   * Lighthouse found it idle: its scripts, and its JSON (page data, app data, static queries, the page data of links
   * Gatsby prefetches). Measured in the browser, where bench/lib/first-load.ts computes the first load from the build.
   */
  fetched: { scriptBytes: number; dataBytes: number };
  /** Requests to any origin other than the local server (fonts, analytics, CDNs…). */
  thirdParty: string[];
  /** Audits scored below 1 in accessibility, best practices and SEO (id: title). */
  failing: string[];
  lcpElement?: string;
  /**
   * Lighthouse's measure of this machine's speed during the run (`environment.benchmarkIndex`). Simulated
   * throttling multiplies the observed CPU time by 4, so a slower moment of a shared machine reads as more TBT.
   */
  hostBenchmarkIndex: number;
};

export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

type Chrome = { port: number; kill(): void | Promise<void> };

/**
 * CHROME_PATH, else Debian's full Chromium, else its headless shell, which is all a machine that only ran the tests
 * has (scripts/ensure-chromium.sh): Lighthouse runs on either.
 */
function chromePath(): string {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  const found = ['/usr/bin/chromium', '/usr/bin/chromium-headless-shell'].find((candidate) => fs.existsSync(candidate));
  if (!found)
    throw new Error("No Chromium: install Debian's chromium (or chromium-headless-shell), or set CHROME_PATH");
  return found;
}

export async function launchChrome(): Promise<Chrome> {
  const chromeLauncher = await import('chrome-launcher');
  return chromeLauncher.launch({
    chromePath: chromePath(),
    chromeFlags: CHROME_FLAGS,
  });
}

type Audit = { score: number | null; numericValue?: number; title: string; details?: unknown };
type NetworkRequest = { url: string; resourceType?: string; mimeType?: string; transferSize?: number };

function fetchedFromOrigin(requests: NetworkRequest[], origin: string): RunResult['fetched'] {
  const own = requests.filter((request) => /^https?:/.test(request.url) && new URL(request.url).origin === origin);
  const sum = (matching: NetworkRequest[]) =>
    matching.reduce((total, request) => total + (request.transferSize ?? 0), 0);
  return {
    scriptBytes: sum(own.filter((request) => request.resourceType === 'Script')),
    dataBytes: sum(own.filter((request) => request.resourceType !== 'Script' && /json/.test(request.mimeType ?? ''))),
  };
}

type Lhr = {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, Audit>;
  runtimeError?: { message: string };
  environment: { benchmarkIndex: number };
};

export async function runLighthouse(
  chrome: Chrome,
  url: string,
  formFactor: FormFactor,
  saveTo?: string,
): Promise<RunResult> {
  const { default: lighthouse } = await import('lighthouse');
  const config =
    formFactor === 'desktop' ? (await import('lighthouse/core/config/desktop-config.js')).default : undefined;
  const result = await lighthouse(
    url,
    {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    },
    config,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const lhr = result.lhr as unknown as Lhr;
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  if (saveTo) {
    fs.mkdirSync(path.dirname(saveTo), { recursive: true });
    fs.writeFileSync(saveTo, JSON.stringify(lhr));
  }

  const origin = new URL(url).origin;
  const requests = (lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)?.items ?? [];
  const thirdParty = requests
    .map((request) => request.url)
    .filter((requestUrl) => /^https?:/.test(requestUrl) && new URL(requestUrl).origin !== origin);

  const failing: string[] = [];
  for (const category of ['accessibility', 'best-practices', 'seo']) {
    for (const ref of lhr.categories[category].auditRefs) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit.score !== null && audit.score < 1) failing.push(`${ref.id}: ${audit.title}`);
    }
  }

  const lcpItems = (lhr.audits['largest-contentful-paint-element']?.details as { items?: unknown[] } | undefined)
    ?.items;
  const lcpNode = JSON.stringify(lcpItems?.[0] ?? '').match(/"snippet":"((?:[^"\\]|\\.)*)"/)?.[1];

  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    performance: lhr.categories.performance.score ?? 0,
    accessibility: lhr.categories.accessibility.score ?? 0,
    bestPractices: lhr.categories['best-practices'].score ?? 0,
    seo: lhr.categories.seo.score ?? 0,
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    fcpMs: numeric('first-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    transferBytes: numeric('total-byte-weight'),
    fetched: fetchedFromOrigin(requests, origin),
    thirdParty,
    failing,
    lcpElement: lcpNode,
    hostBenchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP): such a run is repeated, twice at most. */
export async function withRetries<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts) throw error;
      process.stdout.write(`[bench] retrying after: ${(error as Error).message}\n`);
    }
  }
}
