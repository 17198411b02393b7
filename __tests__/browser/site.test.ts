// The site as a whole in a real browser against the production build: titles, navigation, the mobile menu, the
// 404 page, robots.txt and the sitemap. Every route's own look, structure, axe and screenshot at each width:
// routes-375.test.ts and routes-1280.test.ts (setup/route-visits.ts), which run beside this file.
import type { Browser } from 'playwright-core';
import { DESKTOP, MOBILE, launchBrowser, openPage } from './setup/browser';
import { serveBuild } from './setup/test-env';
import { ROUTES } from './setup/routes';
import { axeViolations } from './setup/axe';
import { gotoHydrated, waitForAttribute } from './setup/wait';
import { site as siteCopy } from './setup/copy';
import { single } from '../helpers/content-fixtures';
import * as spec from '../fixtures/spec-texts';
import type { StaticServer } from '../../dev/static/static-server';

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
