// The team's dashboard at /insights (issue 44, docs/insights.md) in Chromium, against the production build and this
// file's local data API, as a person uses it: a team member signs in with the code the local Auth server e-mailed
// (read from this file's own mail folder), and sees the figures, the daily chart and its text alternative, the funnel
// and the ranked tables of a small history written into the database beforehand (visits with sources, campaigns and
// landing pages on the days before the team's today, leads carrying their visit's id, booked calls); the numbers
// expected are computed from that history by __tests__/helpers/insights-model.ts, not by the SQL. Then the keyboard
// alone: the period with the arrow keys, the first/last touch switch, a CSV download compared with its table, and
// signing out. Someone not on the team's list is told the same after "send code" and gets no e-mail; with a sign-in
// account of their own but not on the list, they are told so. axe at zero signed out and signed in. The Nu Html Checker
// already validates the built /insights page: html-validity.test.ts checks every HTML file of public/.
// The browser's own page views are an automated browser's, not counted (only the day's bot count): not asserted.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { parseCsv } from '../../src/insights/dashboard/csv';
import { fill, formatCount, formatDay, formatShare } from '../../src/insights/dashboard/format';
import { addDays } from '../../src/insights/dashboard/periods';
import type { SourceRow, Touch } from '../../src/insights/dashboard/report-types';
import { sourceName } from '../../src/insights/dashboard/SourceTables';
import { TEAM_SESSION_KEY } from '../../src/insights/dashboard/team-client';
import { copy } from '../helpers/insights-dashboard';
import {
  storeHistory,
  TEAM_ZONE,
  type EventKind,
  type History,
  type Lead,
  type LeadTable,
  type Source,
  type Visit,
  type VisitEvent,
} from '../helpers/insights-fixture';
import { InsightsModel, previousOf, type Period } from '../helpers/insights-model';
import { uniqueEmail } from '../helpers/local-api';
import { mailsTo } from '../helpers/sign-in-mail';
import { waitUntil } from '../helpers/wait-until';
import { isFocused, tabTo, waitForFocus } from './setup/focus';
import {
  askForCode,
  cellsOf,
  emailField,
  heading,
  openInsights,
  radio,
  region,
  REPORTS_MS,
  shownPeriod,
  signedIn,
  table,
  teamMember,
  teamToday,
  typeCode,
} from './setup/insights-dashboard-page';
import { leadHarnessForThisFile } from './setup/lead-harness';
import { captureState } from './setup/states';
import type { LeadApi } from './setup/test-env';

jest.setTimeout(120_000);

/** Where this file's Auth server writes the sign-in e-mails (not the repository's .local-mail/). */
const mailDir = mkdtempSync(path.join(tmpdir(), 'insights-dashboard-mail-'));
const harness = leadHarnessForThisFile({ mailDir });
afterAll(() => rm(mailDir, { recursive: true, force: true }));

const MINUTE = 60_000;

/**
 * A small history on the five team days before today (so inside "the last 7 days" whichever day the page takes for
 * today, should the team's midnight pass during the test), and nothing before:
 * - visit A: LinkedIn's dental-q1 campaign, lands on /dental-clinics, starts the booking form, sends a
 *   demo request and books a call it attended;
 * - visit B from Google, lands on /, opens the chat on /services and sends a message there;
 * - visit C, direct, one page;
 * - visit D from the newsletter's April campaign: books a call (no outcome yet), but its request says it came from
 *   the e-mail footer, so first and last touch credit different sources;
 * - visit E, LinkedIn again, one page;
 * - and a message sent with Do Not Track on: a lead without a visit.
 */
async function recentHistory(api: LeadApi, today: string): Promise<History> {
  const history: History = { visits: [], leads: [], days: [] };
  const at = async (daysAgo: number, time: string) => {
    const [row] = await api.sql<{ at: string }>(
      `select to_char((($1::date + $2::time) at time zone $3) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at`,
      [addDays(today, -daysAgo), time, TEAM_ZONE],
    );
    return new Date(row.at);
  };
  const later = (instant: Date, minutes: number) => new Date(instant.getTime() + minutes * MINUTE);
  const visit = (start: Date, source: Source, paths: string[], engage?: EventKind): Visit => {
    const landing = paths[0];
    const events: VisitEvent[] = paths.map((path, index) => ({
      at: later(start, index * 7),
      kind: 'page_view',
      path,
      source,
      landing,
    }));
    if (engage) events.push({ at: later(start, paths.length * 7), kind: engage, path: paths.at(-1)!, source, landing });
    const made = { id: randomUUID(), events };
    history.visits.push(made);
    return made;
  };
  const lead = (
    table: LeadTable,
    sent: Date,
    attribution: Record<string, string>,
    call?: 'attended' | 'awaiting',
  ): Lead => {
    const made: Lead = {
      id: randomUUID(),
      table,
      at: sent,
      attribution,
      call: call && {
        id: randomUUID(),
        at: later(sent, 4),
        status: 'booked',
        outcome: call === 'attended' ? 'attended' : undefined,
      },
    };
    history.leads.push(made);
    return made;
  };

  const linkedin = { utm_source: 'linkedin', utm_campaign: 'dental-q1' };
  const a = visit(await at(5, '10:00'), linkedin, ['/dental-clinics', '/book'], 'form_started');
  lead(
    'consultation_requests',
    later(a.events[0].at, 20),
    {
      surface: 'booking_form',
      landing_page: '/dental-clinics?utm_source=linkedin&utm_campaign=dental-q1',
      submitted_from: '/book',
      ...linkedin,
      visit_id: a.id,
    },
    'attended',
  );
  const b = visit(await at(4, '14:00'), { referrer_host: 'www.google.com' }, ['/', '/services'], 'chat_opened');
  lead('contact_messages', later(b.events[0].at, 20), {
    surface: 'chat',
    landing_page: '/',
    submitted_from: '/services',
    referrer: 'https://www.google.com',
    visit_id: b.id,
  });
  visit(await at(3, '09:00'), {}, ['/pricing']);
  lead('contact_messages', await at(3, '12:00'), {
    surface: 'contact_form',
    landing_page: '/contact',
    submitted_from: '/contact',
  });
  const d = visit(
    await at(2, '16:00'),
    { utm_source: 'newsletter', utm_campaign: 'april' },
    ['/', '/book'],
    'form_started',
  );
  lead(
    'consultation_requests',
    later(d.events[0].at, 20),
    {
      surface: 'booking_form',
      landing_page: '/?utm_source=email-footer&utm_campaign=signature',
      submitted_from: '/book',
      utm_source: 'email-footer',
      utm_campaign: 'signature',
      visit_id: d.id,
    },
    'awaiting',
  );
  visit(await at(1, '11:00'), linkedin, ['/dental-clinics']);
  return history;
}

let seededToday: string;
let model: InsightsModel;

beforeAll(async () => {
  seededToday = await teamToday(harness.api);
  const history = await recentHistory(harness.api, seededToday);
  // Sets the team's zone, clears every visit, lead and booking, and forgets the days added up before.
  await storeHistory(harness.api, history);
  model = new InsightsModel(history);
}, 60_000);

// ---- The page: found by role and by the words of content/insights.json in ./setup/insights-dashboard-page.ts ----

/** Presses Shift+Tab until the element has focus: back to an earlier control, keyboard only. */
async function tabBackTo(page: Page, locator: Locator, limit = 40): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    if (await isFocused(locator)) return;
    await page.keyboard.press('Shift+Tab');
  }
  throw new Error(`could not reach ${locator} with Shift+Tab in ${limit} presses`);
}

// ---- What the page must show for a period, from the history ----

const share = (part: number, whole: number) => formatShare(Math.round((part / whole) * 10_000) / 10_000);

function expectedCards(period: Period): Record<string, string[]> {
  const now = model.figures(period);
  // Nothing before the history's first day: every figure is new in the period.
  const before = model.figures(previousOf(period));
  expect(Object.values(before).every((value) => value === 0)).toBe(true);
  const { labels } = copy.figures;
  const change = copy.figures.newInPeriod;
  return {
    [labels.visitors]: [formatCount(now.visitors), change],
    [labels.engaged]: [
      formatCount(now.engaged),
      fill(copy.figures.ofVisitors, { rate: share(now.engaged, now.visitors) }),
      change,
    ],
    [labels.leads]: [
      formatCount(now.leads),
      fill(copy.figures.ofVisitors, { rate: share(now.leads, now.visitors) }),
      change,
    ],
    [labels.booked]: [
      formatCount(now.booked),
      fill(copy.figures.ofLeads, { rate: share(now.booked, now.leads) }),
      change,
    ],
    [labels.attended]: [
      formatCount(now.attended),
      fill(copy.figures.ofBooked, { rate: share(now.attended, now.booked) }),
      change,
      fill(copy.figures.awaitingOutcome, { count: formatCount(now.awaiting_outcome) }),
    ],
  };
}

const byName = (a: string[], b: string[]) => a[0].localeCompare(b[0]);
const SOURCE_COLUMNS = ['visitors', 'leads', 'booked', 'attended'] as const;
const PAGE_COLUMNS = ['visitors', 'engaged', 'leads', 'booked'] as const;

function expectedSources(period: Period, touch: Touch, dimension: SourceRow['dimension']): string[][] {
  return model
    .sources(period, touch)
    .filter((row) => row.dimension === dimension)
    .map((row) => [
      sourceName(copy.tables, { ...row, rank: 0 } as SourceRow),
      ...SOURCE_COLUMNS.map((column) => String(row[column])),
    ])
    .sort(byName);
}

function expectedPages(period: Period, dimension: 'page' | 'landing_page'): string[][] {
  return model
    .pages(period)
    .filter((row) => row.dimension === dimension)
    .map((row) => [row.name ?? copy.tables.unknown, ...PAGE_COLUMNS.map((column) => String(row[column]))])
    .sort(byName);
}

/** A ranked table's body rows, checked to be ranked by leads, then booked calls (column indexes given). */
async function rankedRows(locator: Locator, leads: number, booked: number): Promise<string[][]> {
  const rows = (await cellsOf(locator)).slice(1);
  const keys = rows.map((row) => [Number(row[leads]), Number(row[booked])]);
  expect(keys).toEqual([...keys].sort((a, b) => b[0] - a[0] || b[1] - a[1]));
  return [...rows].sort(byName);
}

async function expectSourceTables(page: Page, period: Period, touch: Touch): Promise<void> {
  expect(await rankedRows(table(page, copy.tables.sources), 2, 3)).toEqual(expectedSources(period, touch, 'source'));
  expect(await rankedRows(table(page, copy.tables.campaigns), 2, 3)).toEqual(
    expectedSources(period, touch, 'campaign'),
  );
}

/** Everything the dashboard says about the period, found by role and compared with the history's numbers. */
async function expectNumbers(page: Page, period: Period, touch: Touch): Promise<void> {
  const lastDay = addDays(period.to, -1);
  const previous = previousOf(period);
  await page
    .getByText(
      fill(copy.period.showing, {
        from: formatDay(period.from),
        to: formatDay(lastDay),
        previousFrom: formatDay(previous.from),
        previousTo: formatDay(addDays(previous.to, -1)),
      }),
      { exact: true },
    )
    .waitFor();

  // The cards: each figure, its rate and its change against the previous period.
  const cards: Record<string, string[]> = {};
  for (const label of Object.values(copy.figures.labels)) {
    const card = page.getByRole('listitem').filter({ has: heading(page, label, 3) });
    cards[label] = await card.locator('p').allTextContents();
  }
  expect(cards).toEqual(expectedCards(period));

  // The chart's text alternative: the totals and the busiest day, and the table of every day.
  const figures = model.figures(period);
  const daily = model.daily(period);
  const busiest = daily.reduce((best, row) => (row.visitors > best.visitors ? row : best));
  await page
    .getByText(
      `${fill(copy.chart.summary, {
        visitors: formatCount(figures.visitors),
        leads: formatCount(figures.leads),
        booked: formatCount(figures.booked),
      })} ${fill(copy.chart.busiestDay, { day: formatDay(busiest.day), count: formatCount(busiest.visitors) })}`,
      { exact: true },
    )
    .waitFor();
  const { labels } = copy.figures;
  expect(await cellsOf(table(page, copy.chart.tableCaption))).toEqual([
    [copy.chart.dayColumn, labels.visitors, labels.leads, labels.booked],
    ...daily.map((row) => [formatDay(row.day), String(row.visitors), String(row.leads), String(row.booked)]),
  ]);

  // The funnel, each step with its share of the step before, and the lead without a counted visit.
  const funnel = model.funnel(period);
  const steps = ['visits', 'engaged', 'leads', 'booked', 'attended'] as const;
  expect(await cellsOf(table(page, copy.funnel.heading))).toEqual([
    [copy.funnel.stepColumn, copy.funnel.countColumn, copy.funnel.rateColumn],
    ...steps.map((step, index) => {
      const before = index === 0 ? 0 : funnel[steps[index - 1]];
      return [copy.funnel.steps[step], String(funnel[step]), before ? formatShare(funnel[step] / before) : ''];
    }),
  ]);
  await page
    .getByText(fill(copy.funnel.leadsWithoutVisit, { count: formatCount(funnel.leads_without_visit) }), { exact: true })
    .waitFor();

  // The ranked tables.
  await expectSourceTables(page, period, touch);
  expect(await rankedRows(table(page, copy.tables.pages), 3, 4)).toEqual(expectedPages(period, 'page'));
  expect(await rankedRows(table(page, copy.tables.landingPages), 3, 4)).toEqual(expectedPages(period, 'landing_page'));
}

test('a team member signs in with the e-mailed code and sees the numbers of the history; axe at zero signed out and in', async () => {
  const email = await teamMember(harness.api, 'insights-member');
  const { context, page, errors } = await openInsights(harness);
  await captureState(page, 'insights-signed-out');

  await askForCode(page, email);
  await typeCode(page, mailDir, email);
  // Signed in: focus on the figures' heading, and who is signed in.
  await signedIn(page);
  await page.getByText(fill(copy.account.signedInAs, { email }), { exact: true }).waitFor();
  const period = await shownPeriod(page, harness.api, 7, seededToday);

  // The history's numbers, as a reader checks them: 5 visitors, 3 engaged, 4 leads (one without a visit), 2 booked
  // calls, 1 attended and 1 awaiting its outcome.
  expect(model.figures(period)).toMatchObject({ visitors: 5, engaged: 3, leads: 4, booked: 2, attended: 1 });
  expect(model.funnel(period)).toMatchObject({ leads: 3, booked: 2, attended: 1, leads_without_visit: 1 });
  await expectNumbers(page, period, 'first');

  // The chart is drawn: uPlot's canvas has a size and something painted on it; assistive technology skips it.
  const canvas = page.locator('[aria-hidden="true"] canvas').first();
  const box = await canvas.boundingBox();
  expect(box && box.width > 200 && box.height > 100).toBe(true);
  const painted = await canvas.evaluate((element) => {
    const drawing = element as HTMLCanvasElement;
    const pixels = drawing.getContext('2d')!.getImageData(0, 0, drawing.width, drawing.height).data;
    let count = 0;
    for (let index = 3; index < pixels.length; index += 4) if (pixels[index] > 0) count += 1;
    return count;
  });
  expect(painted).toBeGreaterThan(0);

  // The session is the tab's: in sessionStorage, nowhere in localStorage, no cookie.
  const kept = await page.evaluate((key) => {
    const session = sessionStorage.getItem(key);
    const token = session ? (JSON.parse(session) as { access_token?: string }).access_token : undefined;
    const local = Object.keys(localStorage).map((name) => `${name}=${localStorage.getItem(name)}`);
    return { token: !!token, inLocalStorage: !!token && local.some((entry) => entry.includes(token)) };
  }, TEAM_SESSION_KEY);
  expect(kept).toEqual({ token: true, inLocalStorage: false });
  expect(await context.cookies()).toEqual([]);

  await captureState(page, 'insights-dashboard');
  expect(errors).toEqual([]);
  await context.close();
});

test('keyboard only: the period with the arrow keys, the touch switch, a CSV download equal to its table, sign out', async () => {
  const email = await teamMember(harness.api, 'insights-keys');
  const { context, page, errors } = await openInsights(harness);
  await askForCode(page, email);
  await typeCode(page, mailDir, email);
  await signedIn(page);
  const week = await shownPeriod(page, harness.api, 7, seededToday);

  // The period: its radio group is just before the figures; the arrow keys move the choice and the reports follow.
  const last7 = radio(page, copy.period.last7);
  await tabBackTo(page, last7);
  expect(await last7.isChecked()).toBe(true);
  await page.keyboard.press('ArrowRight');
  expect(await radio(page, copy.period.last30).isChecked()).toBe(true);
  const month = await shownPeriod(page, harness.api, 30, seededToday);
  expect(month.to).toBe(week.to);
  await expectNumbers(page, month, 'first');
  await page.keyboard.press('ArrowLeft');
  expect(await last7.isChecked()).toBe(true);
  expect(await shownPeriod(page, harness.api, 7, seededToday)).toEqual(week);

  // The touch: from where the visit came (first) to what the lead said (last); the e-mail footer gets visit D's lead.
  const firstTouch = radio(page, copy.tables.firstTouch);
  await tabTo(page, firstTouch);
  expect(await firstTouch.isChecked()).toBe(true);
  expect(expectedSources(week, 'last', 'source')).not.toEqual(expectedSources(week, 'first', 'source'));
  await page.keyboard.press('ArrowRight');
  expect(await radio(page, copy.tables.lastTouch).isChecked()).toBe(true);
  await waitUntil(
    'the sources by last touch',
    async () => [...(await cellsOf(table(page, copy.tables.sources))).slice(1)].sort(byName),
    {
      timeoutMs: REPORTS_MS,
      until: (rows) => JSON.stringify(rows) === JSON.stringify(expectedSources(week, 'last', 'source')),
    },
  );
  await expectSourceTables(page, week, 'last');

  // "Download CSV" of the sources: the file is the table, as shown, with a BOM for spreadsheets.
  const download = region(page, copy.tables.sources).getByRole('button', { name: copy.tables.download, exact: true });
  await tabTo(page, download);
  const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(file.suggestedFilename()).toBe(`sources-last-touch-${week.from}-to-${addDays(week.to, -1)}.csv`);
  const text = await readFile(await file.path(), 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const csv = parseCsv(text.slice(1));
  expect(csv).toEqual(await cellsOf(table(page, copy.tables.sources)));
  expect(csv.slice(1).sort(byName)).toEqual(expectedSources(week, 'last', 'source'));

  // Signing out: back to the sign-in with focus on the address's field, and the tab keeps no session.
  const signOut = page.getByRole('button', { name: copy.account.signOut, exact: true });
  await tabBackTo(page, signOut);
  await page.keyboard.press('Enter');
  await heading(page, copy.signIn.heading).waitFor();
  await waitForFocus(emailField(page));
  expect(await page.evaluate((key) => sessionStorage.getItem(key), TEAM_SESSION_KEY)).toBeNull();
  expect(await heading(page, copy.figures.heading).count()).toBe(0);

  expect(errors).toEqual([]);
  await context.close();
});

test('not on the team’s list: the same words after "send code" and no e-mail; with an account of their own, refused', async () => {
  const stranger = uniqueEmail('insights-stranger').toLowerCase();
  // A sign-in account that is not on the team's list (`npm run team -- list` calls it a stray account).
  const outsider = uniqueEmail('insights-outsider').toLowerCase();
  const created = await harness.api.service.auth.admin.createUser({ email: outsider, email_confirm: true });
  expect(created.error).toBeNull();

  const { context, page, errors } = await openInsights(harness);
  // No account: the page says what it says to a member (the answer has come: the code's field has focus), no e-mail.
  await askForCode(page, stranger);
  expect(await mailsTo(mailDir, stranger)).toEqual([]);

  await tabTo(page, page.getByRole('button', { name: copy.signIn.otherAddress, exact: true }));
  await page.keyboard.press('Enter');
  await waitForFocus(emailField(page));
  await askForCode(page, outsider);
  await typeCode(page, mailDir, outsider);
  await page
    .getByRole('alert')
    .getByText(fill(copy.account.notMember, { email: outsider }), { exact: true })
    .waitFor({ timeout: REPORTS_MS });
  expect(await heading(page, copy.figures.heading).count()).toBe(0);
  expect(await page.getByRole('table').count()).toBe(0);

  // The browser logs the refusals it was answered (Supabase Auth's 422 for the stranger, the reports' 403): nothing else.
  const refusals = /^console error: Failed to load resource: the server responded with a status of (422|403)/;
  expect(errors.filter((error) => !refusals.test(error))).toEqual([]);
  await context.close();
});
