// Every route at one width, in a real browser against the production build: the look kept through hydration,
// one h1 and the shared layout, no errors, axe at zero, and a full-page screenshot for the review. One load of
// each route serves all of its checks. Each width is a test file of its own (routes-375.test.ts,
// routes-1280.test.ts), so the two run side by side.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, openPage, type Viewport } from './browser';
import { serveBuild } from './test-env';
import { ROUTES, screenshotName } from './routes';
import { screenshotPath } from './artifacts';
import { axeViolations } from './axe';
import { waitForHydration } from './phone-profile';
import type { StaticServer } from '../../../dev/static/static-server';
import { GATSBY_ROOT_ID, HYDRATED_ATTRIBUTE } from '../../../src/early-input/attributes';
import { VISIT_ID_STORAGE_KEY } from '../../../src/insights/visit-id';

let browser: Browser;
let site: StaticServer;

// Hydration must not change how a page looks. The page is painted from the server-rendered HTML and CSS
// before any script runs; when the scripts start, styled-components adds its own copy of the rules
// (src/styles/server-rendered-styles.tsx). Every element's computed style is recorded before the first
// script is let through and compared once the page has hydrated: a rule that lands in a different place in
// the cascade, or a class name the browser computes differently from the server, shows up here.
type LookWindow = Window & { lookAtHydration?: Promise<{ recorded: number; changes: string[] }> };

/**
 * Records every element's computed style now, with every animation paused at its start (where the
 * server-rendered page holds it: the background's drift runs after hydration, and its motion is not what this
 * comparison is about), and compares them at the moment hydration commits: when the site marks its root
 * hydrated, before any update a component schedules from its mount effects (a page that reads its link's
 * fragment shows what it found a moment later, as the visitor is meant to see it).
 */
function compareLookAtHydration(page: Page, mark: { rootId: string; attribute: string }): Promise<void> {
  return page.evaluate(({ rootId, attribute }) => {
    const rewindMotion = () => {
      for (const animation of document.getAnimations()) {
        animation.pause();
        animation.currentTime = 0;
      }
    };
    rewindMotion();
    const look = new Map<Element, Record<string, string>>();
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const style = getComputedStyle(element);
      const values: Record<string, string> = {};
      for (const property of Array.from(style)) {
        if (!/^(animation|transition)/.test(property)) values[property] = style.getPropertyValue(property);
      }
      look.set(element, values);
    }
    const root = document.getElementById(rootId)!;
    (window as LookWindow).lookAtHydration = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        if (!root.hasAttribute(attribute)) return;
        observer.disconnect();
        rewindMotion();
        const changes: string[] = [];
        look.forEach((values, element) => {
          if (!element.isConnected) return;
          const style = getComputedStyle(element);
          for (const [property, before] of Object.entries(values)) {
            const after = style.getPropertyValue(property);
            if (after !== before)
              changes.push(
                `<${element.tagName.toLowerCase()} class="${element.className}"> ${property}: ${before} → ${after}`,
              );
          }
        });
        for (const animation of document.getAnimations()) animation.play();
        resolve({ recorded: look.size, changes });
      });
      observer.observe(root, { attributes: true, attributeFilter: [attribute] });
    });
  }, mark);
}

/**
 * Runs in the page: every animation paused at its start, for good (a paused CSS animation stays paused when its
 * play state changes later). The checks after the look are about structure, axe and the screenshot, not motion:
 * drifting, the background's three full-page layers are composited in software at every frame, which made axe's
 * contrast checks several times slower (1.4-6 s a route at 1280 px against 0.7-1.4 s held), and a background held
 * where the first paint shows it makes the screenshot the same in every run.
 */
function holdMotionAtStart() {
  for (const animation of document.getAnimations()) {
    animation.pause();
    animation.currentTime = 0;
  }
}

/** The visit id of every route visit (any fixed version 4 UUID). */
const ROUTE_VISIT_ID = '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b';

type RouteVisit = {
  context: BrowserContext;
  page: Page;
  errors: string[];
  status: number | undefined;
  /** The look compared once the page had hydrated, and the errors logged by then. */
  hydration: { recorded: number; changes: string[]; errors: string[] };
};

/**
 * One load of a route for both of its checks: the look is recorded before the first script is let through
 * and compared when the page hydrates, then the page loads on to network idle for the rest.
 */
async function visitRoute(viewport: Viewport, route: string): Promise<RouteVisit> {
  const { context, page, errors } = await openPage(browser, viewport, { motion: 'no-preference' });
  // One visit for every route and run: a page running an experiment shows the same version each time, so its
  // screenshot compares with the last run's.
  await page.addInitScript(({ key, id }) => sessionStorage.getItem(key) || sessionStorage.setItem(key, id), {
    key: VISIT_ID_STORAGE_KEY,
    id: ROUTE_VISIT_ID,
  });
  let letScriptsThrough!: () => void;
  const scriptsHeld = new Promise<void>((resolve) => (letScriptsThrough = resolve));
  await page.route(/\.js(\?.*)?$/, async (request) => {
    await scriptsHeld;
    await request.continue();
  });

  const response = await page.goto(site.url + route, { waitUntil: 'domcontentloaded' });
  await compareLookAtHydration(page, { rootId: GATSBY_ROOT_ID, attribute: HYDRATED_ATTRIBUTE });
  letScriptsThrough();
  await waitForHydration(page);
  const look = await page.evaluate(() => (window as LookWindow).lookAtHydration!);
  const hydration = { ...look, errors: [...errors] };
  await page.evaluate(holdMotionAtStart);
  await page.waitForLoadState('networkidle');
  return { context, page, errors, status: response?.status(), hydration };
}

/** The tests of every route at `viewport`'s width. */
export function describeEveryRoute(viewport: Viewport): void {
  beforeAll(async () => {
    [browser, site] = await Promise.all([launchBrowser(), serveBuild()]);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  describe(`every route at ${viewport.width} px`, () => {
    describe.each(ROUTES)('%s', (route) => {
      let visit: RouteVisit;
      beforeAll(async () => {
        visit = await visitRoute(viewport, route);
      });
      afterAll(() => visit?.context.close());

      it('looks the same after hydration as the server rendered it', () => {
        const { recorded, changes, errors } = visit.hydration;
        expect(recorded).toBeGreaterThan(50);
        expect(changes).toEqual([]);
        expect(errors).toEqual([]);
      });

      it('loads with one h1, the shared layout, no errors and no axe violations', async () => {
        const { page, errors } = visit;
        expect(visit.status).toBe(200);
        // One h1 shown (a page running an experiment holds its other versions' headings hidden).
        expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
        expect(await page.locator('html').getAttribute('lang')).toBe('en');
        await expect(page.title()).resolves.toMatch(/\S/);
        expect(await page.locator('header').first().isVisible()).toBe(true);
        expect(await page.locator('footer').isVisible()).toBe(true);
        // Every site placeholder ({uptime}, {strategyCallMinutes} …) was filled in at build time.
        expect(await page.locator('body').innerText()).not.toMatch(/\{[A-Za-z]+\}/);
        expect(await axeViolations(page)).toEqual([]);
        await page.screenshot({ path: screenshotPath(screenshotName(route, viewport.width)), fullPage: true });
        expect(errors).toEqual([]);
      });
    });
  });
}
