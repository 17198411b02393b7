// Where each lead came from, and the collection notice at each collection point, in a real browser against
// the production build and the local data API: a visit that lands on /services with utm_* parameters and a
// referrer, then sends a lead from /book, /contact or the chat, is stored with exactly that attribution.
import type { Page } from 'playwright-core';
import { DESKTOP, MOBILE, openPage, type Viewport } from './setup/browser';
import { leadHarnessForThisFile } from './setup/lead-harness';
import { gotoHydrated } from './setup/wait';
import {
  TEXT,
  bookThroughChat,
  bookingForm,
  bookingValues,
  chatAnswers,
  contactForm,
  contactValues,
  fillBookingForm,
  fillContactForm,
  openChat,
  say,
  submitBooking,
  submitContact,
  waitForChatText,
} from './setup/lead-surfaces';
import { captureState } from './setup/states';
import { bookingCopy, chatCopy, contactCopy, site as siteJson } from './setup/copy';
import { nodes } from '../helpers/content-fixtures';
import { VISIT_ID_STORAGE_KEY } from '../../src/insights/visit-id';

const harness = leadHarnessForThisFile();

const LANDING = '/services?utm_source=newsletter&utm_campaign=spring';
// Chromium sends a cross-origin referrer as its origin only (strict-origin-when-cross-origin).
const REFERRER = 'http://news.example.com/issues/12';
const FROM_NEWSLETTER = {
  landing_page: LANDING,
  referrer: 'http://news.example.com',
  utm_source: 'newsletter',
  utm_campaign: 'spring',
};

let emailCounter = 0;
const uniqueEmail = (label: string) => `${label}.${Date.now()}.${(emailCounter += 1)}@example.com`;

async function storedAttribution(table: 'contact_messages' | 'consultation_requests', email: string) {
  const { data, error } = await harness.api.service.from(table).select('attribution').eq('email', email);
  expect(error).toBeNull();
  return (data ?? []).map((row) => row.attribution);
}

/**
 * A page view the site records: the visit is captured when the app starts (gatsby-browser's onClientEntry),
 * before hydration, which the next page view waits for.
 */
async function land(page: Page, route: string, referer?: string) {
  await gotoHydrated(page, harness.site.url + route, { referer });
}

/** Follows the header's booking link: a client-side navigation inside the same visit. */
async function followBookingLink(page: Page) {
  await page.getByRole('link', { name: siteJson.navigationCta.label }).first().click();
  await page.waitForURL(`${harness.site.url}/book`);
  await bookingForm(page).waitFor();
}

/** The tab's visit id (src/insights/visit-id.ts), which every lead carries to join it to the visit's events. */
const visitIdOf = (page: Page) => page.evaluate((key) => sessionStorage.getItem(key), VISIT_ID_STORAGE_KEY);

async function withPage(viewport: Viewport, run: (page: Page) => Promise<void>) {
  const { context, page, errors } = await openPage(harness.browser, viewport);
  try {
    await run(page);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}

describe('attribution stored with the lead', () => {
  test('/book after landing on /services from a newsletter', () =>
    withPage(DESKTOP, async (page) => {
      const email = uniqueEmail('attr-book');
      await land(page, LANDING, REFERRER);
      await followBookingLink(page);
      await fillBookingForm(page, bookingValues(email));
      await submitBooking(page);
      await page.getByText(TEXT.bookingSuccess).waitFor();
      expect(await storedAttribution('consultation_requests', email)).toEqual([
        { surface: 'booking_form', ...FROM_NEWSLETTER, submitted_from: '/book', visit_id: await visitIdOf(page) },
      ]);
    }));

  test('/contact, reached by a full page load later in the visit', () =>
    withPage(MOBILE, async (page) => {
      const email = uniqueEmail('attr-contact');
      await land(page, LANDING, REFERRER);
      await land(page, '/pricing?utm_source=other');
      await land(page, '/contact');
      await fillContactForm(page, contactValues(email));
      await submitContact(page);
      await page.getByText(TEXT.contactSuccess).waitFor();
      expect(await storedAttribution('contact_messages', email)).toEqual([
        { surface: 'contact_form', ...FROM_NEWSLETTER, submitted_from: '/contact', visit_id: await visitIdOf(page) },
      ]);
    }));

  test('a chat booking made on /pricing', () =>
    withPage(DESKTOP, async (page) => {
      const email = uniqueEmail('attr-chat');
      await land(page, LANDING, REFERRER);
      await land(page, '/pricing');
      await openChat(page);
      await bookThroughChat(page, chatAnswers(email));
      await waitForChatText(page, TEXT.chatSuccess);
      expect(await storedAttribution('consultation_requests', email)).toEqual([
        { surface: 'chat', ...FROM_NEWSLETTER, submitted_from: '/pricing', visit_id: await visitIdOf(page) },
      ]);
    }));

  test('a direct visit without referrer or campaign is stored with only the pages', () =>
    withPage(DESKTOP, async (page) => {
      const email = uniqueEmail('attr-direct');
      await land(page, '/contact');
      await fillContactForm(page, contactValues(email));
      await submitContact(page);
      await page.getByText(TEXT.contactSuccess).waitFor();
      expect(await storedAttribution('contact_messages', email)).toEqual([
        {
          surface: 'contact_form',
          landing_page: '/contact',
          submitted_from: '/contact',
          visit_id: await visitIdOf(page),
        },
      ]);
    }));

  test('keeps nothing personal in sessionStorage and sets no cookie', () =>
    withPage(DESKTOP, async (page) => {
      await land(page, LANDING, REFERRER);
      const stored = await page.evaluate(() => sessionStorage.getItem('brightlane.attribution.v1'));
      expect(JSON.parse(stored ?? 'null')).toEqual(FROM_NEWSLETTER);
      expect(await page.context().cookies()).toEqual([]);
    }));
});

describe('collection notice, linked to the privacy policy, at 375 and 1280 px', () => {
  async function expectNoticeLink(page: Page, linkLabel: string) {
    const link = page.getByRole('link', { name: linkLabel });
    for (const viewport of [DESKTOP, MOBILE]) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await link.waitFor();
      await link.scrollIntoViewIfNeeded();
      expect({ width: viewport.width, visible: await link.isVisible() }).toEqual({
        width: viewport.width,
        visible: true,
      });
    }
    expect(await link.getAttribute('href')).toBe('/privacy-policy');
    return link;
  }

  test('/contact and /book: next to the submit button', () =>
    withPage(MOBILE, async (page) => {
      for (const [route, form, copy] of [
        ['/contact', contactForm, contactCopy],
        ['/book', bookingForm, bookingCopy],
      ] as const) {
        await land(page, route);
        const link = await expectNoticeLink(page, copy.privacyNotice.linkLabel);
        const nextIsSubmit = await link.evaluate(
          (element) => element.closest('p')?.nextElementSibling?.getAttribute('type') === 'submit',
        );
        expect(nextIsSubmit).toBe(true);
        expect(await form(page).getByRole('link', { name: copy.privacyNotice.linkLabel }).count()).toBe(1);
        await captureState(page, `privacy-notice${route.replace('/', '-')}`);
      }
      // Following the link opens the privacy policy.
      await page.getByRole('link', { name: bookingCopy.privacyNotice.linkLabel }).click();
      await page.waitForURL(`${harness.site.url}/privacy-policy`);
      const policy = nodes<{ slug: string; title: string }>('LegalPage').nodes.find(
        (legal) => legal.slug === 'privacy-policy',
      )!;
      await page.getByRole('heading', { level: 1, name: policy.title }).waitFor();
    }));

  test('the chat: above the message box from the start of a booking', () =>
    withPage(MOBILE, async (page) => {
      await land(page, '/');
      await openChat(page);
      const dialog = page.getByRole('dialog');
      expect(await dialog.getByRole('link', { name: chatCopy.booking.privacyNotice.linkLabel }).count()).toBe(0);
      await say(page, 'I want to book a call');
      await expectNoticeLink(page, chatCopy.booking.privacyNotice.linkLabel);
      await captureState(page, 'privacy-notice-chat', { fullPage: false });
    }));
});

test('the privacy policy states the storage region, e-mail provider and retention period from site.json', () =>
  withPage(DESKTOP, async (page) => {
    await land(page, '/privacy-policy');
    const text = (await page.getByRole('main').textContent()) ?? '';
    expect(text).toContain(siteJson.privacy.storageRegion);
    expect(text).toContain(siteJson.privacy.emailProvider);
    expect(text).toContain(`${siteJson.privacy.retentionMonths} months`);
  }));
