import type { Locator } from 'playwright-core';

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
