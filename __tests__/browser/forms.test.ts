// The demo-request (/contact) and strategy-call (/book) forms in a real browser, against the production
// build and the local data API: what only a browser shows. Every state axe clean with screenshots at 375 and
// 1280 px (idle, validation, sent, error), focus clear of the sticky header, keyboard-only use to a stored
// row, supabase-js loaded with the first use of the form, the API down (a refused connection) and a draft
// kept across a real reload. What a component test shows (fields, messages, payload, the busy button, reset,
// drafts dropped after success, an API answering 500) is asserted there: docs/testing.md, "Browser tests
// replaced by component tests".
import type { Locator, Page } from 'playwright-core';
import { DESKTOP, MOBILE, openPage } from './setup/browser';
import { isFocused, tabTo, waitForFocus, waitForFocusClearOfHeader } from './setup/focus';
import { gotoHydrated, reloadHydrated } from './setup/wait';
import { waitForHydration } from './setup/phone-profile';
import { startLeadApi } from './setup/test-env';
import { leadHarnessForThisFile, storedLeadRows, type LeadTable } from './setup/lead-harness';
import { watchScripts } from './setup/scripts';
import { captureState } from './setup/states';
import { bookingCopy, CONTACT_EMAIL } from './setup/copy';
import {
  bookingFieldValues,
  bookingFields,
  contactFields,
  fillBookingForm,
  fillContactForm,
  shownValues,
  type BookingValues,
  type ContactValues,
} from './setup/lead-surfaces';
import * as spec from '../fixtures/spec-texts';

const EMAIL = CONTACT_EMAIL;
const CONTACT_SUCCESS = spec.contactForm.success;
const CONTACT_FAILURE = spec.contactForm.failure.replace('{email}', EMAIL);
const BOOK_TITLE = spec.bookingForm.confirmationTitle;
const BOOK_FAILURE = bookingCopy.failureMessage.replace('{email}', EMAIL);
const PROBLEMS = spec.problemOptions;

/** What the browser and the site log when an insert fails: the failed request and leads.ts's one line. */
const EXPECTED_FAILURE_LOG =
  /Failed to load resource|\[leads\] Could not save to (contact_messages|consultation_requests)/;

const harness = leadHarnessForThisFile();

const storedRows = (table: LeadTable, email: string) => storedLeadRows(harness.api, table, email);

/** Waits until the control shows the value (drafts are restored after hydration). */
async function waitForValue(locator: Locator, value: string) {
  await locator.evaluate(
    (element, expected) =>
      new Promise<void>((resolve, reject) => {
        const started = Date.now();
        const check = () => {
          if ((element as HTMLInputElement).value === expected) return resolve();
          if (Date.now() - started > 5000)
            return reject(new Error(`value is ${(element as HTMLInputElement).value}, expected ${expected}`));
          requestAnimationFrame(check);
        };
        check();
      }),
    value,
  );
}

/** Opens the route once React has hydrated it: the forms are driven from then on. */
async function goto(page: Page, route: string) {
  await gotoHydrated(page, harness.site.url + route);
}

/** Opens the route and waits for network idle, where what the page has loaded by itself is the point. */
async function gotoIdle(page: Page, route: string) {
  await page.goto(harness.site.url + route, { waitUntil: 'networkidle' });
}

function contactForm(page: Page) {
  return {
    ...contactFields(page),
    success: page.getByRole('status').filter({ hasText: CONTACT_SUCCESS }),
    failure: page.getByRole('alert').filter({ hasText: CONTACT_FAILURE }),
  };
}

function bookingForm(page: Page) {
  return {
    ...bookingFields(page),
    confirmation: page.getByRole('status').filter({ has: page.getByRole('heading', { name: BOOK_TITLE }) }),
    failure: page.getByRole('alert').filter({ hasText: BOOK_FAILURE }),
  };
}

type ContactInput = ContactValues & { problem: string };

const fillContact = (page: Page, input: ContactInput) => fillContactForm(page, input, input.problem);

async function expectContactValues(page: Page, input: ContactInput) {
  expect(await shownValues(contactFields(page), ['name', 'email', 'company', 'problem', 'details'])).toEqual(input);
}

async function expectBookingValues(page: Page, input: BookingValues) {
  expect(await bookingFieldValues(page)).toEqual(input);
}

const contactInput = (email: string): ContactInput => ({
  name: 'Ada Lovelace',
  email,
  company: 'Analytical Engines',
  problem: PROBLEMS[3],
  details: '  spaces kept as typed ',
});

const bookingInput = (email: string): BookingValues => ({
  name: 'Grace Hopper',
  email,
  company: 'Compilers Inc',
  phone: '+61 400 123 456',
  message: 'AEST, mornings suit best',
});

describe('/contact', () => {
  it('idle and after an empty submit: no error before, focus on the first invalid field clear of the header after; axe clean in both', async () => {
    const { context, page, errors } = await openPage(harness.browser, DESKTOP);
    await goto(page, '/contact');
    const f = contactForm(page);
    expect(await page.locator('[aria-invalid="true"]').count()).toBe(0);
    await captureState(page, 'contact-idle');

    await f.submit.click();
    await waitForFocus(f.name);
    await waitForFocusClearOfHeader(page);
    expect(await f.name.getAttribute('aria-invalid')).toBe('true');
    await captureState(page, 'contact-validation');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('can be completed with the keyboard alone, loading supabase-js only with the first use of the form; the stored row, the success state, "Send another request"', async () => {
    const { context, page, errors } = await openPage(harness.browser, MOBILE);
    const scripts = watchScripts(page);
    const email = 'keys.contact@example.com';
    // Hydrated, so the page's scripts have all run (network idle can come before they start on a busy machine).
    await gotoIdle(page, '/contact');
    await waitForHydration(page);
    expect(scripts.urls.length).toBeGreaterThan(0);
    expect(await scripts.loaded('supabase')).toBe(false);
    await page.mouse.wheel(0, 600);
    expect(await scripts.loaded('supabase')).toBe(false);

    const f = contactForm(page);
    await tabTo(page, f.name);
    await scripts.waitFor('supabase');
    await page.keyboard.type('Katherine Johnson');
    await page.keyboard.press('Tab');
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Orbital Mechanics');
    await page.keyboard.press('Tab');
    expect(await isFocused(f.problem)).toBe(true);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await f.problem.inputValue()).toBe(PROBLEMS[1]);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Support tickets pile up.');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('Weekends especially.');
    // The honeypot is not in the tab order: on to the collection notice's privacy policy link, then the button.
    await page.keyboard.press('Tab');
    expect(await isFocused(f.form.getByRole('link'))).toBe(true);
    await page.keyboard.press('Tab');
    expect(await isFocused(f.submit)).toBe(true);
    await page.keyboard.press('Enter');
    await f.success.waitFor();
    await waitForFocus(f.success);
    await waitForFocusClearOfHeader(page);
    expect(await storedRows('contact_messages', email)).toEqual([
      {
        name: 'Katherine Johnson',
        email,
        company: 'Orbital Mechanics',
        message: `Problem: ${PROBLEMS[1]}\n\nDetails: Support tickets pile up.\nWeekends especially.`,
      },
    ]);
    await captureState(page, 'contact-success');

    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter'); // Send another request
    await waitForFocus(f.name);
    await expectContactValues(page, { name: '', email: '', company: '', problem: '', details: '' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('with the API down: the error banner with the e-mail link takes focus, fields kept; the draft survives a reload, and a retry after recovery stores one row', async () => {
    const { context, page, errors } = await openPage(harness.browser, DESKTOP);
    const email = 'down.contact@example.com';
    const input = contactInput(email);
    await goto(page, '/contact');
    const f = contactForm(page);
    await fillContact(page, input);
    await harness.api.close();
    try {
      await f.submit.click();
      await f.failure.waitFor();
      await waitForFocus(f.failure);
      await waitForFocusClearOfHeader(page);
      expect(await f.failure.getByRole('link', { name: EMAIL }).getAttribute('href')).toBe(`mailto:${EMAIL}`);
      await expectContactValues(page, input);
      expect(await f.submit.isEnabled()).toBe(true);
      await captureState(page, 'contact-error');
    } finally {
      harness.api = await startLeadApi();
    }
    // The draft, as typed, comes back after a real reload.
    await reloadHydrated(page);
    await waitForValue(f.details, input.details);
    await expectContactValues(page, input);

    await f.submit.click();
    await f.success.waitFor();
    expect(await storedRows('contact_messages', email)).toEqual([
      {
        name: 'Ada Lovelace',
        email,
        company: 'Analytical Engines',
        message: `Problem: ${PROBLEMS[3]}\n\nDetails: spaces kept as typed`,
      },
    ]);
    expect(errors.length).toBeGreaterThan(0);
    for (const error of errors) expect(error).toMatch(EXPECTED_FAILURE_LOG);
    await context.close();
  });
});

describe('/book', () => {
  it('idle and after an empty submit: no error before, focus on the first invalid field clear of the header after; axe clean in both', async () => {
    const { context, page, errors } = await openPage(harness.browser, DESKTOP);
    await goto(page, '/book');
    const f = bookingForm(page);
    expect(await page.locator('[aria-invalid="true"]').count()).toBe(0);
    await captureState(page, 'book-idle');

    await f.submit.click();
    await waitForFocus(f.name);
    await waitForFocusClearOfHeader(page);
    expect(await f.name.getAttribute('aria-invalid')).toBe('true');
    await captureState(page, 'book-validation');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('can be completed with the keyboard alone, loading supabase-js only with the first use of the form; the stored row, the confirmation view, and booked again', async () => {
    const { context, page, errors } = await openPage(harness.browser, DESKTOP);
    const scripts = watchScripts(page);
    const email = 'keys.book@example.com';
    await gotoIdle(page, '/book');
    await waitForHydration(page);
    expect(await scripts.loaded('supabase')).toBe(false);

    const f = bookingForm(page);
    await tabTo(page, f.name);
    await scripts.waitFor('supabase');
    for (const [text, control] of [
      ['Dorothy Vaughan', f.email],
      [email, f.company],
      ['Langley Computing', f.phone],
      ['0400 111 222', f.message],
    ] as const) {
      await page.keyboard.type(text);
      await page.keyboard.press('Tab');
      expect(await isFocused(control)).toBe(true);
    }
    await page.keyboard.type('Any weekday afternoon');
    await page.keyboard.press('Tab');
    expect(await isFocused(f.form.getByRole('link'))).toBe(true); // the collection notice's privacy policy link
    await page.keyboard.press('Tab');
    expect(await isFocused(f.submit)).toBe(true);
    await page.keyboard.press('Enter');
    await f.confirmation.waitFor();
    await waitForFocus(page.getByRole('heading', { name: BOOK_TITLE }));
    await waitForFocusClearOfHeader(page);
    expect(await storedRows('consultation_requests', email)).toEqual([
      {
        name: 'Dorothy Vaughan',
        email,
        company: 'Langley Computing',
        phone: '0400 111 222',
        message: 'Any weekday afternoon',
      },
    ]);
    await captureState(page, 'book-confirmation');

    await page.keyboard.press('Tab');
    expect(await isFocused(page.getByRole('button', { name: spec.bookingForm.resetLabel }))).toBe(true);
    await page.keyboard.press('Enter');
    await waitForFocus(f.name);
    await expectBookingValues(page, { name: '', email: '', company: '', phone: '', message: '' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('with the API down: the form stays as it was, with the e-mail fallback; the draft survives a reload, and a retry after recovery stores one row', async () => {
    const { context, page, errors } = await openPage(harness.browser, DESKTOP);
    const email = 'down.book@example.com';
    const input = bookingInput(email);
    await goto(page, '/book');
    const f = bookingForm(page);
    await fillBookingForm(page, input);
    await harness.api.close();
    try {
      await f.submit.click();
      await f.failure.waitFor();
      await waitForFocus(f.failure);
      await waitForFocusClearOfHeader(page);
      expect(await f.failure.getByRole('link', { name: EMAIL }).getAttribute('href')).toBe(`mailto:${EMAIL}`);
      await expectBookingValues(page, input);
      await captureState(page, 'book-error');
    } finally {
      harness.api = await startLeadApi();
    }
    // The draft comes back after a real reload.
    await reloadHydrated(page);
    await waitForValue(f.message, input.message);
    await expectBookingValues(page, input);

    await f.submit.click();
    await f.confirmation.waitFor();
    expect(await storedRows('consultation_requests', email)).toEqual([
      { name: 'Grace Hopper', email, company: 'Compilers Inc', phone: '+61 400 123 456', message: input.message },
    ]);
    // The failure was logged (the spec's "logged only"), besides the message shown.
    expect(errors.some((error) => /\[leads\] Could not save to consultation_requests/.test(error))).toBe(true);
    for (const error of errors) expect(error).toMatch(EXPECTED_FAILURE_LOG);
    await context.close();
  });
});
