import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CLIENT_ADDRESS_HEADER } from '../../../dev/local-api/client-address';
import { uniqueClientAddress } from '../../helpers/local-api';
import { forwardToWorkerApi } from './test-env';

import { existsSync } from 'node:fs';

/**
 * Debian's chromium-headless-shell (the old headless mode, which Playwright itself uses for headless runs): the
 * browser suite took 646 s with it and 813 s with the full browser's new headless mode on the same 2-core machine
 * (every file 20–40 % faster). CHROMIUM_PATH picks another; the full browser is the fallback.
 */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

/** A phone's Chrome, as a visitor's browser introduces itself (headless Chromium says HeadlessChrome, a bot's mark). */
const VISITOR_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/**
 * `asVisitor`: without navigator.webdriver and with a phone's user agent, as a visitor's browser: a browser driven by
 * Playwright otherwise says it is automated, and is not counted (src/insights/count.ts, the database's bot rule):
 * for the tests of visit counting.
 */
export function launchBrowser({ asVisitor = false }: { asVisitor?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...(asVisitor ? ['--disable-blink-features=AutomationControlled', `--user-agent=${VISITOR_USER_AGENT}`] : []),
    ],
  });
}

export type Viewport = { name: 'mobile' | 'desktop'; width: number; height: number };
export const MOBILE: Viewport = { name: 'mobile', width: 375, height: 812 };
export const DESKTOP: Viewport = { name: 'desktop', width: 1280, height: 900 };
export const VIEWPORTS = [MOBILE, DESKTOP];

/**
 * How the visitor's system sets "reduce motion". Without a GPU, Chromium composites the site's drifting
 * background (full-screen gradients, always moving) in software on every frame, which took most of both
 * cores in a test run. Tests about forms, the chat and failures use a visitor who reduces motion (the site
 * honours it: the background stands still); the tests of every route's look and of the first seconds on a
 * phone keep the motion on.
 */
export type Motion = 'reduce' | 'no-preference';

/**
 * A fresh context that collects page errors and console errors. Each context is one visitor's connection:
 * the test data API (which trusts the header in tests) sees it as a client address of its own, so the
 * database's per-client limits apply per test, not to the whole run.
 */
export async function openPage(
  browser: Browser,
  viewport: Viewport,
  { motion = 'reduce' }: { motion?: Motion } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    extraHTTPHeaders: { [CLIENT_ADDRESS_HEADER]: uniqueClientAddress() },
    reducedMotion: motion,
  });
  await forwardToWorkerApi(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console error: ${message.text()}`);
  });
  return { context, page, errors };
}
