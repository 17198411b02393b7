/** @jest-environment node */
// Visits counted without cookies (issue 44, supabase/migrations/20261202100000_visit_events.sql), through the data
// API as the site calls it, on the embedded database and on a real PostgreSQL server prepared like a hosted project:
// anon records events through one write-only function; only allow-listed kinds and bounded, path-shaped fields are
// stored, exactly as sent, and a malformed request is refused as a whole with a message in plain words; anon reads
// and changes nothing; bots and automation are counted apart, not stored; a flood from one client stops being stored
// at its limit (exactly, under concurrency, on the real server) while others are still counted; no table holds the
// client's address; the daily rollup equals the raw counts and re-running it changes nothing; the retention keeps 90
// days of raw events and the rollups; a lead carries the visit's id. Times are chosen by inserting rows (api.sql),
// never by waiting.
import { randomUUID } from 'node:crypto';
import { createNodeSupabaseClient } from '../../dev/local-api/node-client';
import { applyVisitRetention, formatVisitRetention } from '../../dev/leads/visit-retention';
import type { Json } from '../../src/lib/database.types';
import {
  VISIT_EVENTS_PER_REQUEST_MAX,
  VISIT_EVENT_KINDS,
  VISIT_PATH_MAX,
  VISIT_TEXT_MAX,
} from '../../src/insights/visit-event-kinds';
import {
  BACKENDS,
  LOCAL_SUPABASE_PUBLISHABLE_KEY,
  startTestApi,
  uniqueClientAddress,
  uniqueEmail,
  type TestApi,
} from '../helpers/local-api';

jest.setTimeout(60_000);

// Browsers people use: none is a bot.
const BROWSERS = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1',
  firefoxMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.6; rv:132.0) Gecko/20100101 Firefox/132.0',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  samsungInternet:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
  opera:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0',
  chromeIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  linkedinInApp:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [LinkedInApp]/9.30.1',
  facebookInApp:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/470.0.0.35.107;FBBV/634000000;FBDV/iPhone15,2;FBMD/iPhone;FBSN/iOS;FBSV/17.5;FBSS/3;FBCR/;FBID/phone;FBLC/en_US;FBOP/80]',
  cubotPhone:
    'Mozilla/5.0 (Linux; Android 10; CUBOT X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/118.0.0.0 Mobile Safari/537.36',
};
const CHROME = BROWSERS.chromeWindows;

// Crawlers, headless and driven browsers, previews, monitors and HTTP libraries.
const PROGRAMS = {
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  bingbot: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  googlebotSmartphone:
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.69 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  baiduspider: 'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
  ahrefs: 'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
  headlessChrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
  lighthouse:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse',
  facebookPreview: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  slackPreview: 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  pingdom: 'Pingdom.com_bot_version_1.4_(http://www.pingdom.com/)',
  uptimeRobot: 'Mozilla/5.0+(compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)',
  curl: 'curl/8.4.0',
  wget: 'Wget/1.21.4',
  pythonRequests: 'python-requests/2.31.0',
  goHttp: 'Go-http-client/1.1',
  nodeFetch: 'node',
  axios: 'axios/1.7.7',
  javaClient: 'Java/17.0.2',
  okhttp: 'okhttp/4.12.0',
  phantom: 'Mozilla/5.0 (Unknown; Linux x86_64) AppleWebKit/538.1 (KHTML, like Gecko) PhantomJS/2.1.1 Safari/538.1',
  empty: '',
};

type Answer = { stored: number; not_counted: number; flood_held: number };
type VisitEvent = Record<string, Json | undefined>;

/** A visitor's browser: supabase-js with the site's key, from one client address and with one user agent. */
function visitor(api: TestApi, { address = uniqueClientAddress(), userAgent = CHROME } = {}) {
  const client = createNodeSupabaseClient(api.url, LOCAL_SUPABASE_PUBLISHABLE_KEY, {
    headers: { 'User-Agent': userAgent, 'cf-connecting-ip': address },
  });
  return {
    address,
    async send(events: Json) {
      const { data, error } = await client.rpc('record_visit_events', { events });
      return { answer: data as Answer | null, error };
    },
  };
}

const event = (kind: string, visitId: string, path: string, extra: VisitEvent = {}): VisitEvent => ({
  kind,
  visit_id: visitId,
  path,
  automated: false,
  ...extra,
});
const pageViews = (count: number, visitId = randomUUID(), prefix = '/page-') =>
  Array.from({ length: count }, (_, index) => event('page_view', visitId, `${prefix}${index}`)) as Json;

const STORED_FIELDS = [
  'visit_id',
  'kind',
  'path',
  'referrer_host',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'landing_page',
  'variant',
];

describe.each(BACKENDS)('visit events on %s', (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ backend });
  }, 60_000);
  afterAll(() => api?.close());
  beforeEach(async () => {
    await api.sql(`delete from private.visit_events`);
    await api.sql(`delete from private.visit_event_days`);
    await api.sql(`delete from private.visit_event_clients`);
    await api.sql(`delete from private.visit_daily`);
    await api.sql(`update private.visit_event_settings set client_events_per_minute = 60, events_per_minute = 3000`);
  });

  const storedEvents = () =>
    api.sql<Record<string, unknown>>(`select ${STORED_FIELDS.join(', ')} from private.visit_events order by id`);
  const storedCount = async () =>
    Number((await api.sql<{ n: number }>(`select count(*)::int as n from private.visit_events`))[0].n);
  const dayCounters = async () => {
    const [row] = await api.sql<{ bots: number; held: number }>(
      `select coalesce(sum(bot_events), 0)::int as bots, coalesce(sum(flood_held_events), 0)::int as held
         from private.visit_event_days`,
    );
    return { bots: Number(row.bots), held: Number(row.held) };
  };

  test('the database’s allow-list and bounds are the site’s (src/insights/visit-event-kinds.ts)', async () => {
    const [limits] = await api.sql<Record<string, unknown>>(`select * from private.visit_event_limits()`);
    expect(limits).toEqual({
      kinds: [...VISIT_EVENT_KINDS],
      events_per_request: VISIT_EVENTS_PER_REQUEST_MAX,
      text_max: VISIT_TEXT_MAX,
      path_max: VISIT_PATH_MAX,
    });
  });

  test('anon records a page view: stored with exactly the fields sent, at the database’s time', async () => {
    const sent = {
      kind: 'page_view',
      visit_id: randomUUID(),
      path: '/services/ai-automation',
      referrer_host: 'www.linkedin.com',
      utm_source: 'linkedin',
      utm_medium: 'paid social',
      utm_campaign: 'dental-clinics-q1',
      utm_term: 'front desk automation',
      utm_content: 'headline-b',
      landing_page: '/campaigns/dental-clinics',
      variant: 'hero-b',
    };
    const { answer, error } = await visitor(api).send([{ ...sent, automated: false }]);
    expect(error).toBeNull();
    expect(answer).toEqual({ stored: 1, not_counted: 0, flood_held: 0 });
    expect(await storedEvents()).toEqual([sent]);
    const [{ recent }] = await api.sql<{ recent: boolean }>(
      `select bool_and(occurred_at between now() - interval '1 minute' and now()) as recent from private.visit_events`,
    );
    expect(recent).toBe(true);
    expect(await dayCounters()).toEqual({ bots: 0, held: 0 });
  });

  test('every kind of the list is accepted; optional fields may be left out; the bounds themselves are accepted', async () => {
    const visitId = randomUUID();
    const kinds = VISIT_EVENT_KINDS.map((kind) => ({ kind, visit_id: visitId, path: '/contact' }));
    const longest = {
      kind: 'page_view',
      visit_id: visitId.toUpperCase(),
      path: `/${'p'.repeat(VISIT_PATH_MAX - 1)}`,
      landing_page: `/${'l'.repeat(VISIT_PATH_MAX - 1)}`,
      utm_campaign: 'c'.repeat(VISIT_TEXT_MAX),
      variant: null,
      referrer_host: '',
    };
    const fillers = pageViews(VISIT_EVENTS_PER_REQUEST_MAX - kinds.length - 1, visitId) as VisitEvent[];
    const { answer, error } = await visitor(api).send([...kinds, longest, ...fillers] as Json);
    expect(error).toBeNull();
    expect(answer).toEqual({ stored: VISIT_EVENTS_PER_REQUEST_MAX, not_counted: 0, flood_held: 0 });
    const rows = await storedEvents();
    expect(rows.slice(0, kinds.length).map((row) => row.kind)).toEqual([...VISIT_EVENT_KINDS]);
    // An empty referrer host is no referrer; the visit id is stored as a UUID (lower case).
    expect(rows[kinds.length]).toMatchObject({
      visit_id: visitId,
      path: longest.path,
      landing_page: longest.landing_page,
      utm_campaign: longest.utm_campaign,
      referrer_host: null,
      variant: null,
    });
  });

  test('takes the source as the site keeps it: the landing page without its query, the referrer origin’s host, utm_* cleaned and cut', async () => {
    const visitId = '5a0c5d2e-8b1a-4c6d-9e7f-0a1b2c3d4e5f';
    const sent = event('page_view', visitId, '/services/', {
      landing_page: `/landing/dental-clinics/?utm_source=linkedin&gclid=abc#top`,
      referrer: 'https://www.LinkedIn.com',
      utm_source: 'linked\u0007in',
      utm_campaign: 'c'.repeat(500),
      utm_term: '\n',
    });
    const { answer, error } = await visitor(api).send([sent] as Json);
    expect(error).toBeNull();
    expect(answer).toEqual({ stored: 1, not_counted: 0, flood_held: 0 });
    expect((await storedEvents())[0]).toMatchObject({
      path: '/services/',
      landing_page: '/landing/dental-clinics/',
      referrer_host: 'www.linkedin.com',
      utm_source: 'linkedin',
      utm_campaign: 'c'.repeat(VISIT_TEXT_MAX),
      utm_term: null,
    });
  });

  const id = '3f0c5d2e-8b1a-4c6d-9e7f-0a1b2c3d4e5f';
  const refusals: [string, Json, RegExp][] = [
    [
      'an unknown kind',
      [event('lead_stored', id, '/')] as Json,
      /kind must be one of page_view, chat_opened, form_started/,
    ],
    ['a kind that is not text', [event('page_view', id, '/', { kind: 1 })] as Json, /kind must be one of/],
    ['a path with a query string', [event('page_view', id, '/services?utm_source=x')] as Json, /path must be a path/],
    ['a path with a fragment', [event('page_view', id, '/services#pricing')] as Json, /path must be a path/],
    ['a path without its leading slash', [event('page_view', id, 'services')] as Json, /path must be a path/],
    ['a whole URL as the path', [event('page_view', id, 'https://example.com/')] as Json, /path must be a path/],
    ['a path with a space', [event('page_view', id, '/a b')] as Json, /path must be a path/],
    ['a path too long', [event('page_view', id, `/${'p'.repeat(VISIT_PATH_MAX)}`)] as Json, /at most 200 characters/],
    ['no path', [{ kind: 'page_view', visit_id: id }] as Json, /path must be a path/],
    [
      'a text that is not text',
      [event('page_view', id, '/', { utm_source: ['linkedin'] })] as Json,
      /utm_source must be text/,
    ],
    [
      'a whole referrer URL instead of its host',
      [event('page_view', id, '/', { referrer_host: 'https://www.google.com/search?q=jane+doe' })] as Json,
      /referrer_host must be a host name only/,
    ],
    ['a visit id that is not a UUID', [event('page_view', 'visitor-42', '/')] as Json, /visit_id must be a UUID/],
    ['no visit id', [{ kind: 'page_view', path: '/' }] as Json, /visit_id must be a UUID/],
    [
      'automated that is not true or false',
      [event('page_view', id, '/', { automated: 'no' })] as Json,
      /automated must be true or false/,
    ],
    [
      'a field that is not counted',
      [event('page_view', id, '/', { email: 'a@example.com' })] as Json,
      /fields that are not counted \(email\)/,
    ],
    ['an event that is not an object', ['page_view'] as Json, /not a JSON object/],
    [
      'an object instead of an array',
      event('page_view', id, '/') as Json,
      /sent as a JSON array of events; this request sent a JSON object/,
    ],
    ['a string instead of an array', 'page_view', /this request sent a JSON string/],
    ['null', null, /this request sent nothing/],
    [
      'more than 20 events',
      pageViews(VISIT_EVENTS_PER_REQUEST_MAX + 1),
      /At most 20 visit events can be sent in one request; this one has 21/,
    ],
    [
      'one bad event among good ones',
      [...(pageViews(3, id) as VisitEvent[]), event('page_view', id, '/x?y')] as Json,
      /Visit event 4 of 4 cannot be counted: path must be a path/,
    ],
  ];

  test.each(refusals)(
    'refuses %s with a clear message, storing and counting nothing',
    async (_case, events, message) => {
      const { answer, error } = await visitor(api).send(events);
      expect(answer).toBeNull();
      expect(error).toMatchObject({ code: 'P0001', message: expect.stringMatching(message) });
      expect(await storedCount()).toBe(0);
      expect(await dayCounters()).toEqual({ bots: 0, held: 0 });
      expect(await api.sql(`select 1 from private.visit_event_clients`)).toEqual([]);
    },
  );

  test('an empty array is answered with nothing stored', async () => {
    expect(await visitor(api).send([])).toEqual({
      answer: { stored: 0, not_counted: 0, flood_held: 0 },
      error: null,
    });
  });

  test('anon cannot read, change or delete the events, counters, salts or rollups by any route', async () => {
    await visitor(api).send(pageViews(2));
    await visitor(api, { userAgent: PROGRAMS.googlebot }).send(pageViews(1));
    await api.sql(`select private.roll_up_visit_events(private.visit_day(now()) + 1)`);
    const snapshot = () =>
      api.sql(
        `select (select count(*) from private.visit_events)::int as events,
                (select count(*) from private.visit_event_days)::int as days,
                (select count(*) from private.visit_daily)::int as daily,
                (select count(*) from private.visit_event_clients)::int as clients,
                (select count(*) from private.visit_salts)::int as salts,
                (select string_agg(path, ',' order by id) from private.visit_events) as paths`,
      );
    const before = await snapshot();
    const anonHeaders = {
      apikey: LOCAL_SUPABASE_PUBLISHABLE_KEY,
      Authorization: `Bearer ${LOCAL_SUPABASE_PUBLISHABLE_KEY}`,
      'Content-Type': 'application/json',
    };
    const tables = ['visit_events', 'visit_event_days', 'visit_daily', 'visit_event_clients', 'visit_salts'];
    const attempts: { method: string; path: string; headers?: Record<string, string>; body?: unknown }[] = [];
    for (const table of tables) {
      attempts.push(
        { method: 'GET', path: `/rest/v1/${table}?select=*` },
        { method: 'GET', path: `/rest/v1/${table}?select=*`, headers: { 'Accept-Profile': 'private' } },
        {
          method: 'PATCH',
          path: `/rest/v1/${table}?path=neq.x`,
          headers: { 'Content-Profile': 'private' },
          body: { path: '/changed' },
        },
        { method: 'DELETE', path: `/rest/v1/${table}?path=neq.x`, headers: { 'Content-Profile': 'private' } },
        { method: 'DELETE', path: `/rest/v1/${table}?path=neq.x` },
      );
    }
    for (const fn of ['roll_up_visit_events', 'delete_expired_visit_events', 'visit_client_key', 'visit_event_refusal'])
      attempts.push({ method: 'POST', path: `/rest/v1/rpc/${fn}`, body: {} });
    const outcomes: string[] = [];
    for (const attempt of attempts) {
      const response = await fetch(api.url + attempt.path, {
        method: attempt.method,
        headers: { ...anonHeaders, ...attempt.headers },
        body: attempt.body === undefined ? undefined : JSON.stringify(attempt.body),
      });
      const text = await response.text();
      if (response.status < 400 || response.status >= 500 || text.includes('/page-'))
        outcomes.push(`${attempt.method} ${attempt.path}: ${response.status} ${text.slice(0, 120)}`);
    }
    expect(outcomes).toEqual([]);
    expect(await snapshot()).toEqual(before);
    // The same in the privileges: no API role but service_role reads the events and rollups; none the rest.
    const privileges = await api.sql<{ role: string; relname: string }>(
      `select r.role, c.relname
         from pg_class c cross join unnest(array['anon', 'authenticated', 'service_role']) r(role)
        where c.relnamespace = 'private'::regnamespace and c.relname like 'visit\\_%' and c.relkind = 'r'
          and has_table_privilege(r.role, c.oid, 'SELECT,INSERT,UPDATE,DELETE,TRUNCATE,REFERENCES,TRIGGER')
        order by 1, 2`,
    );
    expect(privileges).toEqual([
      { role: 'service_role', relname: 'visit_daily' },
      { role: 'service_role', relname: 'visit_event_days' },
      { role: 'service_role', relname: 'visit_event_settings' },
      { role: 'service_role', relname: 'visit_events' },
    ]);
    const { error } = await api.anon.rpc('delete_expired_visit_events', {});
    expect(error).not.toBeNull();
    expect(await snapshot()).toEqual(before);
  });

  test('a program’s user agent is no visitor; no browser a person uses is taken for one', async () => {
    const judged = await api.sql<{ name: string; automated: boolean }>(
      `select name, private.is_automated_user_agent(agent) as automated
         from jsonb_each_text($1::jsonb) as a(name, agent)`,
      [JSON.stringify({ ...BROWSERS, ...PROGRAMS })],
    );
    expect(judged).toHaveLength(Object.keys(BROWSERS).length + Object.keys(PROGRAMS).length);
    expect(
      judged
        .filter((row) => row.automated)
        .map((row) => row.name)
        .sort(),
    ).toEqual(Object.keys(PROGRAMS).sort());
    const [{ missing }] = await api.sql<{ missing: boolean }>(
      `select private.is_automated_user_agent(null) as missing`,
    );
    expect(missing).toBe(true);
  });

  test.each(['googlebot', 'headlessChrome', 'curl', 'pythonRequests', 'nodeFetch', 'lighthouse'] as const)(
    'a request from %s stores no event and raises the day’s bot counter',
    async (program) => {
      const { answer, error } = await visitor(api, { userAgent: PROGRAMS[program] }).send(pageViews(3));
      expect(error).toBeNull();
      expect(answer).toEqual({ stored: 0, not_counted: 3, flood_held: 0 });
      expect(await storedCount()).toBe(0);
      expect(await dayCounters()).toEqual({ bots: 3, held: 0 });
    },
  );

  test('an event the page marks automated (navigator.webdriver) is not stored but counted as a bot’s', async () => {
    const visitId = randomUUID();
    const { answer } = await visitor(api).send([
      event('page_view', visitId, '/person'),
      event('page_view', visitId, '/driven', { automated: true }),
      event('chat_opened', visitId, '/driven', { automated: true }),
    ]);
    expect(answer).toEqual({ stored: 1, not_counted: 2, flood_held: 0 });
    expect((await storedEvents()).map((row) => row.path)).toEqual(['/person']);
    expect(await dayCounters()).toEqual({ bots: 2, held: 0 });
    // Not counted against the flood limit either.
    expect(await api.sql(`select sum(events)::int as events from private.visit_event_clients`)).toEqual([
      { events: 1 },
    ]);
  });

  test('a flood from one client stops being stored at its limit (60 a minute) and is counted as held; another client is still counted', async () => {
    const flooder = visitor(api);
    const answers: (Answer | null)[] = [];
    for (let request = 0; request < 3; request++) answers.push((await flooder.send(pageViews(20))).answer);
    // 60 stored this minute: nothing more from this client fits.
    answers.push((await flooder.send(pageViews(20))).answer);
    answers.push((await flooder.send(pageViews(5))).answer);
    expect(answers).toEqual([
      { stored: 20, not_counted: 0, flood_held: 0 },
      { stored: 20, not_counted: 0, flood_held: 0 },
      { stored: 20, not_counted: 0, flood_held: 0 },
      { stored: 0, not_counted: 20, flood_held: 20 },
      { stored: 0, not_counted: 5, flood_held: 5 },
    ]);
    expect((await visitor(api).send(pageViews(20))).answer).toEqual({ stored: 20, not_counted: 0, flood_held: 0 });
    expect(await storedCount()).toBe(80);
    expect(await dayCounters()).toEqual({ bots: 0, held: 25 });

    // A minute later (the client's counters moved back a minute) the same client is counted again.
    await api.sql(`update private.visit_event_clients set counted_at = counted_at - interval '1 minute'`);
    expect((await flooder.send(pageViews(20))).answer).toEqual({ stored: 20, not_counted: 0, flood_held: 0 });
  });

  test('a request that crosses the limit stores its first events up to it and holds the rest', async () => {
    const client = visitor(api);
    await client.send(pageViews(20, randomUUID(), '/a-'));
    await client.send(pageViews(20, randomUUID(), '/b-'));
    await client.send(pageViews(10, randomUUID(), '/c-'));
    expect((await client.send(pageViews(20, randomUUID(), '/d-'))).answer).toEqual({
      stored: 10,
      not_counted: 10,
      flood_held: 10,
    });
    const paths = (await storedEvents()).map((row) => String(row.path)).filter((path) => path.startsWith('/d-'));
    expect(paths).toEqual(Array.from({ length: 10 }, (_, index) => `/d-${index}`));
    expect(await dayCounters()).toEqual({ bots: 0, held: 10 });
  });

  test('above the ceiling for everyone (per minute) nothing more is stored, from any client, and that is counted', async () => {
    await api.sql(`update private.visit_event_settings set events_per_minute = 80`);
    const first = visitor(api);
    for (let request = 0; request < 3; request++) await first.send(pageViews(20));
    expect((await visitor(api).send(pageViews(15))).answer).toEqual({ stored: 15, not_counted: 0, flood_held: 0 });
    expect((await visitor(api).send(pageViews(10))).answer).toEqual({ stored: 5, not_counted: 5, flood_held: 5 });
    expect((await visitor(api).send(pageViews(3))).answer).toEqual({ stored: 0, not_counted: 3, flood_held: 3 });
    expect(await storedCount()).toBe(80);
    expect(await dayCounters()).toEqual({ bots: 0, held: 8 });
  });

  test('no column of any visit table holds the client’s address, or its unsalted hash', async () => {
    const address = backend === 'pglite' ? '203.0.113.77' : '2001:db8:77::1';
    const client = visitor(api, { address });
    await client.send(pageViews(20));
    await client.send(pageViews(20));
    await client.send(pageViews(20));
    await client.send(pageViews(20)); // held
    await visitor(api, { address, userAgent: PROGRAMS.curl }).send(pageViews(2)); // a bot
    await api.sql(`select private.roll_up_visit_events(private.visit_day(now()) + 1)`);
    const tables = await api.sql<{ name: string }>(
      `select relname as name from pg_class
        where relnamespace = 'private'::regnamespace and relname like 'visit\\_%' and relkind = 'r' order by 1`,
    );
    expect(tables.map((table) => table.name)).toEqual([
      'visit_daily',
      'visit_event_clients',
      'visit_event_days',
      'visit_event_settings',
      'visit_events',
      'visit_salts',
    ]);
    const found: string[] = [];
    for (const { name } of tables) {
      const [{ rows, holding }] = await api.sql<{ rows: number; holding: number }>(
        `select count(*)::int as rows,
                count(*) filter (where t::text like '%' || $1 || '%' or t::text like '%' || $2 || '%')::int as holding
           from private.${name} t`,
        [address, await sha256Hex(api, address)],
      );
      if (holding > 0) found.push(`${name}: ${holding} of ${rows} rows`);
    }
    expect(found).toEqual([]);
    // The limit's key exists (salted: not the plain hash), and only for the last minute.
    const keys = await api.sql<{ client_key: string }>(`select distinct client_key from private.visit_event_clients`);
    expect(keys).toHaveLength(1);
    expect(keys[0].client_key).toMatch(/^[0-9a-f]{64}$/);
    // And the raw events have no column that could hold an address, a user agent or a client's key.
    const columns = await api.sql<{ column_name: string }>(
      `select column_name from information_schema.columns
        where table_schema = 'private' and table_name = 'visit_events' order by ordinal_position`,
    );
    expect(columns.map((column) => column.column_name)).toEqual(['id', 'occurred_at', ...STORED_FIELDS]);
  });

  test('the day’s salt is random and replaced the next day; the old one is deleted', async () => {
    await visitor(api).send(pageViews(1));
    await api.sql(`insert into private.visit_salts (day) values (private.visit_day(now()) - 1) on conflict do nothing`);
    const salts = await api.sql<{ day: string; bytes: number }>(
      `select day::text, octet_length(salt) as bytes from private.visit_salts order by day`,
    );
    expect(salts.map((salt) => salt.bytes)).toEqual([32, 32]);
    const result = await applyVisitRetention(api.service, false);
    expect(result.deleted_salts).toBe(1);
    const [today] = await api.sql<{ day: string }>(`select private.visit_day(now())::text as day`);
    expect(await api.sql(`select day::text from private.visit_salts`)).toEqual([{ day: today.day }]);
  });

  /** Inserts raw events at chosen instants: `days` before today, at `time` in the team's zone. */
  async function insertAt(days: number, time: string, rows: VisitEvent[]) {
    for (const row of rows) {
      await api.sql(
        `insert into private.visit_events (occurred_at, visit_id, kind, path, landing_page, referrer_host, utm_source,
                                           utm_medium, utm_campaign, variant)
         values (((private.visit_day(now()) - $1::int)::timestamp + $2::time) at time zone private.visit_time_zone(),
                 $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          days,
          time,
          row.visit_id,
          row.kind,
          row.path,
          row.landing_page ?? null,
          row.referrer_host ?? null,
          row.utm_source ?? null,
          row.utm_medium ?? null,
          row.utm_campaign ?? null,
          row.variant ?? null,
        ],
      );
    }
  }

  const dailyRows = () =>
    api.sql<Record<string, unknown>>(
      `select (private.visit_day(now()) - day) as days_ago, path, landing_page, referrer_host, utm_source, kind,
              variant, events, visits
         from private.visit_daily order by days_ago desc, path, kind, referrer_host nulls first`,
    );

  test('the daily rollup equals the raw counts, by the team’s days, and re-running it changes nothing', async () => {
    const [ada, bob, cy] = [randomUUID(), randomUUID(), randomUUID()];
    const linkedin = { referrer_host: 'www.linkedin.com', utm_source: 'linkedin', landing_page: '/campaigns/dental' };
    await insertAt(10, '09:00', [
      event('page_view', ada, '/campaigns/dental', linkedin),
      event('page_view', ada, '/book', linkedin),
      event('form_started', ada, '/book', linkedin),
      event('page_view', bob, '/campaigns/dental', linkedin),
      event('page_view', bob, '/campaigns/dental', linkedin),
    ]);
    // 23:59 of the same team day, and 00:01 of the next: days are the team's, not UTC's.
    await insertAt(10, '23:59', [event('page_view', cy, '/', { landing_page: '/' })]);
    await insertAt(9, '00:01', [event('chat_opened', cy, '/', { landing_page: '/', variant: 'hero-b' })]);
    // Today's events are rolled up only when today is before the given day.
    await insertAt(0, '00:01', [event('page_view', cy, '/today')]);

    const [{ days }] = await api.sql<{ days: number }>(
      `select private.roll_up_visit_events(private.visit_day(now())) as days`,
    );
    expect(days).toBe(2);
    const expected = [
      { days_ago: 10, path: '/', kind: 'page_view', events: 1, visits: 1, referrer_host: null, variant: null },
      { days_ago: 10, path: '/book', kind: 'form_started', events: 1, visits: 1, ...linkedin, variant: null },
      { days_ago: 10, path: '/book', kind: 'page_view', events: 1, visits: 1, ...linkedin, variant: null },
      { days_ago: 10, path: '/campaigns/dental', kind: 'page_view', events: 3, visits: 2, ...linkedin, variant: null },
      { days_ago: 9, path: '/', kind: 'chat_opened', events: 1, visits: 1, referrer_host: null, variant: 'hero-b' },
    ].map((row) => ({ landing_page: '/', utm_source: null, ...row }));
    const rolled = await dailyRows();
    expect(rolled).toEqual(expected);
    // Equal to the raw counts of those days, event for event.
    const [raw] = await api.sql<{ events: number }>(
      `select count(*)::int as events from private.visit_events where private.visit_day(occurred_at) < private.visit_day(now())`,
    );
    expect(rolled.reduce((sum, row) => sum + Number(row.events), 0)).toBe(raw.events);

    await api.sql(`select private.roll_up_visit_events(private.visit_day(now()))`);
    await api.sql(`select private.roll_up_visit_events(private.visit_day(now()) - 9)`);
    expect(await dailyRows()).toEqual(expected);
  });

  test('the retention rolls up, then deletes the raw events older than 90 days and keeps their rollups; a dry run changes nothing', async () => {
    const [old, recent] = [randomUUID(), randomUUID()];
    await insertAt(95, '12:00', [event('page_view', old, '/old'), event('page_view', old, '/old')]);
    await insertAt(91, '12:00', [event('form_started', old, '/old')]);
    await insertAt(90, '12:00', [event('page_view', recent, '/kept')]);
    await insertAt(85, '12:00', [event('page_view', recent, '/recent')]);

    const dry = await applyVisitRetention(api.service, true);
    expect(dry).toMatchObject({ dry_run: true, days_kept: 90, expired_events: 3 });
    expect(formatVisitRetention(dry, api.url)).toMatch(
      /^Would delete 3 raw visit event\(s\) counted before .* \(raw visit events are kept 90 days, then only their daily totals\)/,
    );
    expect(await storedCount()).toBe(5);
    expect(await dailyRows()).toEqual([]);

    const done = await applyVisitRetention(api.service, false);
    expect(done).toMatchObject({ dry_run: false, days_kept: 90, rolled_up_days: 4, deleted_events: 3 });
    expect(formatVisitRetention(done, api.url)).toMatch(
      /^Rolled up 4 day\(s\) of visit events into daily totals and deleted 3 raw visit event\(s\) counted before /,
    );
    expect((await storedEvents()).map((row) => row.path)).toEqual(['/kept', '/recent']);
    expect((await dailyRows()).map((row) => [row.days_ago, row.path, row.kind, row.events, row.visits])).toEqual([
      [95, '/old', 'page_view', 2, 1],
      [91, '/old', 'form_started', 1, 1],
      [90, '/kept', 'page_view', 1, 1],
      [85, '/recent', 'page_view', 1, 1],
    ]);
    // Again: nothing more to delete, and the rollups of the deleted days stay as they were.
    expect(await applyVisitRetention(api.service, false)).toMatchObject({ deleted_events: 0, rolled_up_days: 2 });
    expect((await dailyRows()).map((row) => row.events)).toEqual([2, 1, 1, 1]);
  });

  test.each(['consultation_requests', 'contact_messages'] as const)(
    'a lead in %s carries its visit’s id and joins the visit’s events; a malformed id is refused',
    async (table) => {
      const visitId = randomUUID();
      const address = uniqueClientAddress();
      await visitor(api, { address }).send([
        event('page_view', visitId, '/contact'),
        event('form_started', visitId, '/contact'),
      ]);
      const email = uniqueEmail('visit-lead');
      const attribution = {
        surface: 'contact_form',
        landing_page: '/contact',
        submitted_from: '/contact',
        visit_id: visitId,
      };
      const lead = { name: 'Ada', email, company: 'Acme', message: 'Hello', attribution };
      const stored = await api
        .clientFor(LOCAL_SUPABASE_PUBLISHABLE_KEY, { clientAddress: address })
        .from(table)
        .insert(lead);
      expect(stored.error).toBeNull();
      const joined = await api.sql<{ kind: string }>(
        `select e.kind from public.${table} l join private.visit_events e on e.visit_id = (l.attribution ->> 'visit_id')::uuid
          where l.email = $1 order by e.id`,
        [email],
      );
      expect(joined.map((row) => row.kind)).toEqual(['page_view', 'form_started']);

      // A visit id that is not a UUID (edited in the browser's storage) never costs the lead: it is stored without.
      for (const bad of ['visit-42', `${visitId}x`, '', 42]) {
        const badEmail = uniqueEmail('bad-visit');
        const kept = await api.anon
          .from(table)
          .insert({ ...lead, email: badEmail, attribution: { ...attribution, visit_id: bad } });
        expect(kept.error).toBeNull();
        const [row] = await api.sql<{ attribution: Record<string, string> }>(
          `select attribution from public.${table} where email = $1`,
          [badEmail],
        );
        expect(row.attribution).toEqual({
          surface: 'contact_form',
          landing_page: '/contact',
          submitted_from: '/contact',
        });
      }
    },
  );

  if (backend === 'postgres') {
    test('the per-client limit holds exactly when one client’s requests run at once; other clients are still counted', async () => {
      const flooder = visitor(api);
      const others = Array.from({ length: 3 }, () => visitor(api));
      const results = await Promise.all([
        ...Array.from({ length: 12 }, () => flooder.send(pageViews(20))),
        ...others.map((other) => other.send(pageViews(20))),
      ]);
      expect(results.map((result) => result.error)).toEqual(results.map(() => null));
      const answers = results.map((result) => result.answer!);
      const flood = answers.slice(0, 12);
      expect(flood.reduce((sum, answer) => sum + answer.stored, 0)).toBe(60);
      expect(flood.reduce((sum, answer) => sum + answer.flood_held, 0)).toBe(12 * 20 - 60);
      expect(answers.slice(12)).toEqual(others.map(() => ({ stored: 20, not_counted: 0, flood_held: 0 })));
      expect(await storedCount()).toBe(60 + 3 * 20);
      expect(await dayCounters()).toEqual({ bots: 0, held: 12 * 20 - 60 });
    });
  }
});

async function sha256Hex(api: TestApi, value: string): Promise<string> {
  const [{ hash }] = await api.sql<{ hash: string }>(`select encode(sha256(convert_to($1, 'UTF8')), 'hex') as hash`, [
    value,
  ]);
  return hash;
}
