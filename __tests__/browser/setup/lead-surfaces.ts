// The three ways a visitor leaves a lead, driven in a real browser: the /contact form, the /book form and
// a chat booking. Used by the fault, CSP and hostile-input browser tests.
import type { Locator, Page } from 'playwright-core';

export const CONTACT_EMAIL = 'hello@brightlane.ai';

export const TEXT = {
  contactFailure: `Failed to send request. Please try again or email us directly at ${CONTACT_EMAIL}`,
  contactSuccess: "Thanks! We'll contact you within 24 hours to schedule your demo.",
  bookingFailure: `Sorry, we couldn't book your call. Please try again or email us directly at ${CONTACT_EMAIL}`,
  bookingSuccess: "Thanks! We'll contact you within 24 hours to confirm a time for your free 30-minute strategy call.",
  chatFailure: `Sorry, there was an issue saving your booking. Please email us directly at ${CONTACT_EMAIL} and we'll get you sorted.`,
  chatSuccess: "Thanks, I've booked your details — our team will send you calendar options shortly.",
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

export const contactForm = (page: Page) => page.getByRole('form', { name: 'Demo request' });
export const bookingForm = (page: Page) => page.getByRole('form', { name: 'Strategy call request' });

export async function fillContactForm(page: Page, values: ContactValues): Promise<void> {
  const form = contactForm(page);
  await form.getByLabel('Full name').fill(values.name);
  await form.getByLabel('Work email').fill(values.email);
  await form.getByLabel('Company').fill(values.company);
  await form.getByLabel('What would you like to automate?').selectOption('Lead capture and qualification');
  await form.getByLabel('Additional details (optional)').fill(values.details);
}

export async function contactFieldValues(page: Page): Promise<ContactValues> {
  const form = contactForm(page);
  return {
    name: await form.getByLabel('Full name').inputValue(),
    email: await form.getByLabel('Work email').inputValue(),
    company: await form.getByLabel('Company').inputValue(),
    details: await form.getByLabel('Additional details (optional)').inputValue(),
  };
}

export const submitContact = (page: Page) => contactForm(page).getByRole('button', { name: 'Request My Demo' }).click();

export async function fillBookingForm(page: Page, values: BookingValues): Promise<void> {
  const form = bookingForm(page);
  await form.getByLabel('Full name').fill(values.name);
  await form.getByLabel('Work email').fill(values.email);
  await form.getByLabel('Company').fill(values.company);
  await form.getByLabel('Phone').fill(values.phone);
  await form.getByLabel('Message (optional)').fill(values.message);
}

export async function bookingFieldValues(page: Page): Promise<BookingValues> {
  const form = bookingForm(page);
  return {
    name: await form.getByLabel('Full name').inputValue(),
    email: await form.getByLabel('Work email').inputValue(),
    company: await form.getByLabel('Company').inputValue(),
    phone: await form.getByLabel('Phone').inputValue(),
    message: await form.getByLabel('Message (optional)').inputValue(),
  };
}

export const submitBooking = (page: Page) =>
  bookingForm(page).getByRole('button', { name: 'Book My Free Strategy Call' }).click();

// The chat ------------------------------------------------------------------------------------------

export const chatLog = (page: Page): Locator => page.getByRole('log', { name: 'Conversation' });
const chatInput = (page: Page) => page.getByRole('textbox', { name: 'Message the assistant' });

export async function openChat(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Chat with the Brightlane AI assistant' }).click();
  await chatInput(page).waitFor();
  await chatLog(page).locator(':scope > *').first().waitFor();
}

/** Sends a message and waits for the assistant's answer (the log grows by the message and a reply). */
export async function say(page: Page, text: string): Promise<void> {
  const before = await chatLog(page).locator(':scope > *').count();
  await chatInput(page).fill(text);
  await chatInput(page).press('Enter');
  await chatLog(page)
    .locator(':scope > *')
    .nth(before + 1)
    .waitFor({ timeout: 20_000 });
}

export type ChatAnswers = { name: string; email: string; company: string };
export const chatAnswers = (email: string): ChatAnswers => ({ name: 'Alan Turing', email, company: 'Bletchley Ltd' });

/** Answers every booking question; the last answer sends the booking. */
export async function bookThroughChat(page: Page, answers: ChatAnswers): Promise<void> {
  for (const text of [
    'I want to book a call',
    answers.name,
    answers.email,
    answers.company,
    'Australia/Sydney',
    'Tuesday morning',
    'no',
    '+44 20 7946 0000',
  ]) {
    await say(page, text);
  }
}

/** Waits until some message in the log contains `text`. */
export function waitForChatText(page: Page, text: string, timeout = 25_000): Promise<void> {
  return chatLog(page).getByText(text, { exact: false }).last().waitFor({ timeout });
}
