// Screenshots of one build of the site, taken so that the same build always gives the same pixels:
// reduced motion and no animations or transitions (the animated background, the chat's typing dots and
// fades), the text caret hidden, every lazy image loaded, fonts ready, the page scrolled to the top, and
// time-dependent text (the legal pages' "Last updated" <time>) masked.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, MOBILE } from '../../__tests__/browser/setup/browser';
import { waitForHydration } from '../../__tests__/browser/setup/phone-profile';
import { forwardToWorkerApi } from '../../__tests__/browser/setup/test-env';
import { fileName, type Screen } from './screens';

/** Everything that moves, stopped (the site also honours reduced motion, which the context asks for). */
export const FREEZE_CSS = `*, *::before, *::after {
  animation: none !important;
  transition: none !important;
  caret-color: transparent !important;
  scroll-behavior: auto !important;
}`;

/** Text that changes with the date, not with the pull request. */
export const MASKED = ['time'];

async function settle(page: Page): Promise<void> {
  // The page as React left it: on a busy machine networkidle can come before hydration has committed. A base
  // build older than the hydration mark is captured once the wait gives up.
  await waitForHydration(page, 10_000).catch(() => undefined);
  await page.evaluate(async (masked) => {
    // The same text in every build, so the masked box has the same size and the layout around it does not move.
    for (const element of Array.from(document.querySelectorAll(masked.join(','))))
      element.textContent = '1 January 2000';
    for (const image of Array.from(document.images)) image.loading = 'eager';
    await Promise.all(
      Array.from(document.images).map((image) =>
        image.complete
          ? undefined
          : new Promise<void>((resolve) => {
              image.addEventListener('load', () => resolve(), { once: true });
              image.addEventListener('error', () => resolve(), { once: true });
            }),
      ),
    );
    await document.fonts.ready;
    window.scrollTo({ top: 0, behavior: 'instant' });
  }, MASKED);
  // gatsby-plugin-image swaps its blurred placeholder for the image once it has loaded.
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll<HTMLElement>('[data-main-image]')).every(
      (image) => getComputedStyle(image).opacity === '1',
    ),
  );
}

const heightFor = (width: number) => (width === MOBILE.width ? MOBILE.height : DESKTOP.height);

export type CaptureOptions = { browser: Browser; siteUrl: string; screens: Screen[]; outDir: string };

/** One fresh page per screen and width; returns the files written (`<name>-<width>.png`) and any failures. */
export async function captureScreens(options: CaptureOptions): Promise<{ files: string[]; failures: string[] }> {
  fs.mkdirSync(options.outDir, { recursive: true });
  const files: string[] = [];
  const failures: string[] = [];
  for (const screen of options.screens) {
    for (const width of screen.widths) {
      const context = await options.browser.newContext({
        viewport: { width, height: heightFor(width) },
        reducedMotion: 'reduce',
      });
      await forwardToWorkerApi(context);
      const page = await context.newPage();
      const file = fileName(screen, width);
      try {
        await page.goto(options.siteUrl + screen.route, { waitUntil: 'networkidle' });
        await page.addStyleTag({ content: FREEZE_CSS });
        await screen.drive?.(page);
        await settle(page);
        await page.screenshot({
          path: path.join(options.outDir, file),
          fullPage: screen.fullPage,
          animations: 'disabled',
          caret: 'hide',
          mask: MASKED.map((selector) => page.locator(selector)),
        });
        files.push(file);
      } catch (error) {
        failures.push(`${file}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
      } finally {
        await context.close();
      }
    }
  }
  return { files, failures };
}
