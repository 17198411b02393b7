// The three ways a visitor leaves a lead, driven in a real browser: the /contact form, the /book form and
// a chat booking. Used by the form, fault, CSP, attribution, notification and early-input browser tests.
import type { Locator, Page } from 'playwright-core';
import * as spec from '../../fixtures/spec-texts';
import { bookingCopy, chatCopy, CONTACT_EMAIL, contactCopy } from './copy';
import { installClock, waitSkippingPauses } from './chat-pace';

export { CONTACT_EMAIL };

export const TEXT = {
  contactFailure: spec.contactForm.failure.replace('{email}', CONTACT_EMAIL),
  contactSuccess: spec.contactForm.success,
  bookingFailure: bookingCopy.failureMessage.replace('{email}', CONTACT_EMAIL),
  bookingSuccess: bookingCopy.confirmation.text,
  chatFailure: spec.chat.failure.replace('{email}', CONTACT_EMAIL),
  chatSuccess: spec.chat.success,
} as const;

export type ContactValues = { name: string; email: string; company: string; details: string };
export type BookingValues = { name: string; email: string; company: string; phone: string; message: string };

export const contactValues = (email: string): ContactValues => ({
  name: 'Ada Lovelace',
  email,
  company: 'Analytical Engines',
  details: 'We get 300 leads a month.',
});
export const bookingValues = (email: string): BookingValues => ({
  name: 'Grace Hopper',
  email,
  company: 'Compilers Inc',
  phone: '+61 400 123 456',
  message: 'AEST, mornings suit best',
});

export const contactForm = (page: Page) => page.getByRole('form', { name: contactCopy.formLabel });
export const bookingForm = (page: Page) => page.getByRole('form', { name: bookingCopy.formLabel });

type FormCopy<K extends string> = { inputs: Record<K, { label: string }>; submitLabel: string };

/** A form's controls, one per input of its copy found by its label, and its submit button. */
function controlsOf<K extends string>(form: Locator, copy: FormCopy<K>) {
  const inputs = Object.fromEntries(
    (Object.keys(copy.inputs) as K[]).map((key) => [key, form.getByLabel(copy.inputs[key].label)]),
  ) as Record<K, Locator>;
  return { ...inputs, form, submit: form.getByRole('button', { name: copy.submitLabel }) };
}

/** The /contact form's controls, found by their labels. */
export const contactFields = (page: Page) => controlsOf(contactForm(page), contactCopy);

/** The /book form's controls, found by their labels. */
export const bookingFields = (page: Page) => controlsOf(bookingForm(page), bookingCopy);

/** What the controls named by `keys` show now. */
export async function shownValues<K extends string>(
  controls: Record<K, Locator>,
  keys: readonly K[],
): Promise<Record<K, string>> {
  const shown = {} as Record<K, string>;
  for (const key of keys) shown[key] = await controls[key].inputValue();
  return shown;
}

export async function fillContactForm(
  page: Page,
  values: ContactValues,
  problem: string = spec.problemOptions[0],
): Promise<void> {
  const fields = contactFields(page);
  await fields.name.fill(values.name);
  await fields.email.fill(values.email);
  await fields.company.fill(values.company);
  await fields.problem.selectOption(problem);
  await fields.details.fill(values.details);
}

export const contactFieldValues = (page: Page): Promise<ContactValues> =>
  shownValues(contactFields(page), ['name', 'email', 'company', 'details']);

export const submitContact = (page: Page) => contactFields(page).submit.click();

export async function fillBookingForm(page: Page, values: BookingValues): Promise<void> {
  const fields = bookingFields(page);
  await fields.name.fill(values.name);
  await fields.email.fill(values.email);
  await fields.company.fill(values.company);
  await fields.phone.fill(values.phone);
  await fields.message.fill(values.message);
}

export const bookingFieldValues = (page: Page): Promise<BookingValues> =>
  shownValues(bookingFields(page), ['name', 'email', 'company', 'phone', 'message']);

export const submitBooking = (page: Page) => bookingFields(page).submit.click();

// The chat ------------------------------------------------------------------------------------------

export const chatLog = (page: Page): Locator => page.getByRole('log', { name: chatCopy.ui.conversationLabel });
const chatInput = (page: Page) => page.getByRole('textbox', { name: chatCopy.ui.inputLabel });

/** Runs in the page: whether the chat's log holds more than `count` messages. */
const logLongerThan = (count: number) => (document.querySelector('[role="log"]')?.children.length ?? 0) > count;

/** Opens the chat and waits for the greeting (the assistant's typing pauses skipped, setup/chat-pace.ts). */
export async function openChat(page: Page): Promise<void> {
  await installClock(page);
  await page.getByRole('button', { name: chatCopy.ui.launcherLabel }).click();
  await chatInput(page).waitFor();
  await waitSkippingPauses(page, logLongerThan, 0, { what: 'the greeting' });
}

/** Sends a message and waits for the assistant's answer (the log grows by the message and a reply). */
export async function say(page: Page, text: string): Promise<void> {
  const before = await chatLog(page).locator(':scope > *').count();
  await chatInput(page).fill(text);
  await chatInput(page).press('Enter');
  await waitSkippingPauses(page, logLongerThan, before + 1, { what: `the answer to "${text}"` });
}

export type ChatAnswers = { name: string; email: string; company: string };
export const chatAnswers = (email: string): ChatAnswers => ({ name: 'Alan Turing', email, company: 'Bletchley Ltd' });

/** Where and when the visitor would like the call, and their phone, as they say them in the chat. */
export type CallWishes = { place: string; when: string; phone: string };
export const SYDNEY_TUESDAY_MORNING: CallWishes = {
  place: 'Australia/Sydney',
  when: 'Tuesday morning',
  phone: '+44 20 7946 0000',
};
export const PERTH_WEEKDAY_MORNINGS: CallWishes = {
  place: 'Perth',
  when: 'any weekday morning',
  phone: '+61 8 9000 0000',
};

/** Answers every booking question; the last answer sends the booking. */
export async function bookThroughChat(
  page: Page,
  answers: ChatAnswers,
  wishes: CallWishes = SYDNEY_TUESDAY_MORNING,
): Promise<void> {
  for (const text of [
    'I want to book a call',
    answers.name,
    answers.email,
    answers.company,
    wishes.place,
    wishes.when,
    'no',
    wishes.phone,
  ]) {
    await say(page, text);
  }
}

/**
 * After the chat's booking: waits for the specification's confirmation and the free times the assistant offers
 * after it (the list is complete once the button for other times shows), and returns the offered times' buttons.
 */
export async function offeredChatTimes(page: Page): Promise<Locator> {
  const { otherTimesLabel, waitLabel } = chatCopy.callTimes;
  await waitForChatText(page, spec.chat.success);
  await waitSkippingPauses(
    page,
    (label) => [...document.querySelectorAll('button')].some((button) => button.textContent?.trim() === label),
    otherTimesLabel,
    { what: `the offered times, then "${otherTimesLabel}"` },
  );
  return page
    .getByRole('group', { name: chatCopy.ui.suggestionsLabel })
    .getByRole('button')
    .filter({ hasNotText: otherTimesLabel })
    .filter({ hasNotText: waitLabel });
}

/** Waits until some message in the log contains `text`. */
export function waitForChatText(page: Page, text: string, timeout = 25_000): Promise<void> {
  return waitSkippingPauses(
    page,
    (expected) =>
      [...(document.querySelector('[role="log"]')?.children ?? [])].some((message) =>
        message.textContent?.includes(expected),
      ),
    text,
    { timeout, what: `a message with "${text}"` },
  );
}
