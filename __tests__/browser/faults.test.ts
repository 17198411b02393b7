// Fault injection against the production build: for /contact, /book and the chat, the data API answers 401
// or 429, drops the connection after the row was stored, or (on /book only) answers after the 15 s timeout.
// Each ends with the surface's failure message and the visitor's input kept; a retry once the API is back
// stores exactly one row. The API stopped is the surfaces' own test, with its screens (forms.test.ts,
// chat.test.ts); an answer of 500 takes the same path as 401 and 429, and the components' tests show it.
//
// The timeout runs on one surface: all three send through the same insertLead() in src/lib/leads.ts,
// whose timer is unit-tested (__tests__/lib/leads.test.ts); one run on the page's own timer, with
// Playwright's clock jumping past it (no 16 s wait), proves the browser path.
import type { Page, Route } from 'playwright-core';
import { DESKTOP, MOBILE, openPage } from './setup/browser';
import { fetchFromWorkerApi, TEST_API_URL } from './setup/test-env';
import { leadHarnessForThisFile } from './setup/lead-harness';
import {
  TEXT,
  bookThroughChat,
  bookingFieldValues,
  bookingForm,
  bookingValues,
  chatAnswers,
  chatLog,
  contactFieldValues,
  contactForm,
  contactValues,
  fillBookingForm,
  fillContactForm,
  openChat,
  submitBooking,
  submitContact,
  waitForChatText,
} from './setup/lead-surfaces';
import { uniqueEmail } from '../helpers/local-api';
import { LEAD_TIMEOUT_MS } from '../../src/lib/leads';
import { installClock } from './setup/chat-pace';
import { bookingCopy, chatCopy } from './setup/copy';
import { gotoHydrated } from './setup/wait';

const harness = leadHarnessForThisFile();

const REST = `${TEST_API_URL}/rest/v1/**`;
const CORS = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': '*' };

type Fault = {
  name: string;
  /** Puts the fault in place for this page; returns how to take it away again. */
  inject(page: Page): Promise<() => Promise<void>>;
  /** The row reached the database although the visitor saw a failure. */
  storedBeforeFailure?: boolean;
};

/** Answers inserts (not the CORS preflight) with `respond`, until removed. */
function interceptInserts(respond: (route: Route) => Promise<void>): Fault['inject'] {
  return async (page) => {
    const handler = (route: Route) => (route.request().method() === 'POST' ? respond(route) : route.fallback());
    await page.route(REST, handler);
    return () => page.unroute(REST, handler);
  };
}

const errorBody = (code: string, message: string) => JSON.stringify({ code, message, details: null, hint: null });

const FAULTS: Fault[] = [
  {
    name: '401',
    inject: interceptInserts((route) =>
      route.fulfill({
        status: 401,
        headers: CORS,
        contentType: 'application/json',
        body: errorBody('PGRST301', 'JWSError JWSInvalidSignature'),
      }),
    ),
  },
  {
    name: '429',
    inject: interceptInserts((route) =>
      route.fulfill({
        status: 429,
        headers: { ...CORS, 'Retry-After': '60' },
        contentType: 'application/json',
        body: errorBody('429', 'Too many requests'),
      }),
    ),
  },
  {
    name: 'connection dropped after the row was stored',
    storedBeforeFailure: true,
    // The insert reaches the database, then the answer is lost: the retry must not store it twice.
    inject: interceptInserts(async (route) => {
      await fetchFromWorkerApi(route);
      await route.abort('connectionreset');
    }),
  },
];

/**
 * The insert gets no answer until the page has given up. The page's own 15 s timer (insertLead in
 * src/lib/leads.ts, set before the request goes out) is run on Playwright's clock: when the held request
 * arrives, the clock jumps past the timeout, so the timer fires at once instead of after 15 s of waiting.
 * Nothing else about the page is faked; its timers run in real time before and after the jump.
 */
const SLOW: Fault = {
  name: 'answer slower than the 15 s timeout',
  inject: async (page) => {
    await installClock(page);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const handler = async (route: Route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      await page.clock.fastForward(LEAD_TIMEOUT_MS + 1000);
      await released;
      await route.fallback().catch(() => undefined); // the page gave up and aborted the request
    };
    await page.route(REST, handler);
    return async () => {
      release();
      await page.unroute(REST, handler);
    };
  },
};

async function rowsFor(table: 'contact_messages' | 'consultation_requests', email: string) {
  // Leads only: the retry after a dropped connection is stored as a marked duplicate, not a second lead.
  return harness.api.sql<{ name: string; email: string }>(
    `select name, email from ${table} where email = $1 and duplicate_of is null`,
    [email],
  );
}

type Surface = {
  name: string;
  table: 'contact_messages' | 'consultation_requests';
  /** Enters a lead and sends it; resolves once the surface shows its failure message. */
  sendAndFail(page: Page, email: string): Promise<void>;
  expectInputKept(page: Page, email: string): Promise<void>;
  retryAndSucceed(page: Page): Promise<void>;
};

const SURFACES: Surface[] = [
  {
    name: '/contact',
    table: 'contact_messages',
    async sendAndFail(page, email) {
      await gotoHydrated(page, harness.site.url + '/contact');
      await fillContactForm(page, contactValues(email));
      await submitContact(page);
      await page.getByRole('alert').getByText(TEXT.contactFailure).waitFor({ timeout: 30_000 });
    },
    async expectInputKept(page, email) {
      expect(await contactFieldValues(page)).toEqual(contactValues(email));
    },
    async retryAndSucceed(page) {
      await submitContact(page);
      await page.getByText(TEXT.contactSuccess).waitFor({ timeout: 30_000 });
    },
  },
  {
    name: '/book',
    table: 'consultation_requests',
    async sendAndFail(page, email) {
      await gotoHydrated(page, harness.site.url + '/book');
      await fillBookingForm(page, bookingValues(email));
      await submitBooking(page);
      await page.getByRole('alert').getByText(TEXT.bookingFailure).waitFor({ timeout: 30_000 });
    },
    async expectInputKept(page, email) {
      expect(await bookingFieldValues(page)).toEqual(bookingValues(email));
      expect(await bookingForm(page).getByRole('button', { name: bookingCopy.submitLabel }).isEnabled()).toBe(true);
    },
    async retryAndSucceed(page) {
      await submitBooking(page);
      await page.getByText(TEXT.bookingSuccess).waitFor({ timeout: 30_000 });
    },
  },
  {
    name: 'chat',
    table: 'consultation_requests',
    async sendAndFail(page, email) {
      await gotoHydrated(page, harness.site.url + '/');
      await openChat(page);
      await bookThroughChat(page, chatAnswers(email));
      await waitForChatText(page, TEXT.chatFailure, 30_000);
    },
    async expectInputKept(page) {
      // The answers are kept: the bot offers to send them again.
      await page.getByRole('button', { name: chatCopy.suggestions.retry }).waitFor();
      expect(await chatLog(page).getByText(TEXT.chatSuccess).count()).toBe(0);
    },
    async retryAndSucceed(page) {
      await page.getByRole('button', { name: chatCopy.suggestions.retry }).click();
      await waitForChatText(page, TEXT.chatSuccess, 30_000);
    },
  },
];

async function runScenario(surface: Surface, fault: Fault) {
  const { context, page } = await openPage(harness.browser, DESKTOP);
  const email = uniqueEmail(`fault-${surface.name.replace(/\W/g, '')}`);
  try {
    // Load the page (and, for the chat, the panel) while the API is still up, then break it.
    const remove = await fault.inject(page);
    await surface.sendAndFail(page, email);
    await surface.expectInputKept(page, email);
    await remove();
    expect(await rowsFor(surface.table, email)).toHaveLength(fault.storedBeforeFailure ? 1 : 0);
    await surface.retryAndSucceed(page);
    expect(await rowsFor(surface.table, email)).toHaveLength(1);
  } finally {
    await context.close();
  }
}

describe.each(SURFACES)('$name', (surface) => {
  it.each(FAULTS.map((fault) => [fault.name, fault] as const))(
    '%s: failure message, input kept, one row after the retry',
    async (_name, fault) => runScenario(surface, fault),
  );
});

it('/book: an answer slower than the 15 s timeout ends in the failure message; the retry stores one row', async () => {
  await runScenario(SURFACES[1], SLOW);
});

describe('long unbroken input at 375 px', () => {
  const word = 'Supercalifragilistic'.repeat(15); // 300 characters, no break opportunity

  it('keeps both forms and the chat within the screen width', async () => {
    const { context, page } = await openPage(harness.browser, MOBILE);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    const email = uniqueEmail('long');

    await gotoHydrated(page, harness.site.url + '/contact');
    await fillContactForm(page, { name: word.slice(0, 200), email, company: word.slice(0, 200), details: word });
    await submitContact(page);
    await page.getByText(TEXT.contactSuccess).waitFor();
    expect({ surface: '/contact', overflow: await overflow() }).toEqual({ surface: '/contact', overflow: 0 });

    await gotoHydrated(page, harness.site.url + '/book');
    await fillBookingForm(page, {
      name: word.slice(0, 200),
      email,
      company: word.slice(0, 200),
      phone: word.slice(0, 50),
      message: word,
    });
    expect({ surface: '/book', overflow: await overflow() }).toEqual({ surface: '/book', overflow: 0 });

    await openChat(page);
    const input = page.getByRole('textbox', { name: chatCopy.ui.inputLabel });
    await input.fill(word);
    await input.press('Enter');
    await chatLog(page).getByText(word).waitFor();
    const panelOverflow = await chatLog(page).evaluate((log) => log.scrollWidth - log.clientWidth);
    expect({ surface: 'chat', overflow: await overflow(), panelOverflow }).toEqual({
      surface: 'chat',
      overflow: 0,
      panelOverflow: 0,
    });
    expect(await contactForm(page).count()).toBe(0);
    await context.close();
  });
});
