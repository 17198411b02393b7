// Counting visits without cookies (issue 44): what the browser sends to public.record_visit_events, when, and
// when nothing at all. Each test is a fresh page load of the site's browser entry (gatsby-browser.tsx), as
// Gatsby runs it: onClientEntry, then onRouteUpdate for the first page and after each client-side navigation.
import type * as GatsbyBrowser from '../../gatsby-browser';
import type * as Attribution from '../../src/lib/attribution';
import type * as Count from '../../src/insights/count';
import { VISIT_ID_STORAGE_KEY } from '../../src/insights/visit-id';
import { CALL_OUTCOME_PATH, INSIGHTS_PATH, RELEASE_LEAD_PATH } from '../../src/content-model/route-paths';
import { LOCAL_SUPABASE_PUBLISHABLE_KEY, LOCAL_SUPABASE_URL } from '../../src/lib/local-supabase';
import {
  UUID_V4,
  inlineSupabaseConfig,
  mockFetch,
  removeFetch,
  sentBatches,
  sentEvents,
  setBrowserValue,
  type FetchMock,
} from '../helpers/visit-events';

type Site = { browser: typeof GatsbyBrowser; count: typeof Count; attribution: typeof Attribution };

const LANDING = '/services?utm_source=newsletter&utm_campaign=spring&gclid=abc';
const REFERRER = 'https://news.example.com/issues/12?reader=ada@example.com';

let undo: (() => void)[] = [];
let fetchMock: FetchMock;

let removeConfig: () => void;
beforeAll(() => (removeConfig = inlineSupabaseConfig()));
afterAll(() => removeConfig());

/** Sets a browser value (navigator.doNotTrack, document.readyState …) until the test ends. */
const set = (target: object, key: string, value: unknown) => undo.push(setBrowserValue(target, key, value));

/** A fresh copy of the site's modules, as on a new page load in the same tab (sessionStorage is kept). */
function loadSite(): Site {
  let site: Site | undefined;
  jest.isolateModules(() => {
    site = {
      browser: jest.requireActual<typeof GatsbyBrowser>('../../gatsby-browser'),
      count: jest.requireActual<typeof Count>('../../src/insights/count'),
      attribution: jest.requireActual<typeof Attribution>('../../src/lib/attribution'),
    };
  });
  return site!;
}

/** A full page load of `url`: the app starts, then the first page is rendered. */
function openPage(url: string, referrer = ''): Site {
  window.history.replaceState(null, '', url);
  set(document, 'referrer', referrer);
  const site = loadSite();
  site.browser.onClientEntry();
  site.browser.onRouteUpdate();
  return site;
}

/** A client-side navigation: Gatsby changes the URL and calls onRouteUpdate once the new page is rendered. */
function navigate(site: Site, url: string) {
  window.history.pushState(null, '', url);
  site.browser.onRouteUpdate();
}

/** What is due after the page's load event runs (the send is a task of its own). */
const runTasks = () => jest.advanceTimersByTime(0);

const loadEvent = () => {
  set(document, 'readyState', 'complete');
  window.dispatchEvent(new Event('load'));
};

beforeEach(() => {
  jest.useFakeTimers();
  sessionStorage.clear();
  localStorage.clear();
  fetchMock = mockFetch();
  // Each test starts before the page's load event.
  set(document, 'readyState', 'interactive');
});

afterEach(() => {
  // The listeners of earlier page loads stay on jsdom's window: leave nothing pending for them.
  window.dispatchEvent(new Event('pagehide'));
  for (const step of undo.reverse()) step();
  undo = [];
  removeFetch();
  jest.useRealTimers();
  window.history.replaceState(null, '', '/');
});

describe('the request', () => {
  it('waits for the load event, then sends the page view with exactly the fields the database accepts', async () => {
    openPage(LANDING, REFERRER);
    runTasks();
    expect(fetchMock).not.toHaveBeenCalled();

    loadEvent();
    expect(fetchMock).not.toHaveBeenCalled();
    runTasks();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe(`${LOCAL_SUPABASE_URL}/rest/v1/rpc/record_visit_events`);
    expect(init).toEqual({
      method: 'POST',
      keepalive: true,
      headers: {
        apikey: LOCAL_SUPABASE_PUBLISHABLE_KEY,
        'Content-Type': 'application/json',
      },
      body: expect.any(String),
    });
    expect(JSON.parse(init.body as string)).toEqual({
      events: [
        {
          kind: 'page_view',
          visit_id: sessionStorage.getItem(VISIT_ID_STORAGE_KEY),
          // The path alone; the visit's source as attribution keeps it (the database keeps the landing page's path
          // and the referrer's host: __tests__/contract/visit-events.test.ts).
          path: '/services',
          landing_page: LANDING,
          referrer: 'https://news.example.com',
          utm_source: 'newsletter',
          utm_campaign: 'spring',
          automated: false,
        },
      ],
    });
    expect(sessionStorage.getItem(VISIT_ID_STORAGE_KEY)).toMatch(UUID_V4);
  });

  it('sends what is counted after the load event in a task of its own, batched', () => {
    set(document, 'readyState', 'complete');
    const { count } = openPage('/pricing');
    count.countVisitEvent('chat_opened');
    expect(fetchMock).not.toHaveBeenCalled();
    runTasks();
    expect(sentBatches(fetchMock).map((events) => events.map((event) => event.kind))).toEqual([
      ['page_view', 'chat_opened'],
    ]);
    expect(sentEvents(fetchMock)[1]).toEqual({
      kind: 'chat_opened',
      visit_id: sentEvents(fetchMock)[0].visit_id,
      path: '/pricing',
      automated: false,
    });
  });

  it('splits more than 20 events into requests of at most 20', () => {
    const { count } = openPage('/');
    for (let index = 0; index < 44; index += 1) count.countVisitEvent('form_started');
    loadEvent();
    runTasks();
    expect(sentBatches(fetchMock).map((events) => events.length)).toEqual([20, 20, 5]);
    expect(fetchMock.mock.calls.every(([, init]) => init.keepalive === true)).toBe(true);
  });

  it('sends the texts as the visit keeps them: the database cuts them to its bounds', () => {
    const long = 'x'.repeat(300);
    openPage(`/page?utm_term=${long}`);
    loadEvent();
    runTasks();
    const [event] = sentEvents(fetchMock);
    expect(event.utm_term).toBe(long);
  });

  it('says when the browser is driven by automation (navigator.webdriver)', () => {
    set(navigator, 'webdriver', true);
    openPage('/');
    loadEvent();
    runTasks();
    expect(sentEvents(fetchMock)).toEqual([expect.objectContaining({ kind: 'page_view', automated: true })]);
  });

  it('sends what is pending at once, with keepalive, when the page is left before its load event', () => {
    const { count } = openPage('/contact');
    count.countVisitEvent('form_started');
    window.dispatchEvent(new Event('pagehide'));
    expect(sentBatches(fetchMock).map((events) => events.map((event) => event.kind))).toEqual([
      ['page_view', 'form_started'],
    ]);
    expect(fetchMock.mock.calls[0][1].keepalive).toBe(true);
    // Nothing is sent twice when the load event comes after all.
    loadEvent();
    runTasks();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('page views', () => {
  it('counts the first page once, and each client-side navigation once more', () => {
    const site = openPage(LANDING, REFERRER);
    // Gatsby calls onRouteUpdate again when only the hash or the history state changes (a link to #faq).
    navigate(site, `${LANDING}#faq`);
    site.browser.onRouteUpdate();
    navigate(site, '/pricing');
    navigate(site, '/services');
    loadEvent();
    runTasks();
    const events = sentEvents(fetchMock);
    expect(events.map((event) => [event.kind, event.path])).toEqual([
      ['page_view', '/services'],
      ['page_view', '/pricing'],
      ['page_view', '/services'],
    ]);
    // Every view carries where the visit came from: its first page, not the page viewed.
    for (const event of events) {
      expect(event).toEqual(
        expect.objectContaining({
          landing_page: LANDING,
          referrer: 'https://news.example.com',
          utm_source: 'newsletter',
        }),
      );
    }
  });

  it('counts a reload as a page view of the same visit', () => {
    openPage('/pricing');
    openPage('/pricing');
    loadEvent();
    runTasks();
    const events = sentEvents(fetchMock);
    expect(events.map((event) => event.path)).toEqual(['/pricing', '/pricing']);
    expect(events[0].visit_id).toBe(events[1].visit_id);
  });

  it.each([INSIGHTS_PATH, `${INSIGHTS_PATH}/`, CALL_OUTCOME_PATH, RELEASE_LEAD_PATH])(
    'does not count the team’s page %s, and counts the next page of the visit',
    (teamPage) => {
      const site = openPage(teamPage);
      navigate(site, '/pricing');
      loadEvent();
      runTasks();
      expect(sentEvents(fetchMock).map((event) => event.path)).toEqual(['/pricing']);
    },
  );

  it('has no source fields for a direct visit, only its landing page', () => {
    openPage('/');
    loadEvent();
    runTasks();
    expect(sentEvents(fetchMock)).toEqual([
      { kind: 'page_view', visit_id: expect.stringMatching(UUID_V4), path: '/', landing_page: '/', automated: false },
    ]);
  });
});

describe('the visit id', () => {
  it('is one random id per tab: the same for every event, page view and reload, and in the lead', () => {
    const first = openPage('/');
    first.count.countVisitEvent('chat_opened');
    navigate(first, '/pricing');
    const reloaded = openPage('/pricing');
    loadEvent();
    runTasks();
    const ids = new Set(sentEvents(fetchMock).map((event) => event.visit_id));
    expect(sentEvents(fetchMock)).toHaveLength(4);
    expect([...ids]).toEqual([sessionStorage.getItem(VISIT_ID_STORAGE_KEY)]);
    expect([...ids][0]).toMatch(UUID_V4);
    expect(reloaded.attribution.leadAttribution('chat').visit_id).toBe([...ids][0]);
  });

  it('is a new one in a new tab (a fresh sessionStorage)', () => {
    openPage('/');
    const firstId = sessionStorage.getItem(VISIT_ID_STORAGE_KEY);
    sessionStorage.clear();
    openPage('/');
    loadEvent();
    runTasks();
    const [first, second] = sentEvents(fetchMock).map((event) => event.visit_id);
    expect(first).toBe(firstId);
    expect(second).toMatch(UUID_V4);
    expect(second).not.toBe(first);
  });

  it('is kept in no cookie and nothing in localStorage', () => {
    const site = openPage(LANDING, REFERRER);
    site.count.countVisitEvent('chat_opened');
    loadEvent();
    runTasks();
    expect(fetchMock).toHaveBeenCalled();
    expect(document.cookie).toBe('');
    expect(localStorage.length).toBe(0);
  });

  it('is not made where crypto.randomUUID is missing (outside a secure context): nothing is counted, leads go without', () => {
    set(crypto, 'randomUUID', undefined);
    const site = openPage('/');
    site.count.countVisitEvent('chat_opened');
    loadEvent();
    runTasks();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(VISIT_ID_STORAGE_KEY)).toBeNull();
    expect(site.attribution.leadAttribution('chat')).not.toHaveProperty('visit_id');
  });

  it('is kept in memory for the page when sessionStorage is refused', () => {
    const refuse = () => {
      throw new Error('SecurityError');
    };
    const getItem = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(refuse);
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(refuse);
    try {
      const site = openPage('/');
      site.count.countVisitEvent('chat_opened');
      loadEvent();
      runTasks();
      const [view, opened] = sentEvents(fetchMock);
      expect(view.visit_id).toMatch(UUID_V4);
      expect(opened.visit_id).toBe(view.visit_id);
    } finally {
      getItem.mockRestore();
      setItem.mockRestore();
    }
  });

  it('takes a stored value as it is: the database drops one that is not a UUID from a lead (contract test)', () => {
    sessionStorage.setItem(VISIT_ID_STORAGE_KEY, 'edited-by-hand');
    const site = openPage('/');
    expect(site.attribution.leadAttribution('chat').visit_id).toBe('edited-by-hand');
  });
});

describe('Do Not Track and Global Privacy Control', () => {
  it.each([
    ['navigator.doNotTrack is "1"', () => set(navigator, 'doNotTrack', '1')],
    ['navigator.globalPrivacyControl is true', () => set(navigator, 'globalPrivacyControl', true)],
  ])('nothing is queued, sent or stored when %s, and the lead carries no visit id', (_case, signal) => {
    signal();
    const site = openPage(LANDING, REFERRER);
    site.count.countVisitEvent('chat_opened');
    site.count.countVisitEvent('form_started');
    navigate(site, '/pricing');
    loadEvent();
    runTasks();
    window.dispatchEvent(new Event('pagehide'));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(VISIT_ID_STORAGE_KEY)).toBeNull();
    expect(site.attribution.leadAttribution('contact_form')).not.toHaveProperty('visit_id');
  });

  it.each([
    ['navigator.doNotTrack is "0"', () => set(navigator, 'doNotTrack', '0')],
    ['navigator.globalPrivacyControl is false', () => set(navigator, 'globalPrivacyControl', false)],
  ])('counts when %s', (_case, signal) => {
    signal();
    openPage('/');
    loadEvent();
    runTasks();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('failures', () => {
  let consoleSpies: jest.SpyInstance[];
  beforeEach(() => {
    consoleSpies = (['error', 'warn', 'log', 'info'] as const).map((level) =>
      jest.spyOn(console, level).mockImplementation(() => {}),
    );
  });
  afterEach(() => consoleSpies.forEach((spy) => spy.mockRestore()));

  it.each([
    ['the network fails', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['the database refuses the events', () => Promise.resolve({ ok: false, status: 400 })],
  ])('when %s, nothing is logged and nothing is sent again', async (_case, answer) => {
    fetchMock = mockFetch(answer);
    const site = openPage('/');
    loadEvent();
    await jest.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    site.count.countVisitEvent('chat_opened');
    await jest.advanceTimersByTimeAsync(60_000);
    expect(sentBatches(fetchMock).map((events) => events.map((event) => event.kind))).toEqual([
      ['page_view'],
      ['chat_opened'],
    ]);
    for (const spy of consoleSpies) expect(spy).not.toHaveBeenCalled();
  });

  it('counts nothing and logs nothing where no Supabase settings were inlined (a bundle other than the site)', async () => {
    removeConfig();
    try {
      openPage('/');
      loadEvent();
      await jest.advanceTimersByTimeAsync(0);
      expect(fetchMock).not.toHaveBeenCalled();
      for (const spy of consoleSpies) expect(spy).not.toHaveBeenCalled();
    } finally {
      removeConfig = inlineSupabaseConfig();
    }
  });

  it('counts nothing and logs nothing where the browser has no fetch', async () => {
    removeFetch();
    openPage('/');
    loadEvent();
    await jest.advanceTimersByTimeAsync(0);
    window.dispatchEvent(new Event('pagehide'));
    for (const spy of consoleSpies) expect(spy).not.toHaveBeenCalled();
  });
});
