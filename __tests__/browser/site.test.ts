// Every route in a real browser against the production build: structure, navigation, the mobile menu,
// axe at phone and desktop widths, screenshots for review, and the look kept through hydration (one load of
// each route at each width serves its look, structure, axe and screenshot checks).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, MOBILE, VIEWPORTS, launchBrowser, openPage, type Viewport } from './setup/browser';
import { serveBuild } from './setup/test-env';
import { ROUTES, screenshotName } from './setup/routes';
import { screenshotPath } from './setup/artifacts';
import { axeViolations } from './setup/axe';
import { gotoHydrated, waitForAttribute } from './setup/wait';
import { waitForHydration } from './setup/phone-profile';
import { site as siteCopy } from './setup/copy';
import { single } from '../helpers/content-fixtures';
import * as spec from '../fixtures/spec-texts';
import type { StaticServer } from '../../dev/static/static-server';
import { GATSBY_ROOT_ID, HYDRATED_ATTRIBUTE } from '../../src/early-input/attributes';

let browser: Browser;
let site: StaticServer;

beforeAll(async () => {
  [browser, site] = await Promise.all([launchBrowser(), serveBuild()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

it('gives every route its own title and description', async () => {
  const { context, page } = await openPage(browser, DESKTOP);
  const seen = new Map<string, string>();
  for (const route of ROUTES) {
    await page.goto(site.url + route);
    const title = await page.title();
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description).toBeTruthy();
    expect(seen.has(title)).toBe(false);
    seen.set(title, route);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(
      new RegExp(`${route === '/' ? '/' : route}$`),
    );
  }
  await context.close();
});

it('reaches the right routes from the navigation and the footer, without reloading the layout', async () => {
  const { context, page } = await openPage(browser, DESKTOP);
  // Client-side navigation starts once React has attached (a link clicked before that loads the page, as it
  // should).
  await gotoHydrated(page, site.url + '/');
  await page.evaluate(() => ((window as unknown as { layoutMarker: string }).layoutMarker = 'kept'));
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [name, route] of [
    [spec.navigation[0], '/services'],
    [spec.navigation[1], '/pricing'],
    [spec.navigation[2], '/contact'],
    [spec.navigationCta, '/book'],
  ]) {
    await nav.getByRole('link', { name }).click();
    await page.waitForURL(site.url + route);
    if (name !== spec.navigationCta) {
      await waitForAttribute(nav.getByRole('link', { name }), 'aria-current', 'page');
    }
  }
  const footer = page.getByRole('contentinfo');
  const footerLinks = siteCopy.footer.columns.flatMap((column) => column.links);
  for (const route of ['/privacy-policy', '/terms', '/services', '/pricing', '/contact']) {
    const { label: name } = footerLinks.find((link) => link.to === route)!;
    await footer.getByRole('link', { name, exact: true }).click();
    await page.waitForURL(site.url + route);
    expect(await page.locator('h1').count()).toBe(1);
  }
  // Client-side navigation: the window (and the layout in it) was never reloaded.
  expect(await page.evaluate(() => (window as unknown as { layoutMarker?: string }).layoutMarker)).toBe('kept');
  await context.close();
});

it('links every plan to /contact', async () => {
  const { context, page } = await openPage(browser, DESKTOP);
  await gotoHydrated(page, site.url + '/pricing');
  const quotes = page.getByRole('link', { name: new RegExp(spec.quoteCtaLabel) });
  expect(await quotes.count()).toBe(4);
  for (const href of await quotes.evaluateAll((links) => links.map((link) => link.getAttribute('href')))) {
    expect(href).toBe('/contact');
  }
  await quotes.nth(1).click();
  await page.waitForURL(site.url + '/contact');
  await context.close();
});

describe('mobile menu at 375 px', () => {
  it('opens, navigates, closes on navigation and on Escape', async () => {
    const { context, page } = await openPage(browser, MOBILE);
    await gotoHydrated(page, site.url + '/');
    const toggle = page.getByRole('button', { name: siteCopy.menuLabel });
    const pricing = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: spec.navigation[1] });
    await expect(pricing.isVisible()).resolves.toBe(false);
    await toggle.click();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(pricing.isVisible()).resolves.toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await pricing.click();
    await page.waitForURL(site.url + '/pricing');
    await waitForAttribute(toggle, 'aria-expanded', 'false');
    await expect(pricing.isVisible()).resolves.toBe(false);

    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true);
    await context.close();
  });

  it('keeps every page within the screen width', async () => {
    const { context, page } = await openPage(browser, { ...MOBILE, width: 320 });
    for (const route of ROUTES) {
      await gotoHydrated(page, site.url + route);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect({ route, overflow }).toEqual({ route, overflow: 0 });
    }
    await context.close();
  });
});

it('answers an unknown route with the 404 page inside the layout, linking home', async () => {
  const { context, page } = await openPage(browser, DESKTOP);
  const response = await gotoHydrated(page, site.url + '/no-such-page');
  expect(response?.status()).toBe(404);
  expect(await page.locator('h1').count()).toBe(1);
  expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
  expect(await axeViolations(page)).toEqual([]);
  const { cta } = single<{ cta: { label: string } }>('NotFoundPageJson');
  await page.getByRole('main').getByRole('link', { name: cta.label }).click();
  await page.waitForURL(site.url + '/');
  await context.close();
});

it('reports axe violations it is shown (the check above can fail)', async () => {
  const { context, page } = await openPage(browser, DESKTOP);
  await page.goto(site.url + '/');
  await page.evaluate(() => {
    const image = document.createElement('img');
    image.src = '/og-image.png';
    document.querySelector('main')?.append(image);
  });
  expect(await axeViolations(page)).toEqual([expect.stringMatching(/^image-alt: /)]);
  await context.close();
});

it('serves robots.txt, the sitemap and the web manifest', async () => {
  for (const [file, expected] of [
    ['/robots.txt', /Sitemap: https:\/\/brightlane\.ai\/sitemap-index\.xml/],
    ['/sitemap-0.xml', /https:\/\/brightlane\.ai\/pricing/],
    ['/manifest.webmanifest', `"name":"${siteCopy.brandName}"`],
  ] as const) {
    const response = await fetch(site.url + file);
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(expected);
  }
});

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
  await page.waitForLoadState('networkidle');
  return { context, page, errors, status: response?.status(), hydration };
}

describe.each(VIEWPORTS)('every route at $width px', (viewport) => {
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
      expect(await page.locator('h1').count()).toBe(1);
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
