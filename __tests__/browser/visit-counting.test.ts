// Visits counted first-party (issue 44), in Chromium against the production build and the local data API: a
// visit on the phone profile is counted once, with its campaign tags, landing page and referrer, and leaves no
// cookie and nothing in localStorage; under Do Not Track or Global Privacy Control nothing is sent at all; a
// browser driven by automation is not a visitor, only a number in the day's bot count.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { StaticServer } from '../../dev/static/static-server';
import { VISIT_ID_STORAGE_KEY } from '../../src/insights/visit-id';
import { waitUntil } from '../helpers/wait-until';
import { launchBrowser, MOBILE, openPage } from './setup/browser';
import { applyPhoneProfile } from './setup/phone-profile';
import { serveBuild, startLeadApi, type LeadApi } from './setup/test-env';
import { gotoHydrated } from './setup/wait';

const LANDING = '/services?utm_source=newsletter&utm_campaign=spring';
// Chromium sends a cross-origin referrer as its origin only (strict-origin-when-cross-origin).
const REFERRER = 'http://news.example.com/issues/12';

let visitorBrowser: Browser;
let automatedBrowser: Browser;
let site: StaticServer;
let api: LeadApi;

beforeAll(async () => {
  [visitorBrowser, automatedBrowser, site, api] = await Promise.all([
    launchBrowser({ asVisitor: true }),
    launchBrowser(),
    serveBuild(),
    startLeadApi(),
  ]);
});
afterAll(async () => {
  await visitorBrowser?.close();
  await automatedBrowser?.close();
  await site?.close();
  await api?.close();
});

type StoredEvent = {
  kind: string;
  path: string;
  landing_page: string | null;
  referrer_host: string | null;
  utm_source: string | null;
  utm_campaign: string | null;
};

const eventsOf = (visitId: string) =>
  api.sql<StoredEvent>(
    `select kind, path, landing_page, referrer_host, utm_source, utm_campaign
       from private.visit_events where visit_id = $1 order by id`,
    [visitId],
  );

const botEventsToday = async () => {
  const [row] = await api.sql<{ bots: number }>(
    `select coalesce(sum(bot_events), 0)::integer as bots from private.visit_event_days`,
  );
  return row.bots;
};

/** Records, in the page, each call the site makes to the counting endpoint (before any of the site's code runs). */
async function recordCountingCalls(context: BrowserContext) {
  await context.addInitScript(() => {
    const calls: string[] = [];
    Object.assign(window, { countingCalls: calls });
    const original = window.fetch.bind(window);
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/rpc/record_visit_events')) calls.push(String(init?.body));
      return original(input, init);
    };
  });
}

/** The calls the page made once its load event and the task after it have run (the site sends in that task). */
const countingCallsAfterLoad = (page: Page) =>
  page.evaluate(async () => {
    if (document.readyState !== 'complete') await new Promise((resolve) => addEventListener('load', resolve));
    await new Promise((resolve) => setTimeout(resolve));
    await new Promise((resolve) => setTimeout(resolve));
    return (window as unknown as { countingCalls: string[] }).countingCalls;
  });

test('a visit on the phone profile is counted once, with its campaign, landing page and referrer, and no cookie', async () => {
  const { context, page, errors } = await openPage(visitorBrowser, MOBILE);
  const setCookies: string[] = [];
  page.on('response', async (response) => {
    const header = await response.headerValue('set-cookie').catch(() => null);
    if (header) setCookies.push(`${response.url()}: ${header}`);
  });
  try {
    await applyPhoneProfile(page);
    await gotoHydrated(page, site.url + LANDING, { referer: REFERRER });
    const visitId = await page.evaluate((key) => sessionStorage.getItem(key), VISIT_ID_STORAGE_KEY);
    expect(visitId).toMatch(/^[\da-f]{8}-[\da-f]{4}-4[\da-f]{3}-[89ab][\da-f]{3}-[\da-f]{12}$/);
    const events = await waitUntil('the page view to be stored', () => eventsOf(visitId!), {
      until: (rows) => rows.length > 0,
      timeoutMs: 30_000,
    });
    expect(events).toEqual([
      {
        kind: 'page_view',
        path: '/services',
        landing_page: '/services',
        referrer_host: 'news.example.com',
        utm_source: 'newsletter',
        utm_campaign: 'spring',
      },
    ]);
    // Counted once: everything the page had to send is sent by the task after its load event.
    expect(await eventsOf(visitId!)).toHaveLength(1);
    expect(await context.cookies()).toEqual([]);
    expect(await page.evaluate(() => [document.cookie, localStorage.length])).toEqual(['', 0]);
    expect(setCookies).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

test.each([
  ['Do Not Track', 'doNotTrack', '1'],
  ['Global Privacy Control', 'globalPrivacyControl', true],
] as const)('under %s nothing is sent, and no visit id is made', async (_signal, property, value) => {
  const { context, page, errors } = await openPage(visitorBrowser, MOBILE);
  try {
    await context.addInitScript(
      ([name, setting]) => Object.defineProperty(Navigator.prototype, name, { get: () => setting }),
      [property, value] as const,
    );
    await recordCountingCalls(context);
    await gotoHydrated(page, site.url + LANDING, { referer: REFERRER });
    expect(await countingCallsAfterLoad(page)).toEqual([]);
    expect(await page.evaluate((key) => sessionStorage.getItem(key), VISIT_ID_STORAGE_KEY)).toBeNull();
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

test('a browser driven by automation is not a visitor: its page view adds to the day’s bot count only', async () => {
  const before = await botEventsToday();
  const { context, page, errors } = await openPage(automatedBrowser, MOBILE);
  try {
    await gotoHydrated(page, site.url + LANDING, { referer: REFERRER });
    const visitId = await page.evaluate((key) => sessionStorage.getItem(key), VISIT_ID_STORAGE_KEY);
    await waitUntil('the bot count to rise', botEventsToday, { until: (bots) => bots > before, timeoutMs: 30_000 });
    expect(await eventsOf(visitId!)).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});
