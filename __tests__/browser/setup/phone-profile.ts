// A phone-class visit, as Lighthouse's mobile settings model it: 150 ms round trip, 1.6 Mbps down,
// 750 kbps up, the CPU 4x slower. Applied through the Chrome DevTools Protocol to one page; shared by the
// early-input browser tests and the benchmark (bench/lib/early-input.ts).
import type { CDPSession, Page } from 'playwright-core';
import { GATSBY_ROOT_ID } from '../../../src/early-input/attributes';

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

/** Runs in the page: `hydrateRoot` marks Gatsby's root element with a `__reactContainer$` key when it starts listening to events. */
const rootIsHydrating = (rootId: string) => {
  const root = document.getElementById(rootId);
  return !!root && Object.keys(root).some((key) => key.startsWith('__reactContainer$'));
};

/** Whether React has attached to the page (the same test the page's early-input script makes). */
export const reactHasAttached = (page: Page): Promise<boolean> => page.evaluate(rootIsHydrating, GATSBY_ROOT_ID);

export const waitForReact = (page: Page, timeout = 30_000) =>
  page.waitForFunction(rootIsHydrating, GATSBY_ROOT_ID, { timeout });
