// The proof-of-work challenge as a visitor on a phone meets it (issue 36): the phone profile (4x slower CPU,
// 150 ms round trip, 1.6 Mbps). The solver's worker comes from the site's own origin only once the visitor starts
// a form or opens the chat, never on first load; a lead sent with its solution is stored and not held; the forms
// and the chat stay axe-clean while the solve runs; a visitor whose browser cannot run the solver still sees the
// success message, and the lead is stored held (released from the digest), never lost.
import type { Page, Request } from 'playwright-core';
import { CHALLENGE_WORKER_PATH } from '../../src/lib/lead-challenge/worker-path';
import { uniqueEmail } from '../helpers/local-api';
import { axeViolations } from './setup/axe';
import { MOBILE, openPage } from './setup/browser';
import { leadHarnessForThisFile, type LeadTable } from './setup/lead-harness';
import {
  bookingValues,
  bookThroughChat,
  chatAnswers,
  contactFields,
  contactValues,
  fillBookingForm,
  fillContactForm,
  openChat,
  submitBooking,
  submitContact,
  TEXT,
  waitForChatText,
} from './setup/lead-surfaces';
import { applyPhoneProfile, waitForHydration } from './setup/phone-profile';

const harness = leadHarnessForThisFile();

afterEach(async () => {
  for (const context of harness.browser.contexts()) await context.close();
});

/** What the page asked for of the challenge: the solver's script and the issuing call. */
function watchChallenge(page: Page) {
  const seen = { worker: [] as string[], issued: 0 };
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname === CHALLENGE_WORKER_PATH) seen.worker.push(url.origin);
    if (url.pathname.endsWith('/rpc/lead_challenge')) seen.issued += 1;
  });
  return seen;
}

/** Opens `route` on the phone profile, hydrated; `setup` runs before the page loads (to block a request, say). */
async function phoneVisit(route: string, setup?: (page: Page) => Promise<unknown>) {
  const visit = await openPage(harness.browser, MOBILE);
  await applyPhoneProfile(visit.page);
  await setup?.(visit.page);
  const challenge = watchChallenge(visit.page);
  await visit.page.goto(harness.site.url + route, { waitUntil: 'load' });
  await waitForHydration(visit.page);
  return { ...visit, challenge };
}

/**
 * The guard's verdict on each lead stored for `email`: why it is held, or null when it is not (the database keeps
 * no solution: a lead without a valid one is held `no_challenge`).
 */
async function holdReasons(table: LeadTable, email: string) {
  const { data, error } = await harness.api.service
    .from(table)
    .select('hold_reason')
    .eq('email', email)
    .is('duplicate_of', null);
  expect(error).toBeNull();
  return (data ?? []).map((row: { hold_reason: string | null }) => row.hold_reason);
}

it('/contact: the solver loads from the site itself when the visitor starts the form, and the lead is stored unheld; axe at zero', async () => {
  const { page, errors, challenge } = await phoneVisit('/contact');
  expect(challenge).toEqual({ worker: [], issued: 0 });

  const email = uniqueEmail('challenge-contact');
  await contactFields(page).name.fill('Grace Hopper');
  await page.waitForRequest((request) => new URL(request.url()).pathname === CHALLENGE_WORKER_PATH);
  expect(challenge.worker).toEqual([harness.site.url]);
  expect(challenge.issued).toBe(1);
  // While the solve runs: nothing for assistive technology to trip over.
  expect(await axeViolations(page)).toEqual([]);

  await fillContactForm(page, contactValues(email));
  await submitContact(page);
  await page.getByText(TEXT.contactSuccess).waitFor();
  expect(await axeViolations(page)).toEqual([]);
  expect(await holdReasons('contact_messages', email)).toEqual([null]);
  expect(challenge.issued).toBe(1);
  expect(errors).toEqual([]);
});

it('the chat: opening it prepares the challenge, and a call booked on a phone is stored unheld; axe at zero', async () => {
  const { page, errors, challenge } = await phoneVisit('/pricing');
  expect(challenge).toEqual({ worker: [], issued: 0 });
  await openChat(page);
  await page.waitForRequest((request) => new URL(request.url()).pathname === CHALLENGE_WORKER_PATH);
  expect(await axeViolations(page)).toEqual([]);

  const email = uniqueEmail('challenge-chat');
  await bookThroughChat(page, chatAnswers(email));
  await waitForChatText(page, TEXT.chatSuccess);
  expect(await axeViolations(page)).toEqual([]);
  expect(await holdReasons('consultation_requests', email)).toEqual([null]);
  expect(errors).toEqual([]);
});

it('/book with the solver blocked: the visitor sees the confirmation, and the lead is stored held, not lost', async () => {
  const visit = await phoneVisit('/book', (page) =>
    page.route(`**${CHALLENGE_WORKER_PATH}`, (route) => route.abort('blockedbyclient')),
  );

  const email = uniqueEmail('challenge-blocked');
  await fillBookingForm(visit.page, bookingValues(email));
  await submitBooking(visit.page);
  await visit.page.getByText(TEXT.bookingSuccess).waitFor();
  expect(await axeViolations(visit.page)).toEqual([]);
  expect(await holdReasons('consultation_requests', email)).toEqual(['no_challenge']);
  // The blocked script is the browser's own report; the page itself raised nothing.
  expect(visit.errors.filter((error) => !error.includes(CHALLENGE_WORKER_PATH))).toEqual([]);
});
