// The assistant shows a typing pause of 0.8–1.2 s before each reply (src/features/chat/pacing.ts), about ten
// seconds of waiting in a whole booking. One test measures the pause (chat.test.ts); the others skip it: the
// page's clock becomes Playwright's, which keeps running in real time, and jumps past each pause while the
// typing indicator shows. Nothing else about the page changes.
import type { BrowserContext, Page } from 'playwright-core';
import { DEFAULT_PACING } from '../../../src/features/chat/pacing';

const LONGEST_PAUSE_MS = DEFAULT_PACING.baseMs + DEFAULT_PACING.extraMs;
const TYPING = '[data-chat-typing]:not([hidden])';

const withClock = new WeakSet<BrowserContext>();

/** Puts the page's timers on Playwright's clock (once per context; time still runs as usual). */
export async function installClock(page: Page): Promise<void> {
  if (withClock.has(page.context())) return;
  withClock.add(page.context());
  await page.clock.install();
}

/** Runs in the page: whether the assistant shows it is typing, and how many messages the log holds. */
const typingState = (selector: string) => ({
  typing: document.querySelector(selector) !== null,
  messages: document.querySelector('[role="log"]')?.children.length ?? 0,
});

/**
 * Waits until `done` holds in the page, skipping the typing pauses on the way (on a page with the clock): one
 * jump of the longest pause for each new message, never more, so the page's other timers (the 15 s limit on
 * saving a lead) keep their real length while the assistant waits for the network.
 */
export async function waitSkippingPauses<T>(
  page: Page,
  done: (arg: T) => boolean,
  arg: T,
  { timeout = 20_000, what = 'the chat' }: { timeout?: number; what?: string } = {},
): Promise<void> {
  const deadline = Date.now() + timeout;
  let skippedAt = -1;
  for (;;) {
    if (await page.evaluate(done as (arg: unknown) => boolean, arg)) return;
    if (Date.now() > deadline) throw new Error(`${what}: not reached within ${timeout} ms`);
    const { typing, messages } = await page.evaluate(typingState, TYPING);
    if (typing && messages !== skippedAt && withClock.has(page.context())) {
      skippedAt = messages;
      await page.clock.fastForward(LONGEST_PAUSE_MS);
    } else {
      await page.waitForTimeout(25);
    }
  }
}
