// The first seconds of a visit on a phone-class profile (4x slower CPU, 150 ms round trip, 1.6 Mbps): each
// test opens the page with `waitUntil: 'commit'`, waits only until the control is visible and acts at once,
// while the page's scripts are held back so that every action provably lands before the page has hydrated
// (checked, not assumed). Then the scripts are let through and the outcome is what the visitor did: the
// row stored holds exactly what was typed, the menu and the chat panel are open.
import type { Page } from 'playwright-core';
import { withSavedAt } from '../../src/lib/session-expiry';
import { uniqueEmail } from '../helpers/local-api';
import { MOBILE, openPage } from './setup/browser';
import { leadHarnessForThisFile, storedLeadRows, type LeadTable } from './setup/lead-harness';
import { bookingForm, contactForm, TEXT } from './setup/lead-surfaces';
import { bookingCopy, chatCopy, contactCopy, site as siteJson } from './setup/copy';
import { problemOptions } from '../fixtures/spec-texts';
import { applyPhoneProfile, isHydrated, waitForHydration } from './setup/phone-profile';
import { GATSBY_ROOT_ID, HYDRATED_ATTRIBUTE } from '../../src/early-input/attributes';

const harness = leadHarnessForThisFile();
const chatUi = chatCopy.ui;

type EarlyPage = {
  page: Page;
  /** Lets the held scripts through: hydration follows. */
  release: () => void;
  /** The visitor's actions so far, each with whether the page had hydrated when it happened. */
  actions: () => Promise<{ type: string; hydrated: boolean }[]>;
  errors: string[];
};

/** Opens `route` on the phone profile with the site's scripts held back until `release()`. */
async function openEarly(route: string, setup?: (page: Page) => Promise<unknown>): Promise<EarlyPage> {
  const { page, errors } = await openPage(harness.browser, MOBILE, { motion: 'no-preference' });
  await applyPhoneProfile(page);
  await page.addInitScript(
    ({ rootId, attribute }) => {
      const seen: { type: string; hydrated: boolean }[] = [];
      (window as unknown as { __actions: typeof seen }).__actions = seen;
      for (const type of ['input', 'change', 'click', 'submit', 'keydown']) {
        window.addEventListener(
          type,
          () => seen.push({ type, hydrated: !!document.getElementById(rootId)?.hasAttribute(attribute) }),
          true,
        );
      }
    },
    { rootId: GATSBY_ROOT_ID, attribute: HYDRATED_ATTRIBUTE },
  );
  if (setup) await setup(page);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.origin === harness.site.url && url.pathname.endsWith('.js'),
    async (held) => {
      await gate;
      await held.continue();
    },
  );
  await page.goto(harness.site.url + route, { waitUntil: 'commit' });
  return {
    page,
    release,
    errors,
    actions: () => page.evaluate(() => (window as unknown as { __actions: [] }).__actions),
  };
}

async function expectActedBeforeHydration(early: EarlyPage) {
  expect(await isHydrated(early.page)).toBe(false);
  const actions = await early.actions();
  expect(actions.length).toBeGreaterThan(0);
  expect(actions.filter((action) => action.hydrated)).toEqual([]);
}

const rows = (table: LeadTable, email: string) => storedLeadRows(harness.api, table, email);

afterEach(async () => {
  for (const context of harness.browser.contexts()) await context.close();
});

describe('forms used the moment they are visible', () => {
  it('/contact: every field typed and chosen, then submitted, is stored exactly', async () => {
    const email = uniqueEmail('early-contact');
    const early = await openEarly('/contact');
    const form = contactForm(early.page);
    await form.getByLabel(contactCopy.inputs.name.label).waitFor({ state: 'visible' });
    await form.getByLabel(contactCopy.inputs.name.label).fill('Ada Lovelace');
    await form.getByLabel(contactCopy.inputs.email.label).fill(email);
    await form.getByLabel(contactCopy.inputs.company.label).fill('Analytical Engines');
    await form.getByLabel(contactCopy.inputs.problem.label).selectOption(problemOptions[3]);
    await form.getByLabel(contactCopy.inputs.details.label).fill('We miss calls after hours.');
    await form.getByRole('button', { name: contactCopy.submitLabel }).click();
    await expectActedBeforeHydration(early);
    expect(new URL(early.page.url()).search).toBe(''); // no native GET submit with the answers in the URL

    early.release();
    await early.page.getByRole('status').filter({ hasText: TEXT.contactSuccess }).waitFor({ timeout: 30_000 });
    expect(await rows('contact_messages', email)).toEqual([
      {
        name: 'Ada Lovelace',
        email,
        company: 'Analytical Engines',
        message: `Problem: ${problemOptions[3]}\n\nDetails: We miss calls after hours.`,
      },
    ]);
    expect(early.errors).toEqual([]);
  });

  it('/book: every field typed, then submitted, is stored exactly', async () => {
    const email = uniqueEmail('early-book');
    const early = await openEarly('/book');
    const form = bookingForm(early.page);
    await form.getByLabel(bookingCopy.inputs.name.label).waitFor({ state: 'visible' });
    await form.getByLabel(bookingCopy.inputs.name.label).fill('Grace Hopper');
    await form.getByLabel(bookingCopy.inputs.email.label).fill(email);
    await form.getByLabel(bookingCopy.inputs.company.label).fill('Compilers Inc');
    await form.getByLabel(bookingCopy.inputs.phone.label).fill('+61 400 123 456');
    await form.getByLabel(bookingCopy.inputs.message.label).fill('Mornings suit best');
    await form.getByLabel(bookingCopy.inputs.message.label).press('Enter'); // a new line, not a submit
    await form.getByLabel(bookingCopy.inputs.phone.label).press('Enter'); // implicit submission
    await expectActedBeforeHydration(early);

    early.release();
    await early.page.getByRole('status').filter({ hasText: TEXT.bookingSuccess }).waitFor({ timeout: 30_000 });
    expect(await rows('consultation_requests', email)).toEqual([
      {
        name: 'Grace Hopper',
        email,
        company: 'Compilers Inc',
        phone: '+61 400 123 456',
        message: 'Mornings suit best',
      },
    ]);
    expect(early.errors).toEqual([]);
  });

  it('a stored draft fills only the untouched fields: what the visitor types now wins', async () => {
    const email = uniqueEmail('early-draft');
    const draft = {
      name: 'Name From Draft',
      email,
      company: 'Company From Draft',
      problem: problemOptions[1],
      details: 'Details from the draft',
    };
    const early = await openEarly('/contact', (page) =>
      page.addInitScript(
        (value) => sessionStorage.setItem('lead-form-draft:contact-form', value),
        JSON.stringify(withSavedAt(draft)),
      ),
    );
    const form = contactForm(early.page);
    await form.getByLabel(contactCopy.inputs.name.label).waitFor({ state: 'visible' });
    await form.getByLabel(contactCopy.inputs.name.label).fill('Typed Name');
    await form.getByLabel(contactCopy.inputs.details.label).fill('Typed details');
    await expectActedBeforeHydration(early);

    early.release();
    await waitForHydration(early.page);
    await form.getByLabel(contactCopy.inputs.company.label).evaluate(
      (element) =>
        new Promise<void>((resolve) => {
          const check = () => ((element as HTMLInputElement).value ? resolve() : requestAnimationFrame(check));
          check();
        }),
    );
    await form.getByRole('button', { name: contactCopy.submitLabel }).click();
    await early.page.getByRole('status').filter({ hasText: TEXT.contactSuccess }).waitFor({ timeout: 30_000 });
    expect(await rows('contact_messages', email)).toEqual([
      {
        name: 'Typed Name',
        email,
        company: 'Company From Draft',
        message: `Problem: ${problemOptions[1]}\n\nDetails: Typed details`,
      },
    ]);
  });

  it('values set without any key or input event (browser restore, autofill) are the ones submitted', async () => {
    const email = uniqueEmail('early-restore');
    const early = await openEarly('/contact');
    const form = contactForm(early.page);
    await form.getByLabel(contactCopy.inputs.name.label).waitFor({ state: 'visible' });
    await form.evaluate(
      (element, [address, problem]) => {
        const set = (name: string, value: string) => {
          (element.querySelector(`[name="${name}"]`) as HTMLInputElement).value = value;
        };
        set('name', 'Restored Name');
        set('email', address);
        set('company', 'Restored Co');
        set('problem', problem);
        set('website', 'https://autofilled.example'); // the hidden spam trap, autofilled: still a person
      },
      [email, problemOptions[0]] as const,
    );
    expect(await isHydrated(early.page)).toBe(false);

    early.release();
    await waitForHydration(early.page);
    await form.getByRole('button', { name: contactCopy.submitLabel }).click();
    await early.page.getByRole('status').filter({ hasText: TEXT.contactSuccess }).waitFor({ timeout: 30_000 });
    expect(await rows('contact_messages', email)).toEqual([
      { name: 'Restored Name', email, company: 'Restored Co', message: `Problem: ${problemOptions[0]}` },
    ]);
  });
});

describe('taps the moment the control is visible', () => {
  it('the chat launcher shows it is opening at once, and the panel opens', async () => {
    const early = await openEarly('/');
    const launcher = early.page.getByRole('button', { name: chatUi.launcherLabel });
    await launcher.waitFor({ state: 'visible' });
    await launcher.click();
    await expectActedBeforeHydration(early);
    expect(await launcher.getAttribute('aria-busy')).toBe('true');

    early.release();
    const panel = early.page.getByRole('dialog', { name: chatUi.panelTitle });
    await panel.waitFor({ state: 'visible', timeout: 30_000 });
    await panel.getByRole('textbox', { name: chatUi.inputLabel }).waitFor({ state: 'visible' });
    expect(early.errors).toEqual([]);
  });

  it.each([
    ['the menu toggle (375 px)', () => siteJson.menuLabel],
    ['the chat launcher', () => chatUi.launcherLabel],
  ])(
    '%s: Escape pressed right after the tap closes it again, focus on the button, still closed once interactive',
    async (_, label) => {
      const early = await openEarly('/');
      const button = early.page.getByRole('button', { name: label() });
      await button.waitFor({ state: 'visible' });
      await button.click();
      // Straight after the tap, with the page's scripts still held back: the Escape comes before hydration
      // however long the phone takes (a limit on this step's own duration only measured the test machine).
      await early.page.keyboard.press('Escape');
      await expectActedBeforeHydration(early);
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      expect(await early.page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);

      early.release();
      await waitForHydration(early.page);
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      expect(await button.getAttribute('aria-busy')).toBeNull();
      expect(await early.page.getByRole('dialog', { name: chatUi.panelTitle }).isVisible()).toBe(false);
      expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(early.errors).toEqual([]);
    },
  );

  it('the menu toggle (375 px) opens the menu at once, and it stays open once interactive', async () => {
    const early = await openEarly('/');
    const toggle = early.page.getByRole('button', { name: siteJson.menuLabel });
    await toggle.waitFor({ state: 'visible' });
    await toggle.click();
    await expectActedBeforeHydration(early);
    const menu = early.page.getByRole('navigation', { name: 'Main' });
    await menu.getByRole('link', { name: siteJson.navigation[0].label }).waitFor({ state: 'visible' });

    early.release();
    await waitForHydration(early.page);
    // React has rendered its own open state (the icon turns into a cross), adopted from the early tap.
    const icon = await toggle.locator('path').elementHandle();
    await early.page.waitForFunction((path) => path?.getAttribute('d')?.startsWith('M6'), icon);
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await menu.isVisible()).toBe(true);
    await toggle.click(); // React's own handler now: one tap, one toggle
    await menu.waitFor({ state: 'hidden' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(early.errors).toEqual([]);
  });
});
