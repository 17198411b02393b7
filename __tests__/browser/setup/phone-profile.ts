// A phone-class visit, as Lighthouse's mobile settings model it: 150 ms round trip, 1.6 Mbps down,
// 750 kbps up, the CPU 4x slower. Applied through the Chrome DevTools Protocol to one page; shared by the
// early-input browser tests and the benchmark (bench/lib/early-input.ts).
import type { CDPSession, Page } from 'playwright-core';
import { GATSBY_ROOT_ID, HYDRATED_ATTRIBUTE } from '../../../src/early-input/attributes';

export const PHONE_PROFILE = { rttMs: 150, downloadKbps: 1600, uploadKbps: 750, cpuSlowdown: 4 } as const;

const mark = { rootId: GATSBY_ROOT_ID, attribute: HYDRATED_ATTRIBUTE };

/**
 * How long the CPU stays slow: until the next page loaded has hydrated (the window in which a phone's slowness
 * changes what a visitor sees and does first), or for as long as the page is open. Chromium's throttle keeps the
 * page's main thread spinning while it is slowed, loaded or idle: 0.85 of a core per page at 4x, measured with
 * nothing to run, which the other test file beside it then lacks.
 */
export type CpuSlowdown = 'until-hydrated' | 'kept';

const HYDRATED_BINDING = '__phoneProfileHydrated';

export async function applyPhoneProfile(
  page: Page,
  { cpuSlowdown = 'until-hydrated' }: { cpuSlowdown?: CpuSlowdown } = {},
): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE_PROFILE.rttMs,
    downloadThroughput: (PHONE_PROFILE.downloadKbps * 1000) / 8,
    uploadThroughput: (PHONE_PROFILE.uploadKbps * 1000) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_PROFILE.cpuSlowdown });
  if (cpuSlowdown === 'until-hydrated') {
    let lifted = false;
    await page.exposeBinding(HYDRATED_BINDING, async () => {
      if (lifted) return;
      lifted = true;
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 }).catch(() => undefined);
    });
    await page.addInitScript(tellWhenHydrated, { ...mark, binding: HYDRATED_BINDING });
  }
  return cdp;
}

/** Runs in each new document before the page's own scripts: calls `binding` once the page has hydrated. */
function tellWhenHydrated({ rootId, attribute, binding }: { rootId: string; attribute: string; binding: string }) {
  const hydrated = () => !!document.getElementById(rootId)?.hasAttribute(attribute);
  const observer = new MutationObserver(() => {
    if (!hydrated()) return;
    observer.disconnect();
    void (window as unknown as Record<string, () => Promise<void>>)[binding]();
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: [attribute] });
}

/** Runs in the page: the mark the site sets once hydration has committed (src/early-input/hydrate.tsx). */
const pageIsHydrated = ({ rootId, attribute }: { rootId: string; attribute: string }) =>
  !!document.getElementById(rootId)?.hasAttribute(attribute);

/** Whether the page has hydrated, the same test the page's early-input script makes. */
export const isHydrated = (page: Page): Promise<boolean> => page.evaluate(pageIsHydrated, mark);

export const waitForHydration = (page: Page, timeout = 30_000) =>
  page.waitForFunction(pageIsHydrated, mark, { timeout });
