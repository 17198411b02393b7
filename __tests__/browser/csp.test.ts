// The production build served with the headers the build generated (public/_headers): every route loads,
// navigates and submits leads without a single Content-Security-Policy violation, and every response
// carries the security headers.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { DESKTOP, openPage } from './setup/browser';
import { waitForHydration } from './setup/phone-profile';
import { PUBLIC_DIR, TEST_API_URL } from './setup/test-env';
import { ROUTES } from './setup/routes';
import { leadHarnessForThisFile } from './setup/lead-harness';
import {
  TEXT,
  bookThroughChat,
  bookingValues,
  contactValues,
  fillBookingForm,
  fillContactForm,
  openChat,
  submitBooking,
  submitContact,
  waitForChatText,
} from './setup/lead-surfaces';
import { uniqueEmail } from '../helpers/local-api';
import { chatCopy } from './setup/copy';
import { gotoHydrated } from './setup/wait';
import { waitUntil } from '../helpers/wait-until';

const harness = leadHarnessForThisFile();

/** Collects CSP violations as the page sees them (the event) and as Chromium reports them (the console). */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const found: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = found;
    document.addEventListener('securitypolicyviolation', (event) =>
      found.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sample})`),
    );
  });
  const consoleReports: string[] = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) consoleReports.push(message.text());
  });
  return async () => {
    const events = await page.evaluate(
      () => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
    );
    return [...events, ...consoleReports];
  };
}

const headerLines = fs.existsSync(path.join(PUBLIC_DIR, '_headers'))
  ? fs.readFileSync(path.join(PUBLIC_DIR, '_headers'), 'utf8')
  : '';

it('was built with generated headers', () => {
  expect(headerLines).toContain('Content-Security-Policy');
});

const ALL_ROUTES = [...ROUTES, '/no-such-page', '/404.html'];

/**
 * An unknown path is answered with 404.html under the `/*` block alone, which holds no policy (a host would
 * enforce one there on every page and on the editor too, docs/security.md): 404.html carries the 404 page's own
 * policy in a `<meta http-equiv>`, all but frame-ancestors, which X-Frame-Options: DENY stands in for.
 */
const UNKNOWN_PATH = '/no-such-page';
const metaPolicy = (html: string) =>
  /<head[^>]*><meta http-equiv="Content-Security-Policy" content="([^"]*)"\/>/.exec(html)?.[1];

describe.each(ALL_ROUTES)('%s', (route) => {
  it('sends the security headers and a strict policy', async () => {
    const response = await fetch(harness.site.url + route);
    const header = response.headers.get('content-security-policy');
    const csp = (route === UNKNOWN_PATH ? metaPolicy(await response.text()) : header) ?? '';
    if (route === UNKNOWN_PATH) expect(header).toBeNull();
    expect(csp).toMatch(/^default-src 'self'; script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+; /);
    expect(csp).not.toMatch(/unsafe-eval/);
    expect(/script-src [^;]*/.exec(csp)?.[0]).not.toMatch(/unsafe-inline/);
    for (const directive of [
      "connect-src 'self' " + TEST_API_URL,
      ...(route === UNKNOWN_PATH ? [] : ["frame-ancestors 'none'"]),
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('permissions-policy')).toContain('camera=()');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    // Set per page (the editor needs another value, and a host joins the values of every matching block).
    expect(response.headers.get('cross-origin-opener-policy')).toBe(route === UNKNOWN_PATH ? null : 'same-origin');
  });

  it('loads, hydrates and runs without a CSP violation or an error', async () => {
    const { context, page, errors } = await openPage(harness.browser, DESKTOP);
    const violations = await watchCsp(page);
    await page.goto(harness.site.url + route, { waitUntil: 'networkidle' });
    // Hydrated, i.e. Gatsby's inline and external scripts all ran.
    await waitForHydration(page);
    // Opening the chat loads its lazy chunk: scripts from 'self' after the first load.
    await page.getByRole('button', { name: chatCopy.ui.launcherLabel }).click();
    await page.getByRole('dialog').waitFor();
    // The home page's JSON-LD is a data block: Chromium does not run it, so it needs no hash (and gets none).
    if (route === '/') expect(await page.locator('script[type="application/ld+json"]').count()).toBe(1);
    expect(await violations()).toEqual([]);
    // An unknown path is answered 404 (the document and its page data), which Chromium logs as an error.
    const unexpected = route === '/no-such-page' ? errors.filter((error) => !/status of 404/.test(error)) : errors;
    expect(unexpected).toEqual([]);
    await context.close();
  });
});

it('navigates client-side through every route without a violation (later pages run external chunks only)', async () => {
  const { context, page, errors } = await openPage(harness.browser, DESKTOP);
  const violations = await watchCsp(page);
  await page.goto(harness.site.url + '/', { waitUntil: 'networkidle' });
  for (const route of ROUTES.slice(1)) {
    await page.evaluate((to) => (window as unknown as { ___navigate(to: string): void }).___navigate(to), route);
    await page.waitForURL(harness.site.url + route);
    await page.waitForLoadState('networkidle');
  }
  expect(await violations()).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

it('sends both forms and a full chat booking without a violation', async () => {
  const { context, page, errors } = await openPage(harness.browser, DESKTOP);
  const violations = await watchCsp(page);
  const contactEmail = uniqueEmail('csp-contact');
  const bookingEmail = uniqueEmail('csp-book');
  const chatEmail = uniqueEmail('csp-chat');

  await gotoHydrated(page, harness.site.url + '/contact');
  await fillContactForm(page, contactValues(contactEmail));
  await submitContact(page);
  await page.getByText(TEXT.contactSuccess).waitFor();

  await gotoHydrated(page, harness.site.url + '/book');
  await fillBookingForm(page, bookingValues(bookingEmail));
  await submitBooking(page);
  await page.getByText(TEXT.bookingSuccess).waitFor();

  await gotoHydrated(page, harness.site.url + '/');
  await openChat(page);
  await bookThroughChat(page, { name: 'Alan Turing', email: chatEmail, company: 'Bletchley Ltd' });
  await waitForChatText(page, TEXT.chatSuccess);

  expect(await violations()).toEqual([]);
  expect(errors).toEqual([]);
  const stored = await harness.api.sql<{ email: string }>(
    `select email from contact_messages union all select email from consultation_requests order by email`,
  );
  expect(stored.map((row) => row.email).sort()).toEqual([bookingEmail, chatEmail, contactEmail].sort());
  await context.close();
});

it.each(['/', UNKNOWN_PATH])(
  'blocks an injected inline script on %s and reports it (the policy is enforced, not just sent)',
  async (route) => {
    const { context, page } = await openPage(harness.browser, DESKTOP);
    const violations = await watchCsp(page);
    await page.goto(harness.site.url + route, { waitUntil: 'networkidle' });
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.append(script);
      const image = document.createElement('img');
      image.setAttribute('src', 'x');
      image.setAttribute('onerror', 'window.__injected = true');
      // The test's own listener (not under the page's policy) runs after the attribute's handler would have.
      image.addEventListener('error', () => ((window as unknown as { __imageFailed?: boolean }).__imageFailed = true));
      document.body.append(image);
    });
    // The inline script's turn came as it was added; the attribute's comes when the image has failed to load.
    await waitUntil(
      'the injected image to fail to load',
      () => page.evaluate(() => (window as unknown as { __imageFailed?: boolean }).__imageFailed === true),
      { timeoutMs: 15_000, intervalMs: 50 },
    );
    // A violation is reported in a task of its own, after the blocking.
    await waitUntil('a script-src violation to be reported', violations, {
      until: (found) => found.some((violation) => violation.startsWith('script-src')),
      timeoutMs: 15_000,
      intervalMs: 50,
    });
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
    expect((await violations()).some((violation) => violation.startsWith('script-src'))).toBe(true);
    await context.close();
  },
);
