import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

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

/** A fresh context (as @axe-core/playwright requires) that collects page errors and console errors. */
export async function openPage(
  browser: Browser,
  viewport: Viewport,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console error: ${message.text()}`);
  });
  return { context, page, errors };
}
