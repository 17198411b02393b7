// How soon a visitor can use a page (issue 11), measured in a real Chromium through Playwright on the phone
// profile the early-input browser tests use (__tests__/browser/setup/phone-profile.ts) and unthrottled
// (desktop). Per route, each run opens the page twice with `waitUntil: 'commit'`:
//   1. visible → interactive: when the route's main control (the first form field on /contact and /book,
//      the chat launcher elsewhere) is first laid out, and when the page has hydrated (the mark
//      src/early-input/hydrate.tsx sets once hydration has committed and every component has mounted); then,
//      once the browser has been idle for a moment after hydration, a tap on the chat launcher → its panel
//      visible ("after hydration");
//   2. a tap on the chat launcher as soon as it is visible → its panel visible ("before hydration").
// Times come from the page's own clock (performance.now(), 0 = navigation start), read by rAF polling.
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, MOBILE, DESKTOP } from '../../__tests__/browser/setup/browser';
import { applyPhoneProfile } from '../../__tests__/browser/setup/phone-profile';
import { median } from './report';
import { GATSBY_ROOT_ID, HYDRATED_ATTRIBUTE } from '../../src/early-input/attributes';

export type EarlyProfile = 'phone' | 'desktop';

export type EarlyInputRun = {
  control: string;
  visibleMs: number;
  interactiveMs: number;
  tapToPanelBeforeHydrationMs: number;
  tapToPanelAfterHydrationMs: number;
};
export type EarlyInputSummary = EarlyInputRun & { runs: number };

const LAUNCHER = '[data-early-action="chat"]';
const FIRST_FIELD = 'form input:not([tabindex="-1"])';
const PANEL = '[role="dialog"]:not([hidden])';

const controlFor = (route: string) => (route === '/contact' || route === '/book' ? FIRST_FIELD : LAUNCHER);

type Marks = { visible?: number; interactive?: number; tap?: number; panel?: number };

/**
 * Runs in the page before its own scripts: records when the control is laid out and hydrated, the first tap
 * on the launcher and when the panel shows. Plain JavaScript text, as tsx's helpers are not in the page.
 */
const recordMarks = (selectors: {
  control: string;
  launcher: string;
  panel: string;
  root: string;
  hydrated: string;
}) => `(function (s) {
  var marks = (window.__marks = {});
  window.addEventListener('click', function (event) {
    if (marks.tap === undefined && event.target.closest && event.target.closest(s.launcher)) marks.tap = performance.now();
  }, true);
  function tick() {
    var now = performance.now();
    var control = document.querySelector(s.control);
    if (control && marks.visible === undefined && control.getBoundingClientRect().width > 0) marks.visible = now;
    var root = document.getElementById(s.root);
    if (marks.interactive === undefined && root && root.hasAttribute(s.hydrated)) marks.interactive = now;
    if (marks.tap !== undefined && marks.panel === undefined && document.querySelector(s.panel)) marks.panel = now;
    if (marks.panel === undefined || marks.interactive === undefined) requestAnimationFrame(tick);
  }
  requestAnimationFrame(tick);
})(${JSON.stringify(selectors)});`;

async function open(browser: Browser, url: string, profile: EarlyProfile, control: string): Promise<Page> {
  const viewport = profile === 'phone' ? MOBILE : DESKTOP;
  const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
  const page = await context.newPage();
  if (profile === 'phone') await applyPhoneProfile(page, { cpuSlowdown: 'kept' });
  await page.addInitScript({
    content: recordMarks({
      control,
      launcher: LAUNCHER,
      panel: PANEL,
      root: GATSBY_ROOT_ID,
      hydrated: HYDRATED_ATTRIBUTE,
    }),
  });
  await page.goto(url, { waitUntil: 'commit' });
  return page;
}

const marksOf = (page: Page) => page.evaluate(() => (window as unknown as { __marks: Marks }).__marks);

async function waitForMark(page: Page, name: keyof Marks, timeout = 30_000) {
  await page.waitForFunction((mark) => (window as unknown as { __marks: Marks }).__marks[mark] !== undefined, name, {
    timeout,
  });
  return (await marksOf(page))[name]!;
}

async function once(browser: Browser, url: string, route: string, profile: EarlyProfile): Promise<EarlyInputRun> {
  const control = controlFor(route);
  const afterPage = await open(browser, url, profile, control);
  const visibleMs = await waitForMark(afterPage, 'visible');
  const interactiveMs = await waitForMark(afterPage, 'interactive');
  // "Once interactive": the browser has had its idle moments after hydration (the launcher preloads the
  // panel in the first one) and the network has gone quiet.
  const idle = () =>
    afterPage.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 })));
  await idle();
  await idle();
  await afterPage.waitForLoadState('networkidle');
  await afterPage.locator(LAUNCHER).click();
  const afterTap = await waitForMark(afterPage, 'panel');
  const tapToPanelAfterHydrationMs = afterTap - (await marksOf(afterPage)).tap!;
  await afterPage.context().close();

  const beforePage = await open(browser, url, profile, control);
  await beforePage.locator(LAUNCHER).waitFor({ state: 'visible' });
  await beforePage.locator(LAUNCHER).click();
  const beforePanel = await waitForMark(beforePage, 'panel');
  const tapToPanelBeforeHydrationMs = beforePanel - (await marksOf(beforePage)).tap!;
  await beforePage.context().close();

  return {
    control: control === LAUNCHER ? 'chat launcher' : 'first form field',
    visibleMs,
    interactiveMs,
    tapToPanelBeforeHydrationMs,
    tapToPanelAfterHydrationMs,
  };
}

/** Medians of `runs` runs per route and profile, sequentially, in one Chromium. */
export async function measureEarlyInput(
  siteUrl: string,
  routes: string[],
  profiles: EarlyProfile[],
  runs: number,
  log: (message: string) => void,
): Promise<Map<string, Partial<Record<EarlyProfile, EarlyInputSummary>>>> {
  const browser = await launchBrowser();
  const results = new Map<string, Partial<Record<EarlyProfile, EarlyInputSummary>>>();
  try {
    for (const route of routes) {
      const entry: Partial<Record<EarlyProfile, EarlyInputSummary>> = {};
      for (const profile of profiles) {
        const all: EarlyInputRun[] = [];
        for (let i = 0; i < runs; i++) all.push(await once(browser, siteUrl + route, route, profile));
        const pick = (key: Exclude<keyof EarlyInputRun, 'control'>) => median(all.map((run) => run[key]));
        const summary: EarlyInputSummary = {
          control: all[0].control,
          visibleMs: pick('visibleMs'),
          interactiveMs: pick('interactiveMs'),
          tapToPanelBeforeHydrationMs: pick('tapToPanelBeforeHydrationMs'),
          tapToPanelAfterHydrationMs: pick('tapToPanelAfterHydrationMs'),
          runs,
        };
        entry[profile] = summary;
        log(
          `early input ${route} ${profile}: ${summary.control} visible ${Math.round(summary.visibleMs)} ms, ` +
            `interactive ${Math.round(summary.interactiveMs)} ms; tap → chat panel ` +
            `${Math.round(summary.tapToPanelBeforeHydrationMs)} ms before hydration, ` +
            `${Math.round(summary.tapToPanelAfterHydrationMs)} ms after`,
        );
      }
      results.set(route, entry);
    }
  } finally {
    await browser.close();
  }
  return results;
}
