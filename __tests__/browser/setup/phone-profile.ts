// A phone-class visit, as Lighthouse's mobile settings model it: 150 ms round trip, 1.6 Mbps down,
// 750 kbps up, the CPU 4x slower. Applied through the Chrome DevTools Protocol to one page; shared by the
// early-input browser tests and the benchmark (bench/lib/early-input.ts).
import type { CDPSession, Page } from 'playwright-core';
import { GATSBY_ROOT_ID, HYDRATED_ATTRIBUTE } from '../../../src/early-input/attributes';

export const PHONE_PROFILE = { rttMs: 150, downloadKbps: 1600, uploadKbps: 750, cpuSlowdown: 4 } as const;

export async function applyPhoneProfile(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE_PROFILE.rttMs,
    downloadThroughput: (PHONE_PROFILE.downloadKbps * 1000) / 8,
    uploadThroughput: (PHONE_PROFILE.uploadKbps * 1000) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_PROFILE.cpuSlowdown });
  return cdp;
}

/** Runs in the page: the mark the site sets once hydration has committed (src/early-input/hydrate.tsx). */
const pageIsHydrated = ({ rootId, attribute }: { rootId: string; attribute: string }) =>
  !!document.getElementById(rootId)?.hasAttribute(attribute);

const mark = { rootId: GATSBY_ROOT_ID, attribute: HYDRATED_ATTRIBUTE };

/** Whether the page has hydrated, the same test the page's early-input script makes. */
export const isHydrated = (page: Page): Promise<boolean> => page.evaluate(pageIsHydrated, mark);

export const waitForHydration = (page: Page, timeout = 30_000) =>
  page.waitForFunction(pageIsHydrated, mark, { timeout });
