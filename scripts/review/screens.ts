// The screens the review compares: every route, and every state the browser tests capture (forms idle,
// validation, success, error; chat open, booked, failed), at the same widths and with the same names as
// the tests' screenshots (`<route or state>-<width>.png`). Each is driven the way the tests drive it.
import type { Page } from 'playwright-core';
import { failApiWith500 } from '../../__tests__/browser/setup/api-failure';
import { DESKTOP, MOBILE } from '../../__tests__/browser/setup/browser';
import {
  TEXT,
  bookThroughChat,
  bookingValues,
  chatAnswers,
  chatLog,
  contactValues,
  fillBookingForm,
  fillContactForm,
  openChat,
  say,
  submitBooking,
  submitContact,
} from '../../__tests__/browser/setup/lead-surfaces';
import { ROUTES, screenshotName } from '../../__tests__/browser/setup/routes';

export type Screen = {
  /** The screenshot's name without the width, e.g. `home`, `contact-success`. */
  name: string;
  route: string;
  widths: number[];
  /** The whole page (routes, forms) or only the viewport (the chat panel). */
  fullPage: boolean;
  /** Brings the page from loaded to the state; absent for a route as loaded. */
  drive?: (page: Page) => Promise<void>;
};

const BOTH = [MOBILE.width, DESKTOP.width];

const routeName = (route: string) => screenshotName(route, 0).replace(/-0\.png$/, '');

const waitForText = (page: Page, text: string) => page.getByText(text, { exact: false }).first().waitFor();

/** Waits until the assistant has stopped typing. */
const chatSettled = (page: Page) =>
  page.waitForFunction(() => !document.querySelector('[data-chat-typing]'), undefined, { timeout: 20_000 });

export const ROUTE_SCREENS: Screen[] = ROUTES.map((route) => ({
  name: routeName(route),
  route,
  widths: BOTH,
  fullPage: true,
}));

type LeadForm = {
  name: 'contact' | 'book';
  /** What the tests call the sent state: `success` for /contact, `confirmation` for /book. */
  sent: string;
  fill: (page: Page, email: string) => Promise<void>;
  submit: (page: Page) => Promise<void>;
  success: string;
  failure: string;
};

const LEAD_FORMS: LeadForm[] = [
  {
    name: 'contact',
    sent: 'success',
    fill: (page, email) => fillContactForm(page, contactValues(email)),
    submit: submitContact,
    success: TEXT.contactSuccess,
    failure: TEXT.contactFailure,
  },
  {
    name: 'book',
    sent: 'confirmation',
    fill: (page, email) => fillBookingForm(page, bookingValues(email)),
    submit: submitBooking,
    success: TEXT.bookingSuccess,
    failure: TEXT.bookingFailure,
  },
];

/** A form's four states: idle, validation (empty submit), sent, and error (the API answers 500). */
function formScreens(form: LeadForm): Screen[] {
  const screen = (state: string, drive: (page: Page) => Promise<void>): Screen => ({
    name: `${form.name}-${state}`,
    route: `/${form.name}`,
    widths: BOTH,
    fullPage: true,
    drive,
  });
  return [
    screen('idle', async () => {}),
    screen('validation', async (page) => {
      await form.submit(page);
      await page.locator('[aria-invalid="true"]').first().waitFor();
    }),
    screen(form.sent, async (page) => {
      await form.fill(page, `review.${form.name}@example.com`);
      await form.submit(page);
      await waitForText(page, form.success);
    }),
    screen('error', async (page) => {
      await form.fill(page, `review.${form.name}-error@example.com`);
      await failApiWith500(page);
      await form.submit(page);
      await waitForText(page, form.failure.slice(0, 40));
    }),
  ];
}

export const STATE_SCREENS: Screen[] = [
  ...LEAD_FORMS.flatMap(formScreens),
  {
    name: 'chat-open',
    route: '/pricing',
    widths: BOTH,
    fullPage: false,
    drive: async (page) => {
      await openChat(page);
      await chatSettled(page);
    },
  },
  {
    name: 'chat-booked',
    route: '/',
    widths: [DESKTOP.width],
    fullPage: false,
    drive: async (page) => {
      await openChat(page);
      await bookThroughChat(page, chatAnswers('review.chat@example.com'));
      await chatLog(page).getByText(TEXT.chatSuccess, { exact: false }).waitFor();
      await chatSettled(page);
    },
  },
  {
    name: 'chat-failure',
    route: '/services',
    widths: [DESKTOP.width],
    fullPage: false,
    drive: async (page) => {
      await openChat(page);
      const answers = [
        'Ruth Ames',
        'review.chat-failure@example.com',
        'Ames Co',
        'Australia/Sydney',
        'Tuesday morning',
      ];
      for (const text of ['I want to book a call', ...answers, 'no']) await say(page, text);
      await failApiWith500(page);
      await say(page, '+61 400 000 111');
      await chatLog(page).getByText(TEXT.chatFailure.slice(0, 40), { exact: false }).waitFor();
      await chatSettled(page);
    },
  },
];

export const ALL_SCREENS: Screen[] = [...ROUTE_SCREENS, ...STATE_SCREENS];

/** The screens named (`home`, `pricing`, `contact-success`); all when none is. */
export function selectScreens(wanted: string[], screens = ALL_SCREENS): Screen[] {
  if (wanted.length === 0) return screens;
  const chosen = screens.filter((screen) => wanted.includes(screen.name));
  const unknown = wanted.filter((name) => !screens.some((screen) => screen.name === name));
  if (unknown.length)
    throw new Error(`Unknown screens: ${unknown.join(', ')}. Known: ${screens.map((s) => s.name).join(', ')}`);
  return chosen;
}

export const fileName = (screen: Screen, width: number) => `${screen.name}-${width}.png`;
