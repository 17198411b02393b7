// deno test: OAuth 2.0 accounts (Google's CalDAV) with the token endpoint and the calendar stubbed at the fetch
// level: one refresh reused across hosts and requests until shortly before expiry, a calendar's 401 answered by
// one retry with a fresh token, a revoked refresh token as a clear failure sent only once, transient endpoint
// trouble retryable, and no token or secret in any error. Run: npm run test:functions
import assert from 'node:assert/strict';
import { createCalDavCalendars } from './caldav.ts';
import { CalendarError } from './calendars.ts';
import { parseAccounts, type Accounts } from './credentials.ts';
import { OAUTH, SECRETS, TOKEN_URL, tokenAnswer, tokenEndpoint } from './testdata/oauth.ts';
import { fetchRouter, multistatus, multistatusOf, type Handler, type Recorded } from './testdata/stubs.ts';
import { TokenCache } from './token-cache.ts';

const GOOGLE = 'https://apidata.googleusercontent.com/caldav/v2';
const host = (calendar: string, credentialKey = 'sales') => ({
  calendarUrl: `${GOOGLE}/${calendar}/events/`,
  credentialKey,
  timeZone: 'Australia/Sydney',
});
const ADA = host('ada%40brightlane.ai');
const GRACE = host('grace%40brightlane.ai');
const WINDOW = { start: Date.parse('2026-09-27T14:00:00Z'), end: Date.parse('2026-10-18T13:00:00Z') };
const accounts = parseAccounts(
  JSON.stringify({ sales: { oauth: OAUTH }, fastmail: { username: 'f@example.com', password: 'app-password' } }),
) as Accounts;
const emptyCalendar: Handler = () => multistatus(multistatusOf());

function setup(routes: Record<string, Handler>) {
  const router = fetchRouter({ [`POST ${TOKEN_URL}`]: tokenEndpoint(), ...routes });
  const clock = { now: Date.parse('2026-09-27T14:00:00Z') };
  const tokens = new TokenCache(() => clock.now);
  const calendars = createCalDavCalendars({
    fetch: router.fetch,
    accounts,
    timeoutMs: 200,
    tokens,
    now: () => clock.now,
  });
  const tokenRequests = () => router.requests.filter((request) => request.url === TOKEN_URL);
  const bearers = (method: string) =>
    router.requests.filter((r) => r.method === method).map((r) => r.headers.get('authorization'));
  return { ...router, calendars, clock, tokenRequests, bearers };
}

const rejectsWith = async (promise: Promise<unknown>, check: (error: CalendarError) => void) => {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof CalendarError);
    assert.doesNotMatch(error.message, SECRETS);
    check(error);
    return true;
  });
};

Deno.test('one refresh (RFC 6749 §6, form-encoded) serves every host and request of the account', async () => {
  const event = `${ADA.calendarUrl}booking-b1.ics`;
  const { calendars, tokenRequests, bearers } = setup({
    [`REPORT ${ADA.calendarUrl}`]: emptyCalendar,
    [`REPORT ${GRACE.calendarUrl}`]: emptyCalendar,
    [`PUT ${event}`]: () => new Response(null, { status: 201 }),
    [`DELETE ${event}`]: () => new Response(null, { status: 204 }),
  });
  // Two hosts at once, as a sync reads them, then a write and a removal.
  await Promise.all([calendars.busyTimes(ADA, WINDOW), calendars.busyTimes(GRACE, WINDOW)]);
  await calendars.put(ADA, 'booking-b1.ics', 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
  await calendars.remove(ADA, 'booking-b1.ics');
  const [token, ...more] = tokenRequests();
  assert.equal(more.length, 0, 'one token request');
  assert.equal(token.headers.get('content-type'), 'application/x-www-form-urlencoded');
  assert.equal(token.headers.get('authorization'), null);
  assert.deepEqual(Object.fromEntries(new URLSearchParams(token.body)), {
    grant_type: 'refresh_token',
    refresh_token: OAUTH.refreshToken,
    client_id: OAUTH.clientId,
    client_secret: OAUTH.clientSecret,
  });
  for (const method of ['REPORT', 'PUT', 'DELETE']) {
    assert.ok(bearers(method).length > 0, method);
    for (const header of bearers(method)) assert.equal(header, 'Bearer access-1', method);
  }
});

Deno.test('the token is renewed a minute before expires_in, not sooner', async () => {
  const { calendars, clock, tokenRequests, bearers } = setup({ [`REPORT ${ADA.calendarUrl}`]: emptyCalendar });
  await calendars.busyTimes(ADA, WINDOW);
  clock.now += (3600 - 61) * 1000;
  await calendars.busyTimes(ADA, WINDOW);
  assert.equal(tokenRequests().length, 1);
  clock.now += 2000;
  await calendars.busyTimes(ADA, WINDOW);
  assert.equal(tokenRequests().length, 2);
  assert.deepEqual(bearers('REPORT'), ['Bearer access-1', 'Bearer access-1', 'Bearer access-2']);
});

Deno.test('a 401 for a cached token: the token is dropped and the request sent once more with a new one', async () => {
  let refuse = 0;
  const { calendars, tokenRequests, bearers } = setup({
    [`REPORT ${ADA.calendarUrl}`]: () =>
      refuse-- > 0 ? new Response('', { status: 401, statusText: 'Unauthorized' }) : emptyCalendar({} as Recorded),
  });
  await calendars.busyTimes(ADA, WINDOW);
  refuse = 1;
  assert.deepEqual(await calendars.busyTimes(ADA, WINDOW), []);
  assert.equal(tokenRequests().length, 2);
  assert.deepEqual(bearers('REPORT'), ['Bearer access-1', 'Bearer access-1', 'Bearer access-2']);
  // Refused again with the new token: one retry only, and the error says 401.
  refuse = 5;
  await rejectsWith(calendars.busyTimes(ADA, WINDOW), (error) => assert.match(error.message, /HTTP 401/));
  assert.equal(tokenRequests().length, 3);
  assert.equal(bearers('REPORT').length, 5);
});

Deno.test('a 401 for a token just obtained is not retried', async () => {
  const { calendars, tokenRequests, bearers } = setup({
    [`REPORT ${ADA.calendarUrl}`]: () => new Response('', { status: 401 }),
  });
  await rejectsWith(calendars.busyTimes(ADA, WINDOW), (error) => assert.ok(error.retryable));
  assert.equal(tokenRequests().length, 1);
  assert.equal(bearers('REPORT').length, 1);
});

Deno.test('a revoked refresh token (invalid_grant): a clear, final failure, and it is never sent again', async () => {
  const { calendars, requests, tokenRequests } = setup({
    [`POST ${TOKEN_URL}`]: () =>
      Response.json(
        { error: 'invalid_grant', error_description: `Token ${OAUTH.refreshToken} has been expired or revoked.` },
        { status: 400 },
      ),
  });
  const attempts = [
    calendars.busyTimes(ADA, WINDOW),
    calendars.busyTimes(GRACE, WINDOW),
    calendars.put(ADA, 'booking-b1.ics', 'x'),
  ];
  for (const attempt of attempts) {
    await rejectsWith(attempt, (error) => {
      assert.equal(error.retryable, false);
      assert.match(error.message, /calendar account "sales".*invalid_grant.*Reconnect this host/);
      assert.match(error.message, /CALDAV_ACCOUNTS\.sales/);
    });
  }
  await rejectsWith(calendars.remove(ADA, 'booking-b1.ics'), (error) => assert.equal(error.retryable, false));
  assert.equal(tokenRequests().length, 1, 'no retry storm');
  assert.equal(requests.length, 1, 'and no calendar request');
});

Deno.test('token endpoint trouble (5xx, 429, network, timeout, no token) is retryable and tried again', async () => {
  const hang = () =>
    new Promise<Response>((_, reject) => setTimeout(() => reject(new DOMException('late', 'TimeoutError')), 250));
  const { calendars, tokenRequests, bearers } = setup({
    [`POST ${TOKEN_URL}`]: tokenEndpoint([
      () => new Response(`{"error": "backend_error", "token": "${OAUTH.clientSecret}"}`, { status: 503 }),
      () => new Response('', { status: 429 }),
      () => Promise.reject(new TypeError(`connection reset ${OAUTH.refreshToken}`)),
      hang,
      () => Response.json({ token_type: 'Bearer' }),
      () => tokenAnswer(6),
    ]),
    [`REPORT ${ADA.calendarUrl}`]: emptyCalendar,
  });
  const expected = [
    /HTTP 503 \(backend_error\)/,
    /HTTP 429/,
    /failed \(TypeError\)/,
    /timed out after 200 ms/,
    /no bearer access token/,
  ];
  for (const message of expected) {
    await rejectsWith(calendars.busyTimes(ADA, WINDOW), (error) => {
      assert.ok(error.retryable, String(message));
      assert.match(error.message, message);
      assert.match(error.message, /calendar account "sales"/);
    });
  }
  assert.deepEqual(await calendars.busyTimes(ADA, WINDOW), []);
  assert.equal(tokenRequests().length, 6);
  assert.deepEqual(bearers('REPORT'), ['Bearer access-6']);
});

Deno.test('a wrong client (401 invalid_client) says to check it; other 400s are final', async () => {
  const { calendars } = setup({
    [`POST ${TOKEN_URL}`]: tokenEndpoint([
      () => Response.json({ error: 'invalid_client' }, { status: 401 }),
      () => Response.json({ error: 'invalid_scope' }, { status: 400 }),
    ]),
  });
  await rejectsWith(calendars.busyTimes(ADA, WINDOW), (error) => {
    assert.ok(error.retryable);
    assert.match(error.message, /invalid_client\): check its clientId and clientSecret/);
  });
  await rejectsWith(calendars.busyTimes(ADA, WINDOW), (error) => assert.equal(error.retryable, false));
});

Deno.test('Basic accounts beside OAuth ones: Basic header, no token request', async () => {
  const fastmail = { ...host('x'), calendarUrl: 'https://caldav.test/f/', credentialKey: 'fastmail' };
  const { calendars, tokenRequests, bearers } = setup({ [`REPORT ${fastmail.calendarUrl}`]: emptyCalendar });
  await calendars.busyTimes(fastmail, WINDOW);
  assert.equal(tokenRequests().length, 0);
  assert.deepEqual(bearers('REPORT'), [`Basic ${btoa('f@example.com:app-password')}`]);
});

Deno.test('CALDAV_ACCOUNTS with oauth: strict, naming the key and field, never a value', () => {
  const parse = (account: unknown) => parseAccounts(JSON.stringify({ sales: account }));
  const { clientSecret: _, ...withoutSecret } = OAUTH;
  const cases: [unknown, string][] = [
    [{ oauth: withoutSecret }, 'CALDAV_ACCOUNTS.sales.oauth needs clientSecret'],
    [
      { oauth: { ...OAUTH, refreshToken: ' ', clientId: 1 } },
      'CALDAV_ACCOUNTS.sales.oauth needs clientId, refreshToken',
    ],
    [
      { oauth: { ...OAUTH, tokenUrl: 'http://oauth.test/token' } },
      'CALDAV_ACCOUNTS.sales.oauth.tokenUrl must be an https URL',
    ],
    [{ oauth: { ...OAUTH, scope: 'calendar' } }, 'CALDAV_ACCOUNTS.sales.oauth has unknown fields: scope'],
    [{ oauth: OAUTH, password: 'p' }, 'CALDAV_ACCOUNTS.sales has oauth and also password: keep one'],
    [
      { oauth: 'token' },
      'CALDAV_ACCOUNTS.sales.oauth must be an object with tokenUrl, clientId, clientSecret, refreshToken',
    ],
    [{}, 'CALDAV_ACCOUNTS.sales needs a username and a password (or oauth)'],
  ];
  for (const [account, message] of cases) assert.equal(parse(account), message);
  assert.deepEqual((parse({ oauth: OAUTH }) as Accounts).get('sales'), { kind: 'oauth', ...OAUTH });
});
