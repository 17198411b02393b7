// deno test: one run of the function's two halves through the real RPC and CalDAV code, with the data API and
// two hosts' calendar servers stubbed at the fetch level: one broken calendar never stops the others, only start
// and end reach the database, and calendar writes complete, back off and give up as notify-leads' jobs do.
// Run: npm run test:functions
import assert from 'node:assert/strict';
import { retryDelaySeconds } from '../_shared/backoff.ts';
import { createCalDavCalendars } from './caldav.ts';
import { ConfigError, readConfig } from './config.ts';
import { createRpcCalendarDatabase, type ClaimedCalendarWrite, type HostToSync } from './database.ts';
import { syncDueHosts } from './sync.ts';
import { secondServer } from './testdata/second-server.ts';
import { OAUTH, SECRETS, TOKEN_URL } from './testdata/oauth.ts';
import { RADICALE_REPORT } from './testdata/radicale-report.ts';
import { fetchRouter, multistatus, multistatusOf, type Handler, type Recorded } from './testdata/stubs.ts';
import { writeDueCalendarEvents } from './writes.ts';

const config = readConfig({
  SUPABASE_URL: 'http://db.invalid/',
  SUPABASE_SERVICE_ROLE_KEY: 'service-key',
  CALDAV_ACCOUNTS: JSON.stringify({
    alice: { username: 'alice', password: 'alice-app-password' },
    bob: { username: 'bob', password: 'bob-app-password' },
    google: { oauth: OAUTH },
  }),
  CALDAV_TIMEOUT_MS: '200',
  CALENDAR_WRITE_MAX_ATTEMPTS: '3',
});

const host = (id: string, key: string): HostToSync => ({
  host_id: id,
  calendar_url: `https://cal.test/${id}/work/`,
  credential_key: key,
  time_zone: 'Australia/Sydney',
  window_start: '2026-09-27T14:00:00Z',
  window_end: '2026-10-18T13:00:00Z',
});

/** The data API's RPC endpoint: `answers` by function name; every call's arguments recorded. */
function rpcRoutes(answers: Record<string, (args: Record<string, unknown>) => unknown>): Record<string, Handler> {
  return Object.fromEntries(
    Object.entries(answers).map(([name, answer]) => [
      `POST http://db.invalid/rest/v1/rpc/${name}`,
      (request: Recorded) => {
        assert.equal(request.headers.get('apikey'), 'service-key');
        const result = answer(JSON.parse(request.body));
        return result === undefined ? new Response(null, { status: 204 }) : Response.json(result);
      },
    ]),
  );
}
const rpcCalls = (requests: Recorded[], name: string) =>
  requests.filter((request) => request.url.endsWith(`/rpc/${name}`)).map((request) => JSON.parse(request.body));

function run(routes: Record<string, Handler>) {
  const router = fetchRouter(routes);
  const database = createRpcCalendarDatabase(router.fetch, config);
  const calendars = createCalDavCalendars({ fetch: router.fetch, accounts: config.accounts, timeoutMs: 200 });
  return { ...router, database, calendars };
}

Deno.test('sync: a host whose server refuses, one without an account, and one that works', async () => {
  const hosts = [host('h1', 'alice'), host('h2', 'alice'), host('h3', 'carol')];
  const { database, calendars, requests } = run({
    ...rpcRoutes({
      calendar_hosts_to_sync: () => hosts,
      replace_host_busy: (args) => (args.busy as unknown[]).length,
      record_calendar_sync_failure: () => undefined,
    }),
    'REPORT https://cal.test/h1/work/': () => new Response('', { status: 401, statusText: 'Unauthorized' }),
    'REPORT https://cal.test/h2/work/': () => multistatus(RADICALE_REPORT),
  });
  const summary = await syncDueHosts({ database, source: calendars });
  assert.deepEqual(summary, { hosts: 3, synced: 1, failed: 2 });
  assert.deepEqual(rpcCalls(requests, 'calendar_hosts_to_sync'), [{}]);
  const failures = rpcCalls(requests, 'record_calendar_sync_failure');
  assert.deepEqual(failures.map((failure) => failure.host_id).sort(), ['h1', 'h3']);
  assert.match(failures.find((failure) => failure.host_id === 'h1').error, /HTTP 401 Unauthorized/);
  assert.match(failures.find((failure) => failure.host_id === 'h3').error, /no calendar account "carol"/);
  const [stored] = rpcCalls(requests, 'replace_host_busy');
  assert.equal(stored.host_id, 'h2');
  assert.deepEqual([stored.window_start, stored.window_end], [hosts[1].window_start, hosts[1].window_end]);
  assert.equal(stored.busy.length, 7);
  for (const busy of stored.busy) assert.deepEqual(Object.keys(busy), ['starts_at', 'ends_at']);
  // Nothing of the events but their times, and no password, went to the database.
  const toDatabase = requests.filter((request) => request.url.startsWith('http://db.invalid')).map((r) => r.body);
  assert.doesNotMatch(toDatabase.join('\n'), /Dentist|Stand-up|Annual leave|app-password/);
});

const BOOKING = {
  id: 'b1',
  uid: 'booking-b1@strategy-call',
  status: 'booked',
  sequence: 0,
  starts_at: '2026-11-25T23:00:00Z',
  ends_at: '2026-11-25T23:30:00Z',
  visitor_time_zone: 'Australia/Sydney',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: 'Acme',
  phone: null,
  message: null,
};
const job = (id: string, action: 'put' | 'delete', attempts = 1, booking = BOOKING): ClaimedCalendarWrite => ({
  job_id: id,
  claim_token: `token-${id}`,
  action,
  attempts,
  booking,
  host: {
    id: 'h1',
    name: 'Alice',
    email: 'alice@example.com',
    calendar_url: 'https://cal.test/h1/work/',
    credential_key: 'alice',
    time_zone: 'Australia/Sydney',
  },
});

function writeRun(jobs: ClaimedCalendarWrite[], calendar: Record<string, Handler>) {
  let claimed = false;
  const parts = run({
    ...rpcRoutes({
      claim_calendar_writes: () => (claimed ? [] : ((claimed = true), jobs)),
      complete_calendar_write: () => true,
      fail_calendar_write: () => true,
    }),
    ...calendar,
  });
  const summary = writeDueCalendarEvents({
    database: parts.database,
    writer: parts.calendars,
    ...config,
    random: () => 0.5,
  });
  return { ...parts, summary };
}

const EVENT = 'https://cal.test/h1/work/booking-b1.ics';

Deno.test('writes: a put and then a delete of one booking land in that order and complete', async () => {
  const { summary, requests } = writeRun([job('j1', 'put'), job('j2', 'delete')], {
    [`PUT ${EVENT}`]: () => new Response(null, { status: 201 }),
    [`DELETE ${EVENT}`]: () => new Response(null, { status: 404 }),
    // Not there (the host deleted it): no copy under another name either.
    'REPORT https://cal.test/h1/work/': () => multistatus(multistatusOf()),
  });
  assert.deepEqual(await summary, { claimed: 2, written: 2, retrying: 0, dead: 0 });
  const calendar = requests.filter((request) => request.url.startsWith('https://cal.test'));
  assert.deepEqual(
    calendar.map((request) => request.method),
    ['PUT', 'DELETE', 'REPORT'],
  );
  // The put records where the event is; the delete that it is nowhere.
  assert.deepEqual(rpcCalls(requests, 'complete_calendar_write'), [
    { job_id: 'j1', claim_token: 'token-j1', event_href: EVENT },
    { job_id: 'j2', claim_token: 'token-j2' },
  ]);
  assert.deepEqual(rpcCalls(requests, 'claim_calendar_writes')[0], { batch_size: 10, lease_seconds: 120 });
});

Deno.test('writes: a put for a call cancelled since removes the event instead', async () => {
  const { summary, requests } = writeRun([job('j1', 'put', 1, { ...BOOKING, status: 'cancelled' })], {
    [`DELETE ${EVENT}`]: () => new Response(null, { status: 204 }),
  });
  assert.equal((await summary).written, 1);
  assert.deepEqual(
    requests.filter((request) => request.url === EVENT).map((request) => request.method),
    ['DELETE'],
  );
});

Deno.test('writes: retried with backoff, given up after the last attempt or at once when hopeless', async () => {
  const { summary, requests } = writeRun(
    [
      job('j1', 'put', 1),
      job('j2', 'put', 3, { ...BOOKING, id: 'b2' }),
      job('j3', 'put', 1, { ...BOOKING, id: 'b3' }),
      { ...job('j4', 'put', 1, { ...BOOKING, id: 'b4' }), host: { ...job('j4', 'put').host, credential_key: 'dave' } },
    ],
    {
      [`PUT ${EVENT}`]: () => new Response('', { status: 503 }),
      'PUT https://cal.test/h1/work/booking-b2.ics': () => new Response('', { status: 503 }),
      'PUT https://cal.test/h1/work/booking-b3.ics': () => new Response('', { status: 400 }),
    },
  );
  assert.deepEqual(await summary, { claimed: 4, written: 0, retrying: 2, dead: 2 });
  const fails = Object.fromEntries(rpcCalls(requests, 'fail_calendar_write').map((call) => [call.job_id, call]));
  const firstDelay = retryDelaySeconds(1, config.backoff, () => 0.5);
  assert.deepEqual([fails.j1.retry_in_seconds, fails.j1.error], [firstDelay, `PUT ${EVENT} answered HTTP 503`]);
  assert.equal(fails.j2.retry_in_seconds, null, 'the third of three attempts');
  assert.equal(fails.j3.retry_in_seconds, null, '400 cannot succeed later');
  assert.equal(fails.j4.retry_in_seconds, firstDelay, 'the account may be added to the secret');
  assert.match(fails.j4.error, /no calendar account "dave" in the CALDAV_ACCOUNTS secret/);
});

Deno.test(
  'writes: the invitation already in the host’s calendar is updated there, and moved and removed there',
  async () => {
    // Radicale's answer to the UID held under another name: 409 with CALDAV:no-uid-conflict and no href.
    const server = secondServer('https://cal.test/h1/work/', { conflicts: 'radicale' });
    const INVITE = 'https://cal.test/h1/work/AB12-invitation.ics';
    server.store.set('/h1/work/AB12-invitation.ics', {
      data: ['BEGIN:VCALENDAR', 'BEGIN:VEVENT', `UID:${BOOKING.uid}`, 'END:VEVENT', 'END:VCALENDAR', ''].join('\r\n'),
      etag: '"mail"',
    });
    const routes = server.routes('booking-b1.ics', INVITE);
    const booked = writeRun([job('j1', 'put')], routes);
    assert.deepEqual(await booked.summary, { claimed: 1, written: 1, retrying: 0, dead: 0 });
    assert.deepEqual(rpcCalls(booked.requests, 'complete_calendar_write'), [
      { job_id: 'j1', claim_token: 'token-j1', event_href: INVITE },
    ]);
    assert.deepEqual([...server.store.keys()], ['/h1/work/AB12-invitation.ics']);

    // The database answers that address with the booking's next writes.
    const moved = { ...BOOKING, sequence: 1, starts_at: '2026-11-26T23:00:00Z', ends_at: '2026-11-26T23:30:00Z' };
    const move = writeRun([{ ...job('j2', 'put', 1, moved), event_href: INVITE }], routes);
    assert.equal((await move.summary).written, 1);
    assert.deepEqual(
      move.requests.filter((request) => request.url.startsWith('https://cal.test')).map((r) => `${r.method} ${r.url}`),
      [`PUT ${INVITE}`],
    );
    assert.match(server.store.get('/h1/work/AB12-invitation.ics')!.data, /DTSTART:20261126T230000Z/);
    assert.deepEqual(rpcCalls(move.requests, 'complete_calendar_write')[0].event_href, INVITE);

    const cancel = writeRun([{ ...job('j3', 'delete'), event_href: INVITE }], routes);
    assert.equal((await cancel.summary).written, 1);
    assert.deepEqual(
      cancel.requests
        .filter((request) => request.url.startsWith('https://cal.test'))
        .map((r) => `${r.method} ${r.url}`),
      [`DELETE ${INVITE}`],
    );
    assert.equal(server.store.size, 0);
    assert.deepEqual(rpcCalls(cancel.requests, 'complete_calendar_write'), [{ job_id: 'j3', claim_token: 'token-j3' }]);
  },
);

Deno.test('writes: a 207 with a failed precondition inside, or a 202, is not a write done', async () => {
  const { summary, requests } = writeRun(
    [job('j1', 'put'), job('j2', 'put', 1, { ...BOOKING, id: 'b2' }), job('j3', 'put', 1, { ...BOOKING, id: 'b3' })],
    {
      [`PUT ${EVENT}`]: () =>
        multistatus(
          multistatusOf(
            '<d:response><d:href>/h1/work/booking-b1.ics</d:href><d:status>HTTP/1.1 403 Forbidden</d:status>' +
              '<d:error><c:max-resource-size/></d:error></d:response>',
          ),
        ),
      'PUT https://cal.test/h1/work/booking-b2.ics': () =>
        multistatus(
          multistatusOf(
            '<d:response><d:href>/h1/work/booking-b2.ics</d:href>' +
              '<d:status>HTTP/1.1 415 Unsupported Media Type</d:status></d:response>',
          ),
        ),
      'PUT https://cal.test/h1/work/booking-b3.ics': () => new Response(null, { status: 202, statusText: 'Accepted' }),
    },
  );
  assert.deepEqual(await summary, { claimed: 3, written: 0, retrying: 2, dead: 1 });
  assert.deepEqual(rpcCalls(requests, 'complete_calendar_write'), []);
  const fails = Object.fromEntries(rpcCalls(requests, 'fail_calendar_write').map((call) => [call.job_id, call]));
  assert.equal(
    fails.j1.error,
    `PUT ${EVENT} answered HTTP 207: 403 Forbidden for /h1/work/booking-b1.ics (max-resource-size)`,
  );
  assert.notEqual(fails.j1.retry_in_seconds, null);
  assert.match(fails.j2.error, /HTTP 207: 415 Unsupported Media Type for \/h1\/work\/booking-b2\.ics$/);
  assert.equal(fails.j2.retry_in_seconds, null, '415 cannot succeed later');
  assert.match(fails.j3.error, /answered HTTP 202 Accepted: not taken as done/);
  assert.notEqual(fails.j3.retry_in_seconds, null);
});

Deno.test(
  'writes for a Google host whose access was revoked: given up at once, the team told to reconnect',
  async () => {
    const googleJob = (id: string, booking = BOOKING) => {
      const base = job(id, 'put', 1, booking);
      return { ...base, host: { ...base.host, credential_key: 'google' } };
    };
    const logs: string[] = [];
    let claimed = false;
    const parts = run({
      ...rpcRoutes({
        claim_calendar_writes: () =>
          claimed ? [] : ((claimed = true), [googleJob('j1'), googleJob('j2', { ...BOOKING, id: 'b2' })]),
        fail_calendar_write: () => true,
      }),
      [`POST ${TOKEN_URL}`]: () => Response.json({ error: 'invalid_grant' }, { status: 400 }),
    });
    const summary = await writeDueCalendarEvents({
      database: parts.database,
      writer: parts.calendars,
      ...config,
      log: (line) => logs.push(line),
    });
    assert.deepEqual(summary, { claimed: 2, written: 0, retrying: 0, dead: 2 });
    for (const fail of rpcCalls(parts.requests, 'fail_calendar_write')) {
      assert.equal(fail.retry_in_seconds, null);
      assert.match(fail.error, /calendar account "google".*Reconnect this host.*CALDAV_ACCOUNTS\.google/);
    }
    assert.equal(parts.requests.filter((request) => request.url === TOKEN_URL).length, 1);
    assert.equal(parts.requests.filter((request) => request.url.startsWith('https://cal.test')).length, 0);
    const toDatabase = parts.requests.filter((request) => request.url.startsWith('http://db.invalid'));
    assert.doesNotMatch([...toDatabase.map((request) => request.body), ...logs].join('\n'), SECRETS);
  },
);

Deno.test('configuration: names what is missing or malformed, never a password', () => {
  assert.throws(
    () => readConfig({ SUPABASE_URL: 'http://x' }),
    new ConfigError(
      'calendar-sync is not configured: set SUPABASE_SERVICE_ROLE_KEY (or SUPABASE_SECRET_KEY), CALDAV_ACCOUNTS',
    ),
  );
  const base = { SUPABASE_URL: 'http://x', SUPABASE_SECRET_KEY: 'k' };
  assert.throws(() => readConfig({ ...base, CALDAV_ACCOUNTS: '{"a": secret}' }), /CALDAV_ACCOUNTS is not JSON$/);
  assert.throws(
    () => readConfig({ ...base, CALDAV_ACCOUNTS: '{"a": {"username": "u", "password": ""}}' }),
    /CALDAV_ACCOUNTS.a needs a username and a password/,
  );
  assert.throws(() => readConfig({ ...base, CALDAV_ACCOUNTS: '{}', CALDAV_TIMEOUT_MS: '-1' }), /CALDAV_TIMEOUT_MS/);
  assert.equal(config.supabaseUrl, 'http://db.invalid');
  assert.equal(config.maxWriteAttempts, 3);
});
