// The team's dashboard at /insights as a person uses it, for the browser tests that sign in to it
// (insights-dashboard.test.ts, insights-funnel.test.ts): signing in with the code e-mailed to the test file's own mail
// folder, and reading the page by role and by the words of content/insights.json.
import type { Locator, Page } from 'playwright-core';
import { addTeamMember } from '../../../dev/team/team-members';
import { INSIGHTS_PATH } from '../../../src/content-model/route-paths';
import { fill, formatDay } from '../../../src/insights/dashboard/format';
import { addDays } from '../../../src/insights/dashboard/periods';
import { copy } from '../../helpers/insights-dashboard';
import { daysOf, type Period } from '../../helpers/insights-model';
import { uniqueEmail } from '../../helpers/local-api';
import { latestCode } from '../../helpers/sign-in-mail';
import { waitUntil } from '../../helpers/wait-until';
import { DESKTOP, openPage } from './browser';
import { tabTo, waitForFocus } from './focus';
import type { LeadHarness } from './lead-harness';
import type { LeadApi } from './test-env';
import { gotoHydrated } from './wait';

/** How long the first reports may take on a busy machine (the days are added up on the first report). */
export const REPORTS_MS = 30_000;

/** The team's today as the database says it (in the zone its reports use): the dashboard's "last N days" end with it. */
export async function teamToday(api: LeadApi): Promise<string> {
  const [row] = await api.sql<{ today: string }>(
    `select to_char((now() at time zone private.visit_time_zone())::date, 'YYYY-MM-DD') as today`,
  );
  return row.today;
}

export const lastDays = (days: number, today: string): Period => ({
  from: addDays(today, 1 - days),
  to: addDays(today, 1),
});

// ---- The page, found by role and by the words of content/insights.json ----

export const heading = (page: Page, name: string, level?: number) =>
  page.getByRole('heading', { name, exact: true, ...(level ? { level } : {}) });
export const table = (page: Page, name: string) => page.getByRole('table', { name, exact: true });
export const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
export const radio = (page: Page, name: string) => page.getByRole('radio', { name, exact: true });
export const emailField = (page: Page) => page.getByRole('textbox', { name: copy.signIn.emailLabel, exact: true });
export const codeField = (page: Page) => page.getByRole('textbox', { name: copy.signIn.codeLabel, exact: true });

/** A table's cells as text, row by row (header first), counts without their thousands separators. */
export const cellsOf = (locator: Locator): Promise<string[][]> =>
  locator.locator('tr').evaluateAll((rows) =>
    rows.map((row) =>
      [...row.querySelectorAll('th, td')].map((cell) => {
        const text = (cell.textContent ?? '').trim();
        return /^[\d,]+$/.test(text) ? text.replace(/,/g, '') : text;
      }),
    ),
  );

/** /insights on the desktop, in the harness's browser (an automated one: its own page views are not counted). */
export async function openInsights(harness: LeadHarness) {
  const opened = await openPage(harness.browser, DESKTOP);
  await gotoHydrated(opened.page, `${harness.site.url}${INSIGHTS_PATH}`);
  // The dashboard's code loads after the page shows; signed out, it shows the sign-in.
  await heading(opened.page, copy.signIn.heading).waitFor();
  return opened;
}

/** Types the address into the sign-in and sends it, keyboard only; the page says a code may be on its way. */
export async function askForCode(page: Page, email: string): Promise<void> {
  await tabTo(page, emailField(page));
  await page.keyboard.press('Control+A');
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');
  await page.getByRole('status').getByText(fill(copy.signIn.codeSent, { email }), { exact: true }).waitFor();
  await waitForFocus(codeField(page));
}

/**
 * Reads the code from the newest e-mail to the address in `mailDir` (where the test file's Auth server writes them),
 * as the person would, and types it into the page.
 */
export async function typeCode(page: Page, mailDir: string, email: string): Promise<void> {
  await page.keyboard.type(await latestCode(mailDir, email));
  await page.keyboard.press('Enter');
}

/** Waits for the dashboard (its first reports may still be loading), with focus moved to the figures' heading. */
export async function signedIn(page: Page): Promise<void> {
  const figures = heading(page, copy.figures.heading);
  await figures.waitFor({ timeout: REPORTS_MS });
  await waitForFocus(figures);
}

/** A new address on the team's list (as `npm run team -- add` puts it there). */
export async function teamMember(api: LeadApi, label: string): Promise<string> {
  const email = uniqueEmail(label).toLowerCase();
  expect(await addTeamMember(api.service, email, 'test')).toMatchObject({ ok: true });
  return email;
}

/**
 * Waits until the dashboard shows the reports of the last `days` days: not busy, and the chart's table of days is that
 * period's. Today is the team's as the database says it: `knownToday` (read before the test wrote its rows), or the
 * next day should the team's midnight pass meanwhile. Returns the period shown.
 */
export async function shownPeriod(page: Page, api: LeadApi, days: number, knownToday: string): Promise<Period> {
  const busy = page.locator('div[aria-busy]', { has: heading(page, copy.figures.heading) });
  const seen = await waitUntil(
    `the reports of the last ${days} days`,
    async () => {
      const state = await busy.getAttribute('aria-busy');
      const shownDays = (await cellsOf(table(page, copy.chart.tableCaption))).slice(1).map((row) => row[0]);
      for (const today of new Set([knownToday, await teamToday(api)])) {
        const period = lastDays(days, today);
        if (state === 'false' && shownDays.join() === daysOf(period).map(formatDay).join()) return { period };
      }
      return { busy: state, first: shownDays[0], last: shownDays.at(-1), count: shownDays.length };
    },
    { timeoutMs: REPORTS_MS, until: (value) => 'period' in value },
  );
  return (seen as { period: Period }).period;
}
