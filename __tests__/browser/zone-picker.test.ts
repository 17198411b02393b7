// The time-zone box on /book (issue 43) in a real browser against the production build, with the keyboard alone:
// after a request, Tab to the box, type "perth", Down, Enter; the offered times move to Perth and the time held
// is in Perth's zone. axe finds nothing with the list open or closed (at both review widths), and the box with its
// list open passes the Nu Html Checker (html-validity.test.ts checks the built pages, where the box is not: it is
// rendered after a request; the live page as a whole also has what Gatsby's runtime adds, such as prefetch links).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DESKTOP, openPage } from './setup/browser';
import { isFocused, tabTo, waitForFocus } from './setup/focus';
import { leadHarnessForThisFile } from './setup/lead-harness';
import { requestCall, timeButtons } from './setup/book-time';
import { captureState } from './setup/states';
import { waitForAttribute } from './setup/wait';
import { bookingCopy } from '../helpers/booking-copy';
import { fillTime, formatDay, formatTime, zoneChoiceLabel, zoneLabel } from '../../src/features/booking/time-format';

jest.setTimeout(120_000);
const harness = leadHarnessForThisFile();
const { picker } = bookingCopy;
const PERTH = 'Australia/Perth';
const timeName = (instant: string, zone: string) =>
  `${formatTime(instant, zone)}, ${formatDay(instant, zone)}, ${zoneLabel(zone, instant)}`;

/** The Nu Html Checker's errors for a piece of a page, checked as the body of a document of its own. */
function htmlErrors(body: string): string[] {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zone-picker-')), 'open-list.html');
  const head = '<meta charset="utf-8"><title>Zone picker</title>';
  fs.writeFileSync(file, `<!DOCTYPE html><html lang="en-AU"><head>${head}</head><body>${body}</body></html>`);
  const checker = spawnSync(
    'java',
    ['-jar', require.resolve('vnu-jar/build/dist/vnu.jar'), '--errors-only', '--format', 'json', file],
    { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  if (checker.error) throw checker.error;
  const { messages } = JSON.parse(checker.stderr) as { messages: { message: string; extract?: string }[] };
  return messages.map((message) => `${message.message} ${message.extract?.slice(0, 160) ?? ''}`);
}

it('with the keyboard alone: type “perth”, Down, Enter; the times move to Perth and the time held is Perth’s', async () => {
  const { context, page, errors } = await openPage(harness.browser, DESKTOP);
  const email = `zone-picker-${Date.now()}@example.com`;
  await requestCall(page, harness.site.url, email);
  await timeButtons(page).first().waitFor();
  const before = (await timeButtons(page).first().getAttribute('aria-label'))!;
  const device = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);

  const box = page.getByRole('combobox', { name: picker.changeZoneLabel });
  await tabTo(page, box);
  expect(await box.inputValue()).toBe(zoneChoiceLabel(device));
  expect(await box.getAttribute('aria-expanded')).toBe('false');
  const list = page.getByRole('listbox', { name: picker.changeZoneLabel });

  // Escape closes the list and leaves the zone as it was.
  await page.keyboard.type('syd');
  await list.getByRole('option', { name: zoneChoiceLabel('Australia/Sydney') }).waitFor();
  await page.keyboard.press('Escape');
  await list.waitFor({ state: 'hidden' });
  expect(await box.inputValue()).toBe(zoneChoiceLabel(device));
  expect(await isFocused(box)).toBe(true);

  await page.keyboard.type('perth');
  const perth = list.getByRole('option', { name: zoneChoiceLabel(PERTH) });
  await perth.waitFor();
  expect(await box.getAttribute('aria-expanded')).toBe('true');
  expect(await box.getAttribute('aria-controls')).toBe(await list.getAttribute('id'));
  await page.keyboard.press('ArrowDown');
  await waitForAttribute(box, 'aria-activedescendant', (await perth.getAttribute('id'))!);
  expect(await perth.getAttribute('aria-selected')).toBe('true');
  await captureState(page, 'zone-picker-open');
  // The box's field: its label, hint, box, list and live region.
  const field = box.locator('xpath=../..');
  expect(await field.locator('label').textContent()).toBe(picker.changeZoneLabel);
  expect(htmlErrors(await field.evaluate((element) => element.outerHTML))).toEqual([]);

  await page.keyboard.press('Enter');
  await list.waitFor({ state: 'hidden' });
  expect(await box.inputValue()).toBe(zoneChoiceLabel(PERTH));
  expect(await box.getAttribute('aria-expanded')).toBe('false');
  expect(await isFocused(box)).toBe(true);
  await page.getByText(picker.zoneNote.split('{zone}')[0]).filter({ hasText: 'Perth' }).waitFor();
  await captureState(page, 'zone-picker-chosen');

  // The first time again, now named in Perth: hold it with the keyboard and read the row back.
  const first = timeButtons(page).first();
  const after = (await first.getAttribute('aria-label'))!;
  await tabTo(page, first);
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: picker.confirmLabel }).waitFor();
  const [row] = await harness.api.sql<{ status: string; starts_at: string; visitor_time_zone: string }>(
    'select status, starts_at, visitor_time_zone from private.bookings where email = $1',
    [email],
  );
  expect(row.status).toBe('held');
  expect(row.visitor_time_zone).toBe(PERTH);
  expect(after).toBe(timeName(row.starts_at, PERTH));
  expect(before).toBe(timeName(row.starts_at, device));
  await waitForFocus(page.getByText(fillTime(picker.confirmQuestion, row.starts_at, PERTH)).locator('xpath=..'));
  expect(errors).toEqual([]);
  await context.close();
});
