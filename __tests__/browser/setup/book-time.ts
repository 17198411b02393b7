// Booking a real time on /book (issue 33), as a visitor does it: the request, the free times after the
// specification's confirmation, one tap on a time and one on confirm.
import type { Page } from 'playwright-core';
import { bookingCopy as timeCopy } from '../../helpers/booking-copy';
import * as spec from '../../fixtures/spec-texts';
import { bookingFields, bookingValues, fillBookingForm } from './lead-surfaces';
import { gotoHydrated } from './wait';

const { picker, booked } = timeCopy;

/** The time buttons, in the order shown (their names start with the visible time). */
export const timeButtons = (page: Page) =>
  page.getByRole('region', { name: picker.title }).getByRole('group').getByRole('button');

/** Sends a strategy-call request on /book and waits for the spec's confirmation and the times after it. */
export async function requestCall(page: Page, siteUrl: string, email: string): Promise<void> {
  await gotoHydrated(page, `${siteUrl}/book`);
  await fillBookingForm(page, bookingValues(email));
  await bookingFields(page).submit.click();
  await page.getByRole('heading', { name: spec.bookingForm.confirmationTitle }).waitFor();
  await page.getByRole('heading', { name: picker.title }).waitFor();
}

/** Taps the first free time and confirms it; resolves when the booked view says so. */
export async function bookFirstTime(page: Page): Promise<void> {
  await timeButtons(page).first().click();
  await page.getByRole('button', { name: picker.confirmLabel }).click();
  await page.getByRole('heading', { name: booked.title }).waitFor();
}
