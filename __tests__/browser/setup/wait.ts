import type { Locator, Page, Response } from 'playwright-core';
import { waitForHydration } from './phone-profile';

/** Waits (up to 5 s) until the element's attribute has the value: React updates after the URL changes. */
export async function waitForAttribute(locator: Locator, name: string, value: string | null): Promise<void> {
  await locator.evaluate(
    (element, [attribute, expected]) =>
      new Promise<void>((resolve, reject) => {
        const done = () => element.getAttribute(attribute as string) === expected;
        if (done()) return resolve();
        const observer = new MutationObserver(() => {
          if (!done()) return;
          observer.disconnect();
          resolve();
        });
        observer.observe(element, { attributes: true });
        setTimeout(() => {
          observer.disconnect();
          reject(new Error(`${attribute} is ${element.getAttribute(attribute as string)}, expected ${expected}`));
        }, 5000);
      }),
    [name, value] as const,
  );
}

/**
 * Loads the page and waits until React has hydrated it: from then on clicks, keys and drafts reach the site's
 * own handlers. Faster than network idle, and the right moment where the test acts on the page (on a busy
 * machine network idle can come before hydration).
 */
export async function gotoHydrated(page: Page, url: string, options?: { referer?: string }): Promise<Response | null> {
  const response = await page.goto(url, options);
  await waitForHydration(page);
  return response;
}

/** Reloads the page and waits until React has hydrated it again (see gotoHydrated). */
export async function reloadHydrated(page: Page): Promise<void> {
  await page.reload();
  await waitForHydration(page);
}
