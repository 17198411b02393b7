// Issue 44's chain for marketers, end to end in Chromium against the production build and this file's local data API:
// a visitor's browser (not marked as automated, so its visit is counted) lands on a landing page from a LinkedIn
// campaign, opens the chat and books a call through it; the host records from their outcome link that the visitor
// attended; then a team member signs in at /insights with the e-mailed code and, for the last 7 days, the figures and
// the funnel read visit → engaged → lead → booked → attended, 1 each, and the campaign's rows in the sources,
// campaigns and landing pages tables hold that one visitor, lead and booked (and attended) call. The database holds
// nothing else: the numbers are the test's own.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { CALL_OUTCOME_PATH } from '../../src/content-model/route-paths';
import type { CallOutcomeCopy } from '../../src/features/call-outcome/copy-schema';
import { fill, formatCount, formatShare } from '../../src/insights/dashboard/format';
import { VISIT_ID_STORAGE_KEY } from '../../src/insights/visit-id';
import { resetBookingClock, setBookingClock } from '../helpers/booking-clock';
import { single } from '../helpers/content-fixtures';
import { copy } from '../helpers/insights-dashboard';
import { clearVisitsAndLeads, forgetAddedUpDays } from '../helpers/insights-fixture';
import { landingPages } from '../helpers/landing-data';
import { uniqueEmail } from '../helpers/local-api';
import { waitUntil } from '../helpers/wait-until';
import { DESKTOP, launchBrowser, MOBILE, openPage } from './setup/browser';
import { chatCopy } from './setup/copy';
import {
  askForCode,
  cellsOf,
  heading,
  openInsights,
  shownPeriod,
  signedIn,
  table,
  teamMember,
  teamToday,
  typeCode,
} from './setup/insights-dashboard-page';
import { leadHarnessForThisFile } from './setup/lead-harness';
import {
  bookThroughChat,
  chatAnswers,
  offeredChatTimes,
  openChat,
  PERTH_WEEKDAY_MORNINGS,
  waitForChatText,
} from './setup/lead-surfaces';
import { gotoHydrated } from './setup/wait';

jest.setTimeout(120_000);

/** Where this file's Auth server writes the sign-in e-mails. */
const mailDir = mkdtempSync(path.join(tmpdir(), 'insights-funnel-mail-'));
const harness = leadHarnessForThisFile({ mailDir });
/** The visitor's browser; the harness's (automated, so not counted) is the host's and the team member's. */
let visitorBrowser: Browser;
/** The team's today before the visit: the dashboard's period ends with it, or with the next day after midnight. */
let todayBefore: string;

beforeAll(async () => {
  visitorBrowser = await launchBrowser({ asVisitor: true });
  // Nothing but this test's visit, lead and call (the hosts stay: the chat books with them).
  await clearVisitsAndLeads(harness.api);
  await forgetAddedUpDays(harness.api);
  todayBefore = await teamToday(harness.api);
});
afterAll(async () => {
  await visitorBrowser?.close();
  await rm(mailDir, { recursive: true, force: true });
});

const landingPath = `/${landingPages()[0].slug}`;
const SOURCE = 'linkedin';
const campaign = `funnel-${randomUUID().slice(0, 8)}`;
const outcomeCopy = single<CallOutcomeCopy>('CallOutcomeJson');
const MINUTE = 60_000;

type Booking = { id: string; status: string; starts_at: string; outcome_token: string; attribution: unknown };

const bookingsOf = (email: string) =>
  harness.api.sql<Booking>(
    `select b.id, b.status, b.starts_at, b.outcome_token, r.attribution
       from private.bookings b join public.consultation_requests r on r.id = b.request_id
      where b.email = $1`,
    [email],
  );

const visitEvents = (visitId: string) =>
  harness.api.sql<{ kind: string; path: string; landing_page: string; utm_source: string; utm_campaign: string }>(
    `select kind, path, landing_page, utm_source, utm_campaign from private.visit_events where visit_id = $1 order by id`,
    [visitId],
  );

/** The visitor's side, as chat-booking-time.test.ts books: the chat's questions answered, then one offered time. */
async function bookThroughTheChat(page: Page, email: string): Promise<void> {
  await openChat(page);
  await bookThroughChat(page, chatAnswers(email), PERTH_WEEKDAY_MORNINGS);
  await (await offeredChatTimes(page)).first().click();
  await waitForChatText(page, chatCopy.callTimes.manageLabel);
}

/**
 * The host's side: the link their reminder e-mail carries (/call-outcome#<the booking's outcome secret>, as
 * supabase/functions/notify-leads/booking-context.ts writes it), opened once the call has started, and one tap on
 * "attended". The call is still to come, so the booking rules' clock is set to just after it (../helpers/booking-clock.ts)
 * and back: the dashboard counts the call by when it was booked, which the clock does not change.
 */
async function hostRecordsAttended(booking: Booking): Promise<void> {
  await setBookingClock(harness.api, Date.parse(booking.starts_at) + 35 * MINUTE);
  const { context, page, errors } = await openPage(harness.browser, DESKTOP);
  try {
    await gotoHydrated(page, `${harness.site.url}${CALL_OUTCOME_PATH}#${booking.outcome_token}`);
    const attended = page.getByRole('button', { name: outcomeCopy.answers.attended.label, exact: true });
    await attended.click();
    const recorded = outcomeCopy.recorded.replaceAll('{outcome}', outcomeCopy.answers.attended.recorded);
    await page.getByRole('status').getByText(recorded, { exact: true }).waitFor();
    expect(await attended.getAttribute('aria-pressed')).toBe('true');
    expect(errors).toEqual([]);
  } finally {
    await context.close();
    await resetBookingClock(harness.api);
  }
  expect(
    await harness.api.sql('select outcome from private.call_outcomes where booking_id = $1', [booking.id]),
  ).toEqual([{ outcome: 'attended' }]);
}

test('a visitor’s chat booking from a campaign’s landing page shows on /insights as visit → engaged → lead → booked → attended', async () => {
  // 1. The visitor: lands from the campaign, opens the chat (engaged) and books a call in it (a lead, booked).
  const visitor = await openPage(visitorBrowser, MOBILE);
  const email = uniqueEmail('insights-funnel-visitor').toLowerCase();
  await gotoHydrated(
    visitor.page,
    `${harness.site.url}${landingPath}?utm_source=${SOURCE}&utm_campaign=${encodeURIComponent(campaign)}`,
  );
  const visitId = await visitor.page.evaluate((key) => sessionStorage.getItem(key), VISIT_ID_STORAGE_KEY);
  expect(visitId).toBeTruthy();
  await bookThroughTheChat(visitor.page, email);
  // Counted (with the browser still open: the page sends its events as they happen, and whatever is left as it goes).
  const events = await waitUntil('the visit’s page view and chat opening to be stored', () => visitEvents(visitId!), {
    until: (rows) => ['page_view', 'chat_opened'].every((kind) => rows.some((row) => row.kind === kind)),
    timeoutMs: 30_000,
  });
  expect(events.map((event) => event.kind).sort()).toEqual(['chat_opened', 'page_view']);
  expect(events.find((event) => event.kind === 'page_view')).toMatchObject({
    path: landingPath,
    landing_page: landingPath,
    utm_source: SOURCE,
    utm_campaign: campaign,
  });
  expect(visitor.errors).toEqual([]);
  await visitor.context.close();

  const [booking, ...others] = await bookingsOf(email);
  expect(others).toEqual([]);
  expect(booking.status).toBe('booked');
  // The lead carries the visit that brought it, and the visit its campaign: the chain the dashboard follows.
  expect(booking.attribution).toMatchObject({
    surface: 'chat',
    utm_source: SOURCE,
    utm_campaign: campaign,
    visit_id: visitId,
  });

  // 2. The host says the visitor came.
  await hostRecordsAttended(booking);

  // 3. A team member reads the last 7 days on the dashboard.
  const member = await teamMember(harness.api, 'insights-funnel-member');
  const { context, page, errors } = await openInsights(harness);
  await askForCode(page, member);
  await typeCode(page, mailDir, member);
  await signedIn(page);
  await shownPeriod(page, harness.api, 7, todayBefore);

  // The cards: one of each, every step all of the one before, and all new (nothing in the 7 days before).
  const one = formatCount(1);
  const all = formatShare(1);
  const { labels, newInPeriod } = copy.figures;
  const cards: Record<string, string[]> = {};
  for (const label of Object.values(labels)) {
    const card = page.getByRole('listitem').filter({ has: heading(page, label, 3) });
    cards[label] = await card.locator('p').allTextContents();
  }
  expect(cards).toEqual({
    [labels.visitors]: [one, newInPeriod],
    [labels.engaged]: [one, fill(copy.figures.ofVisitors, { rate: all }), newInPeriod],
    [labels.leads]: [one, fill(copy.figures.ofVisitors, { rate: all }), newInPeriod],
    [labels.booked]: [one, fill(copy.figures.ofLeads, { rate: all }), newInPeriod],
    [labels.attended]: [one, fill(copy.figures.ofBooked, { rate: all }), newInPeriod],
  });

  // The funnel: visit → engaged → lead → booked → attended, 1 each, each all of the step before.
  const { steps } = copy.funnel;
  expect(await cellsOf(table(page, copy.funnel.heading))).toEqual([
    [copy.funnel.stepColumn, copy.funnel.countColumn, copy.funnel.rateColumn],
    [steps.visits, '1', ''],
    [steps.engaged, '1', all],
    [steps.leads, '1', all],
    [steps.booked, '1', all],
    [steps.attended, '1', all],
  ]);

  // Where it came from: visitors, leads, booked, attended by source and by campaign; visitors, engaged, leads, booked
  // by landing page.
  expect((await cellsOf(table(page, copy.tables.sources))).slice(1)).toEqual([[SOURCE, '1', '1', '1', '1']]);
  expect((await cellsOf(table(page, copy.tables.campaigns))).slice(1)).toEqual([[campaign, '1', '1', '1', '1']]);
  expect((await cellsOf(table(page, copy.tables.landingPages))).slice(1)).toEqual([[landingPath, '1', '1', '1', '1']]);

  expect(errors).toEqual([]);
  await context.close();
});
