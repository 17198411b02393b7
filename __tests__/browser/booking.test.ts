// Booking a real time after the /book request, in a real browser against the production build and the local
// data API with the booking migration: the two taps on a phone profile (taps and seconds recorded, not
// asserted), keyboard only, two visitors on one time (one wins, the other is told and shown fresh times), and
// the change/cancel link. Rows are read back; the .ics link is read by a real iCalendar parser. Waiting for
// the team's e-mail instead is a component test (docs/testing.md, "Browser tests replaced by component tests").
import fs from 'node:fs';
import ICAL from 'ical.js';
import type { Page } from 'playwright-core';
import { DESKTOP, MOBILE, openPage } from './setup/browser';
import { ARTIFACTS_DIR } from './setup/artifacts';
import { tabTo, waitForFocus } from './setup/focus';
import { leadHarnessForThisFile } from './setup/lead-harness';
import { requestCall as requestCallOn, timeButtons } from './setup/book-time';
import { applyPhoneProfile } from './setup/phone-profile';
import { captureState } from './setup/states';
import { bookingCopy as timeCopy } from '../helpers/booking-copy';
import { bookingCopy as formCopy } from './setup/copy';
import { single } from '../helpers/content-fixtures';
import { fillTime, formatTime } from '../../src/features/booking/time-format';
import * as spec from '../fixtures/spec-texts';

jest.setTimeout(120_000);
const harness = leadHarnessForThisFile();
const { picker, booked: bookedCopy, manage } = timeCopy;
let visitorNumber = 0;
const requestCall = (page: Page, email: string) => requestCallOn(page, harness.site.url, email);
const uniqueEmail = () => `booker-${Date.now()}-${++visitorNumber}@example.com`;

async function bookingRows(email: string) {
  return harness.api.sql<{ status: string; starts_at: string; manage_token: string; visitor_time_zone: string }>(
    `select b.status, b.starts_at, b.manage_token, b.visitor_time_zone from private.bookings b where b.email = $1 order by b.created_at`,
    [email],
  );
}

it('on a phone: from the confirmation to a booked call in two taps, with calendar links and a working change/cancel link', async () => {
  const { context, page, errors } = await openPage(harness.browser, MOBILE);
  const email = uniqueEmail();
  await requestCall(page, email);
  const phone = await applyPhoneProfile(page, { cpuSlowdown: 'kept' });
  const started = Date.now();
  const first = timeButtons(page).first();
  const firstName = (await first.getAttribute('aria-label'))!;
  await first.click();
  await page.getByRole('button', { name: picker.confirmLabel }).click();
  const heading = page.getByRole('heading', { name: bookedCopy.title });
  await waitForFocus(heading);
  const seconds = (Date.now() - started) / 1000;
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  fs.writeFileSync(`${ARTIFACTS_DIR}/booking-phone-timing.json`, JSON.stringify({ taps: 2, seconds }, null, 2));
  // The phone part is over: the slowdown would keep a whole core busy for as long as the page is open, and the
  // rest only reads what the page says and follows its links.
  await phone.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await phone.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  const [row] = await bookingRows(email);
  expect(row.status).toBe('booked');
  expect(row.visitor_time_zone).toBe(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone));
  // The time the visitor tapped is the time booked, and the page says it in their zone.
  expect(firstName.startsWith(`${formatTime(row.starts_at, row.visitor_time_zone)}, `)).toBe(true);
  await page.getByText(fillTime(bookedCopy.when, row.starts_at, row.visitor_time_zone), { exact: true }).waitFor();
  // The confirmation above and the box beside the form now speak of the booked call, in the visitor's zone; no
  // line still promises to find a time.
  const [{ team_time_zone: teamZone }] = await harness.api.sql<{ team_time_zone: string }>(
    'select team_time_zone from private.booking_settings',
  );
  const fill = (text: string) => fillTime(text, row.starts_at, row.visitor_time_zone, teamZone);
  const confirmation = page.getByRole('status').filter({
    has: page.getByRole('heading', { name: bookedCopy.confirmation.title }),
  });
  await confirmation.getByText(fill(bookedCopy.confirmation.text)).waitFor();
  const { callDetails } = single<{ callDetails: { title: string } }>('BookPageJson');
  const details = page.getByRole('complementary', { name: callDetails.title });
  expect(await details.getByRole('listitem').allTextContents()).toEqual(bookedCopy.callDetails.points.map(fill));
  const shown = (await page.getByRole('main').textContent()) ?? '';
  expect(shown).not.toContain(formCopy.confirmation.text);
  expect(shown).not.toContain(`within ${spec.constants.responseTimeHours} hours`);

  const ics = await page.getByRole('link', { name: bookedCopy.calendar.icsLabel }).getAttribute('href');
  const event = new ICAL.Event(
    new ICAL.Component(ICAL.parse(decodeURIComponent(ics!.split(',').slice(1).join(',')))).getFirstSubcomponent(
      'vevent',
    )!,
  );
  expect(event.startDate.toJSDate().getTime()).toBe(new Date(row.starts_at).getTime());
  const manageLink = page.getByRole('link', { name: bookedCopy.manageLabel });
  expect(await manageLink.getAttribute('href')).toMatch(new RegExp(`/booking#${row.manage_token}$`));
  await captureState(page, 'book-time-booked');

  await manageLink.click();
  await page.getByRole('heading', { level: 1, name: manage.title }).waitFor();
  await page.getByRole('button', { name: manage.cancelLabel }).click();
  await captureState(page, 'booking-manage-cancel-question');
  await page.getByRole('button', { name: manage.cancelConfirmLabel }).click();
  await page.getByText(manage.cancelled).waitFor();
  expect((await bookingRows(email))[0].status).toBe('cancelled');
  expect(errors).toEqual([]);
  await context.close();
});

it('with the keyboard alone: tab to a time, Enter, tab to confirm, Enter', async () => {
  const { context, page, errors } = await openPage(harness.browser, DESKTOP);
  const email = uniqueEmail();
  await requestCall(page, email);
  await captureState(page, 'book-time-choosing');
  const first = timeButtons(page).first();
  await first.waitFor();
  await tabTo(page, first);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('button', { name: picker.confirmLabel });
  await confirm.waitFor();
  await captureState(page, 'book-time-confirming');
  await tabTo(page, confirm);
  await page.keyboard.press('Enter');
  await waitForFocus(page.getByRole('heading', { name: bookedCopy.title }));
  expect((await bookingRows(email)).map((row) => row.status)).toEqual(['booked']);
  expect(errors).toEqual([]);
  await context.close();
});

it('two visitors on one time: one books it, the other is told at once and shown fresh times', async () => {
  const first = await openPage(harness.browser, DESKTOP);
  const second = await openPage(harness.browser, MOBILE);
  const [firstEmail, secondEmail] = [uniqueEmail(), uniqueEmail()];
  await Promise.all([requestCall(first.page, firstEmail), requestCall(second.page, secondEmail)]);
  const wanted = (await timeButtons(first.page).first().getAttribute('aria-label'))!;
  expect(await timeButtons(second.page).first().getAttribute('aria-label')).toBe(wanted);

  await timeButtons(first.page).first().click();
  await first.page.getByRole('button', { name: picker.confirmLabel }).click();
  await first.page.getByRole('heading', { name: bookedCopy.title }).waitFor();

  await timeButtons(second.page).first().click();
  await second.page.getByText(picker.taken).waitFor();
  await captureState(second.page, 'book-time-taken');
  expect(await timeButtons(second.page).first().getAttribute('aria-label')).not.toBe(wanted);
  expect((await bookingRows(firstEmail)).map((row) => row.status)).toEqual(['booked']);
  expect(await bookingRows(secondEmail)).toEqual([]);
  expect([...first.errors, ...second.errors]).toEqual([]);
  await first.context.close();
  await second.context.close();
});
