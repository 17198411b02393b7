// The chat assistant in a real browser, against the production build and the local data API: what only a
// browser shows. Lazy loading of the panel and supabase-js, the typing pause in real time, a booking kept
// across a client-side navigation and a real reload to the row it stores, the API down (a refused
// connection) and the retry, keyboard-only use in both motion settings, and the panel's size and axe at
// 1280 and 375 px. Conversations, their replies and the lead they send (an API answering 500, "try again",
// "stop", the offer after the fallback) are asserted on the rendered widget in __tests__/chat/: docs/testing.md,
// "Browser tests replaced by component tests".
import type { Page } from 'playwright-core';
import { DESKTOP, MOBILE, openPage } from './setup/browser';
import { isFocused, tabTo, waitForFocus } from './setup/focus';
import { startLeadApi } from './setup/test-env';
import { leadHarnessForThisFile, storedLeadRows } from './setup/lead-harness';
import { waitForHydration } from './setup/phone-profile';
import { watchScripts } from './setup/scripts';
import { captureState } from './setup/states';
import { installClock, waitSkippingPauses } from './setup/chat-pace';
import { chatCopy, CONTACT_EMAIL } from './setup/copy';
import * as spec from '../fixtures/spec-texts';

const EMAIL = CONTACT_EMAIL;
const { ui, booking } = chatCopy;
const TEXT = {
  launcher: ui.launcherLabel,
  greeting: chatCopy.greeting,
  start: booking.start,
  name: booking.steps.full_name.prompt,
  email: booking.steps.email.prompt,
  company: booking.steps.company.prompt,
  timezone: booking.steps.timezone.prompt,
  datetime: booking.steps.preferred_datetime.prompt,
  website: booking.steps.website.prompt,
  phone: booking.steps.phone.prompt,
  success: spec.chat.success,
  failure: spec.chat.failure.replace('{email}', EMAIL),
  pricing: chatCopy.topics.find((topic) => topic.id === 'pricing')!.reply,
  offer: chatCopy.offer.question,
};
/** How the log names the bot before each of its messages (hidden visually, read by screen readers). */
const BOT_PREFIX = `${ui.botName}: `;

const EXPECTED_FAILURE_LOG = /Failed to load resource|\[leads\] Could not save to consultation_requests/;

const harness = leadHarnessForThisFile();

const storedRows = (email: string) => storedLeadRows(harness.api, 'consultation_requests', email);

function chat(page: Page) {
  const panel = page.getByRole('dialog', { name: ui.panelTitle });
  return {
    launcher: page.getByRole('button', { name: TEXT.launcher }),
    panel,
    log: panel.getByRole('log', { name: ui.conversationLabel }),
    input: panel.getByRole('textbox', { name: ui.inputLabel }),
    typing: panel.locator('[data-chat-typing]'),
  };
}

/** The texts of the bot's finished messages, in order. */
function botMessages(page: Page): Promise<string[]> {
  return chat(page)
    .log.locator(':scope > div')
    .evaluateAll(
      (bubbles, prefix) => bubbles.map((bubble) => bubble.textContent ?? '').filter((text) => text.startsWith(prefix)),
      BOT_PREFIX,
    );
}

/**
 * Types a message into the (focused) message box like a visitor and presses Enter, then waits until a bot
 * message containing `reply` has appeared after it and the assistant has stopped typing.
 */
async function say(page: Page, text: string, reply: string): Promise<void> {
  const { input } = chat(page);
  expect(await isFocused(input)).toBe(true);
  const before = (await botMessages(page)).length;
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await waitForReply(page, reply, before);
}

async function waitForReply(page: Page, reply: string, after: number): Promise<void> {
  await waitSkippingPauses(
    page,
    ([expected, count, prefix]) => {
      const log = document.querySelector('[role="log"]');
      if (!log || document.querySelector('[data-chat-typing]:not([hidden])')) return false;
      const bot = [...log.children].map((bubble) => bubble.textContent ?? '').filter((text) => text.startsWith(prefix));
      return bot.slice(count).some((text) => text.includes(expected));
    },
    [reply, after, BOT_PREFIX] as const,
    { timeout: 15_000, what: `a reply with "${reply}"` },
  );
}

/** Waits for the panel's opening and message animations to end, so sizes and colours are final. */
async function settled(page: Page) {
  await chat(page).panel.evaluate((panel) =>
    Promise.all(
      panel
        .getAnimations({ subtree: true })
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished),
    ),
  );
}

/** Opens the chat on `route`; the typing pauses are skipped (setup/chat-pace.ts) unless the test measures them. */
async function openChat(page: Page, route: string, { realPauses = false } = {}) {
  await page.goto(harness.site.url + route, { waitUntil: 'networkidle' });
  if (!realPauses) await installClock(page);
  const { launcher, input } = chat(page);
  await launcher.click();
  await waitForFocus(input);
  await waitForReply(page, TEXT.greeting, 0);
  await settled(page);
}

/** The booking up to (not including) the phone answer. */
async function bookUpToPhone(page: Page, answers: { name: string; email: string; website: string }) {
  await say(page, 'Hi, can I book a call?', TEXT.name);
  await say(page, answers.name, TEXT.email);
  await say(page, answers.email, TEXT.company);
  await say(page, 'Ark Logistics', TEXT.timezone);
  await say(page, 'Australia/Sydney', TEXT.datetime);
  await say(page, 'Tuesday morning', TEXT.website);
  await say(page, answers.website, TEXT.phone);
}

it('has only the launcher in the first load: the panel comes when the browser is idle after hydration, or on hover or focus; supabase-js with the first save', async () => {
  const { context, page, errors } = await openPage(harness.browser, DESKTOP);
  // A browser that never reports idle time: only the visitor's hover or focus can bring the panel.
  await context.addInitScript(() => {
    window.requestIdleCallback = () => 0;
  });
  const scripts = watchScripts(page);
  await page.goto(harness.site.url + '/pricing', { waitUntil: 'networkidle' });
  const { launcher, panel } = chat(page);
  expect(await launcher.getAttribute('aria-expanded')).toBe('false');
  expect(await scripts.loaded('chatPanel')).toBe(false);
  expect(await scripts.loaded('supabase')).toBe(false);
  expect(await panel.count()).toBe(0);

  // Hover and focus preload through React's handlers: on a busy machine networkidle can come before hydration.
  await waitForHydration(page);
  await launcher.hover();
  await scripts.waitFor('chatPanel');
  await launcher.click();
  await panel.waitFor();
  expect(await launcher.getAttribute('aria-expanded')).toBe('true');
  // An open chat fetches its proof-of-work challenge (issue 36), through the Supabase client.
  await scripts.waitFor('supabase');

  // Focus (keyboard) preloads the panel too, in a fresh visit.
  const second = await context.newPage();
  const secondScripts = watchScripts(second);
  await second.goto(harness.site.url + '/', { waitUntil: 'networkidle' });
  expect(await secondScripts.loaded('chatPanel')).toBe(false);
  await waitForHydration(second);
  await tabTo(second, chat(second).launcher);
  await secondScripts.waitFor('chatPanel');
  expect(await secondScripts.loaded('supabase')).toBe(false);
  expect(errors).toEqual([]);
  await context.close();

  // An ordinary visit: the panel's code arrives untouched once the browser is idle, so a tap opens it at once.
  const idle = await openPage(harness.browser, DESKTOP);
  const idleScripts = watchScripts(idle.page);
  await idle.page.goto(harness.site.url + '/pricing', { waitUntil: 'networkidle' });
  await idleScripts.waitFor('chatPanel');
  expect(await chat(idle.page).launcher.getAttribute('aria-expanded')).toBe('false');
  expect(await idleScripts.loaded('supabase')).toBe(false);
  expect(idle.errors).toEqual([]);
  await idle.context.close();
});

it('shows the failure message when the API is down (axe clean), and the "Try again" button after recovery stores one row', async () => {
  const { context, page, errors } = await openPage(harness.browser, MOBILE);
  const email = 'down.chat@example.com';
  await openChat(page, '/');
  await bookUpToPhone(page, { name: 'Noor Haddad', email, website: 'www.no-limits.com' });
  await harness.api.close();
  try {
    await say(page, 'no', TEXT.failure);
    await settled(page);
    await captureState(page, 'chat-failure', { widths: [DESKTOP.width], fullPage: false });
  } finally {
    harness.api = await startLeadApi();
  }
  const before = (await botMessages(page)).length;
  await chat(page).panel.getByRole('button', { name: chatCopy.suggestions.retry }).click();
  await waitForReply(page, TEXT.success, before);
  expect(await storedRows(email)).toEqual([
    {
      name: 'Noor Haddad',
      email,
      company: 'Ark Logistics',
      phone: 'Not provided',
      message:
        'Timezone: Australia/Sydney\nPreferred time: Tuesday morning\nWebsite: www.no-limits.com\nSource: Website chatbot',
    },
  ]);
  for (const error of errors) expect(error).toMatch(EXPECTED_FAILURE_LOG);
  await context.close();
});

it('replies after the typing pause, and keeps the conversation open across a client-side navigation and a reload to the stored request', async () => {
  const { context, page, errors } = await openPage(harness.browser, DESKTOP);
  const email = 'persist.chat@example.com';
  await openChat(page, '/pricing', { realPauses: true });
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  // The first reply comes after the typing indicator, 0.8–1.2 s later (with some slack for the browser).
  expect(await isFocused(chat(page).input)).toBe(true);
  await page.keyboard.type('I want to schedule a demo');
  const sent = Date.now();
  await page.keyboard.press('Enter');
  await chat(page).typing.waitFor();
  await waitForReply(page, TEXT.start, 1);
  const firstReply = Date.now() - sent;
  expect(firstReply).toBeGreaterThanOrEqual(800);
  expect(firstReply).toBeLessThan(3000);
  await waitForReply(page, TEXT.name, 1);
  // The pause is measured; the rest of the conversation skips it like the other tests.
  await installClock(page);
  await say(page, 'Mia Chen', TEXT.email);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: spec.navigation[0] }).click();
  await page.waitForURL(harness.site.url + '/services');
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  const { panel, launcher, input } = chat(page);
  expect(await panel.isVisible()).toBe(true);
  expect(await launcher.getAttribute('aria-expanded')).toBe('true');
  expect((await botMessages(page)).at(-1)).toContain(TEXT.email);
  await input.focus();
  await say(page, email, TEXT.company);

  await page.reload({ waitUntil: 'networkidle' });
  await panel.waitFor();
  await waitForReply(page, TEXT.company, 0);
  const restored = await chat(page).log.textContent();
  expect(restored).toContain('Mia Chen');
  expect(restored).toContain(email);
  await input.focus();
  await say(page, 'Chen & Co', TEXT.timezone);
  await say(page, 'CET', TEXT.datetime);
  await say(page, 'Friday 3pm', TEXT.website);
  await say(page, 'none', TEXT.phone);
  await say(page, '+49 30 1234567', TEXT.success);
  expect(await storedRows(email)).toEqual([
    {
      name: 'Mia Chen',
      email,
      company: 'Chen & Co',
      phone: '+49 30 1234567',
      message: 'Timezone: CET\nPreferred time: Friday 3pm\nWebsite: Not provided\nSource: Website chatbot',
    },
  ]);
  await settled(page);
  await captureState(page, 'chat-booked', { widths: [DESKTOP.width], fullPage: false });
  expect(errors).toEqual([]);
  await context.close();
});

// Both motion settings: with reduced motion a forced short transition once left the just-shown message box
// invisible, and unfocusable, at the moment it was focused.
it.each(['reduce', 'no-preference'] as const)(
  'can be used with the keyboard alone (motion: %s): Tab to the launcher, Enter, type, Enter, Escape',
  async (motion) => {
    const { context, page, errors } = await openPage(harness.browser, DESKTOP, { motion });
    await page.goto(harness.site.url + '/pricing', { waitUntil: 'networkidle' });
    const { launcher, panel, input } = chat(page);
    await tabTo(page, launcher);
    await page.keyboard.press('Enter');
    await waitForFocus(input);
    expect(await launcher.getAttribute('aria-expanded')).toBe('true');
    await waitForReply(page, TEXT.greeting, 0);
    await say(page, 'How much does it cost?', TEXT.offer);
    // Shift+Enter is a line break, not a send.
    await page.keyboard.type('first line');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('second line');
    expect(await input.inputValue()).toBe('first line\nsecond line');
    await page.keyboard.press('Escape');
    await waitForFocus(launcher);
    expect(await panel.isVisible()).toBe(false);
    expect(await launcher.getAttribute('aria-expanded')).toBe('false');
    // Reopening with the keyboard brings back the conversation.
    await page.keyboard.press('Enter');
    await waitForFocus(input);
    const [pricing, offer] = (await botMessages(page)).slice(-2);
    expect(pricing).toContain(TEXT.pricing);
    expect(offer).toBe(BOT_PREFIX + TEXT.offer);
    expect(errors).toEqual([]);
    await context.close();
  },
);

it('is axe clean with the panel open at 1280 px and, in the same visit, full screen at 375 px; Escape closes it at either size', async () => {
  const { context, page, errors } = await openPage(harness.browser, DESKTOP);
  await openChat(page, '/pricing');
  const { panel, launcher, input } = chat(page);
  const fontSize = () => input.evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
  const box = await panel.boundingBox();
  expect(box?.width).toBeCloseTo(384, 0);
  expect(box?.height).toBeCloseTo(500, 0);
  expect(await fontSize()).toBeGreaterThanOrEqual(16);
  await captureState(page, 'chat-open', { widths: [DESKTOP.width], fullPage: false });
  // Escape closes it, and focus returns to the launcher.
  await input.focus();
  await page.keyboard.press('Escape');
  await waitForFocus(launcher);
  expect(await panel.isVisible()).toBe(false);

  // On a phone's screen: full screen, and the panel's own close button replaces the launcher.
  await page.setViewportSize({ width: MOBILE.width, height: MOBILE.height });
  await launcher.click();
  await waitForFocus(input);
  await settled(page);
  expect(await panel.boundingBox()).toEqual({ x: 0, y: 0, width: MOBILE.width, height: MOBILE.height });
  expect(await launcher.isVisible()).toBe(false);
  expect(await panel.getByRole('button', { name: ui.closeLabel }).isVisible()).toBe(true);
  expect(await fontSize()).toBeGreaterThanOrEqual(16);
  await captureState(page, 'chat-open', { widths: [MOBILE.width], fullPage: false });
  // Escape closes it here too, and focus returns to the launcher, shown again.
  await page.keyboard.press('Escape');
  await waitForFocus(launcher);
  expect(await panel.isVisible()).toBe(false);
  expect(errors).toEqual([]);
  await context.close();
});
