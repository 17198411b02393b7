// The chat's booking of a real time, in a real browser against the production build and the local data API:
// after the specification's confirmation the assistant offers free times that fit the visitor's answers, in the
// zone they named; one tap books it, and the row, the zone and the change/cancel link are the visitor's.
import { MOBILE, openPage } from './setup/browser';
import { chatCopy } from './setup/copy';
import { leadHarnessForThisFile } from './setup/lead-harness';
import {
  bookThroughChat,
  chatAnswers,
  chatLog,
  offeredChatTimes,
  openChat,
  PERTH_WEEKDAY_MORNINGS,
  say,
  waitForChatText,
} from './setup/lead-surfaces';
import { captureState } from './setup/states';
import { gotoHydrated } from './setup/wait';
import { fillTime, formatTime } from '../../src/features/booking/time-format';

jest.setTimeout(120_000);
const harness = leadHarnessForThisFile();
const { callTimes } = chatCopy;

async function bookingRows(email: string) {
  return harness.api.sql<{ status: string; starts_at: string; visitor_time_zone: string; manage_token: string }>(
    'select status, starts_at, visitor_time_zone, manage_token from private.bookings where email = $1',
    [email],
  );
}

it('after the chat’s booking, offers times in the zone the visitor named that fit their answer, and books one with a tap', async () => {
  const { context, page, errors } = await openPage(harness.browser, MOBILE);
  const email = `chat-time-${Date.now()}@example.com`;
  await gotoHydrated(page, `${harness.site.url}/`);
  await openChat(page);
  await bookThroughChat(page, chatAnswers(email), PERTH_WEEKDAY_MORNINGS);
  const offered = await offeredChatTimes(page);
  await offered.first().waitFor();
  await captureState(page, 'chat-time-offered', { fullPage: false });
  const labels = await offered.allTextContents();
  expect(labels.length).toBeGreaterThan(0);
  // Mornings on the visitor's clock in Perth.
  for (const label of labels) expect(label).toMatch(/\b([6-9]|10|11):\d\d am\b/);

  await offered.first().click();
  await waitForChatText(page, callTimes.manageLabel);
  const [row] = await bookingRows(email);
  expect(row.status).toBe('booked');
  expect(row.visitor_time_zone).toBe('Australia/Perth');
  expect(labels[0]).toContain(formatTime(row.starts_at, 'Australia/Perth'));
  const link = chatLog(page).getByRole('link', { name: callTimes.manageLabel });
  expect(await link.getAttribute('href')).toContain(`/booking#${row.manage_token}`);
  // The booked call in the zone the visitor named; told "I've booked", the assistant speaks of that call, not of
  // calendar options still to come.
  await waitForChatText(page, fillTime(callTimes.booked, row.starts_at, 'Australia/Perth'));
  await say(page, "I've booked, thanks");
  await waitForChatText(page, callTimes.bookedHere);
  expect(await chatLog(page).textContent()).not.toContain(chatCopy.booking.alreadyBooked);
  await captureState(page, 'chat-time-booked', { fullPage: false });
  expect(errors).toEqual([]);
  await context.close();
});
