// Focus and keyboard helpers: where focus is, reaching an element with Tab alone, and waiting for focus to
// move (React moves it in an effect after rendering, so it is awaited rather than slept for).
import type { Locator, Page } from 'playwright-core';

export const isFocused = (locator: Locator): Promise<boolean> =>
  locator.evaluate((element) => element === document.activeElement);

/** Presses Tab until the element has focus (at most `limit` times): the visitor's way there without a mouse. */
export async function tabTo(page: Page, locator: Locator, limit = 80): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    if (await isFocused(locator)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`could not reach ${locator} with Tab in ${limit} presses`);
}

/** Waits (up to 5 s) until the element has focus. */
export async function waitForFocus(locator: Locator): Promise<void> {
  await locator.evaluate(
    (element) =>
      new Promise<void>((resolve, reject) => {
        const started = Date.now();
        const check = () => {
          if (element === document.activeElement) return resolve();
          if (Date.now() - started > 5000)
            return reject(new Error(`focus is on ${document.activeElement?.outerHTML.slice(0, 200)}`));
          requestAnimationFrame(check);
        };
        check();
      }),
  );
}

/**
 * Waits (up to 3 s, as scrolling may be smooth) until the focused element sits entirely below the site's
 * sticky header, i.e. focus is not hidden under it (WCAG 2.2, 2.4.11).
 */
export async function waitForFocusClearOfHeader(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const started = Date.now();
        const check = () => {
          const focused = document.activeElement;
          const header = document.querySelector('header');
          if (!focused || !header) return reject(new Error('no focused element or no header'));
          const top = focused.getBoundingClientRect().top;
          const headerBottom = header.getBoundingClientRect().bottom;
          if (top >= headerBottom - 0.5) return resolve();
          if (Date.now() - started > 3000)
            return reject(
              new Error(`focused ${focused.tagName} at top ${top}px is under the header (bottom ${headerBottom}px)`),
            );
          requestAnimationFrame(check);
        };
        check();
      }),
  );
}
