// One visible state of a page, checked and recorded at both review widths: axe clean at 375 and 1280 px,
// a full-page screenshot `<state>-<width>.png` for each. The viewport is put back afterwards.
import type { Page } from 'playwright-core';
import { axeViolations } from './axe';
import { DESKTOP, MOBILE } from './browser';
import { screenshotPath } from './artifacts';

export async function captureState(
  page: Page,
  state: string,
  options: { widths?: number[]; fullPage?: boolean } = {},
): Promise<void> {
  const original = page.viewportSize();
  const widths = options.widths ?? [MOBILE.width, DESKTOP.width];
  for (const width of widths) {
    const height = width === MOBILE.width ? MOBILE.height : DESKTOP.height;
    if (page.viewportSize()?.width !== width) await page.setViewportSize({ width, height });
    expect({ state, width, violations: await axeViolations(page) }).toEqual({ state, width, violations: [] });
    const fullPage = options.fullPage ?? true;
    // A full-page capture draws the sticky header where the page is scrolled to: start from the top.
    if (fullPage) await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await page.screenshot({ path: screenshotPath(`${state}-${width}.png`), fullPage });
  }
  if (original && page.viewportSize()?.width !== original.width) await page.setViewportSize(original);
}
