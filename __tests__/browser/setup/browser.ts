import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CLIENT_ADDRESS_HEADER } from '../../../dev/local-api/client-address';
import { uniqueClientAddress } from '../../helpers/local-api';
import { TEST_API_URL, WORKER_API_URL, toWorkerApi } from './test-env';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export type Viewport = { name: 'mobile' | 'desktop'; width: number; height: number };
export const MOBILE: Viewport = { name: 'mobile', width: 375, height: 812 };
export const DESKTOP: Viewport = { name: 'desktop', width: 1280, height: 900 };
export const VIEWPORTS = [MOBILE, DESKTOP];

/**
 * A fresh context (as @axe-core/playwright requires) that collects page errors and console errors. Each
 * context is one visitor's connection: the test data API (which trusts the header in tests) sees it as a
 * client address of its own, so the database's per-client limits apply per test, not to the whole run.
 */
export async function openPage(
  browser: Browser,
  viewport: Viewport,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    extraHTTPHeaders: { [CLIENT_ADDRESS_HEADER]: uniqueClientAddress() },
  });
  if (WORKER_API_URL !== TEST_API_URL) {
    // Tests that intercept the API themselves pass requests on with route.fallback(), which lands here.
    await context.route(`${TEST_API_URL}/**`, (route) =>
      // A request the page gave up on (or a closed page) has nothing left to forward.
      route.continue({ url: toWorkerApi(route.request().url()) }).catch(() => undefined),
    );
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console error: ${message.text()}`);
  });
  return { context, page, errors };
}
