// deno test: the run's failure rules across targets: Retry-After honoured (and the target's other changes wait
// as long), a revoked HubSpot token pausing HubSpot once while the other targets go on, a target on without
// credentials sending nothing, transient failures for a day pausing, and no secret in any log line or error.
// Run: npm run test:functions
import assert from 'node:assert/strict';
import { CrmError, requestJson, retryAfterSeconds } from './http.ts';
import { ADA, SECRETS, SLOT, world } from './testdata/world.ts';

const V = '2026-09';

Deno.test('run: 429 with Retry-After is honoured, and the target’s other changes wait as long', async () => {
  const w = world({ targets: ['hubspot'] });
  w.hubspot.fail(`POST /crm/objects/${V}/contacts/batch/read`, {
    status: 429,
    headers: { 'retry-after': '17' },
    body: {
      status: 'error',
      message: 'You have reached your secondly limit.',
      errorType: 'RATE_LIMIT',
      policyName: 'SECONDLY',
    },
  });
  w.db.addLead(ADA);
  w.db.addLead({ name: 'Grace Hopper', email: 'grace@example.com' });
  assert.deepEqual(await w.run(), { claimed: 2, synced: 0, retrying: 2, paused: 0, off: 0, lost: 0 });
  const fails = w.failCalls();
  assert.deepEqual(
    fails.map((call) => [call.retry_in_seconds, call.stop]),
    [
      [17, null],
      [17, null],
    ],
  );
  assert.match(fails[0].error, /answered HTTP 429 \(You have reached your secondly limit\.\)/);
  assert.match(fails[1].error, /^not tried: HubSpot asked to wait/);
  assert.equal(w.hubspot.state.requests.length, 1);
  w.db.advance(16);
  assert.equal((await w.run()).claimed, 0, 'not before the 17 seconds');
  w.db.advance(1);
  assert.equal((await w.run()).synced, 2);
});

Deno.test('run: Retry-After as an HTTP date, and none', () => {
  const now = new Date('2026-11-28T09:00:00Z');
  assert.equal(retryAfterSeconds('Sat, 28 Nov 2026 09:01:30 GMT', now), 90);
  assert.equal(retryAfterSeconds('0', now), 1);
  assert.equal(retryAfterSeconds(null, now), undefined);
  assert.equal(retryAfterSeconds('soon', now), undefined);
});

Deno.test('run: a revoked HubSpot token pauses HubSpot and tells the team once; Pipedrive goes on', async () => {
  const w = world({ targets: ['hubspot', 'pipedrive'] });
  const first = w.db.addLead(ADA);
  await w.run();
  w.hubspot.revoke();
  w.db.book(first, SLOT);
  w.db.addLead({ name: 'Grace Hopper', email: 'grace@example.com' });
  w.db.addLead({ name: 'Alan Turing', email: 'alan@example.com' });
  const summary = await w.run();
  assert.deepEqual([summary.paused, summary.synced], [1, 3]);
  const stops = w.failCalls().filter((call) => call.stop === 'pause');
  assert.equal(stops.length, 1, 'told once');
  assert.match(stops[0].error, /^reconnect HubSpot: HUBSPOT_ACCESS_TOKEN was refused/);
  assert.match(stops[0].error, /INVALID_AUTHENTICATION/);
  assert.deepEqual(
    w.db.notifications.map((notification) => [notification.kind, notification.payload.target]),
    [['crm_failed', 'hubspot']],
  );
  const pending = w.db.jobsOf('hubspot').filter((job) => job.status === 'pending');
  assert.equal(pending.length, 3, 'kept, not lost');
  assert.equal(w.db.jobsOf('pipedrive').filter((job) => job.status === 'sent').length, 4);

  // Reconnected and resumed: the kept changes go through.
  w.hubspot.state.revoked = false;
  assert.equal(w.db.resume('hubspot'), 3);
  w.db.advance(60);
  assert.equal((await w.run()).synced, 3);
  assert.equal(w.hubspot.state.meetings.size, 1);
});

Deno.test('run: a target turned on without its secrets sends nothing and pauses saying which to set', async () => {
  const w = world({ env: { HUBSPOT_ACCESS_TOKEN: undefined, CRM_WEBHOOK_SECRET: 'not-a-whsec' } });
  w.db.addLead(ADA);
  const summary = await w.run();
  assert.deepEqual([summary.paused, summary.synced], [2, 1]);
  assert.equal(w.hubspot.state.requests.length, 0);
  assert.equal(w.webhookRequests.length, 0);
  const errors = Object.fromEntries(
    w.failCalls().map((call) => [w.db.jobs.find((job) => job.id === call.job_id)!.target, call.error]),
  );
  assert.equal(
    errors.hubspot,
    'HubSpot is turned on but not configured: set the HUBSPOT_ACCESS_TOKEN secret (a HubSpot service key)',
  );
  assert.match(errors.webhook, /CRM_WEBHOOK_SECRET must be whsec_/);
  assert.doesNotMatch(errors.webhook, /not-a-whsec/);
  assert.equal(w.pipedrive.state.persons.size, 1);
});

Deno.test('run: with no target on, nothing is queued and nothing sent', async () => {
  const w = world({ targets: [] });
  w.db.book(w.db.addLead(ADA), SLOT);
  assert.equal((await w.run()).claimed, 0);
  assert.deepEqual(
    [w.hubspot.state.requests.length, w.pipedrive.state.requests.length, w.webhookRequests.length],
    [0, 0, 0],
  );
});

Deno.test('run: a target failing transiently for a day is paused', async () => {
  const w = world({ targets: ['hubspot'], env: { CRM_PAUSE_AFTER_ATTEMPTS: '5' } });
  w.hubspot.fail(`POST /crm/objects/${V}/contacts/batch/read`, { status: 503, times: 1000 });
  w.db.addLead(ADA);
  const delays: number[] = [];
  for (let round = 0; round < 40 && w.db.targets.get('hubspot')!.pausedAt === null; round += 1) {
    await w.run();
    const last = w.failCalls().at(-1)!;
    if (last.retry_in_seconds) delays.push(last.retry_in_seconds);
    w.db.advance(last.retry_in_seconds ?? 0);
  }
  const last = w.failCalls().at(-1)!;
  assert.equal(last.stop, 'pause');
  assert.match(last.error, /^HubSpot has been failing for 2\d hours \(check its status, then resume\)/);
  assert.deepEqual(delays.slice(0, 4), [23, 45, 90, 180], 'backoff, with jitter (here: half)');
  assert.ok(delays.every((delay) => delay <= 3600));
  assert.equal(w.db.notifications.length, 1);
});

Deno.test('run: no secret in any log line, error or notification', async () => {
  const w = world();
  w.hubspot.revoke();
  w.pipedrive.fail('GET /api/v2/persons/search', { status: 429, headers: { 'retry-after': '5' } });
  w.setReceiverStatus(() => 404);
  w.db.addLead(ADA);
  await w.run();
  w.db.advance(5);
  w.pipedrive.revoke();
  await w.run();
  const said = [
    ...w.logs,
    ...w.failCalls().map((call) => call.error),
    ...w.db.notifications.map((notification) => JSON.stringify(notification.payload)),
  ].join('\n');
  assert.equal(w.db.notifications.length, 3);
  for (const secret of [SECRETS.hubspot, SECRETS.pipedrive, SECRETS.webhook, SECRETS.webhookPath, SECRETS.serviceKey]) {
    assert.ok(!said.includes(secret), `a secret (${secret.slice(0, 4)}…) leaked`);
  }
  assert.match(
    said,
    /the webhook receiver rejected the event \(is CRM_WEBHOOK_URL its address\?\) — webhook POST https:\/\/hooks\.example\.test answered HTTP 404/,
  );
  assert.doesNotMatch(said, /ada@example\.com/i, 'nor the visitor’s e-mail');
});

Deno.test('run: a timeout or a dropped connection is tried again later', async () => {
  const attempt = (error: Error) =>
    requestJson(
      { fetch: () => Promise.reject(error), timeoutMs: 1000 },
      { method: 'GET', url: 'https://api.hubapi.test/x', headers: {}, what: 'HubSpot GET /x' },
      () => 'never',
    );
  for (const [error, said] of [
    [new DOMException('Signal timed out.', 'TimeoutError'), 'HubSpot GET /x timed out'],
    [new TypeError('error sending request: connection reset'), 'HubSpot GET /x could not connect'],
  ] as const) {
    await assert.rejects(
      attempt(error),
      (thrown: unknown) => thrown instanceof CrmError && thrown.action === 'retry' && thrown.message === said,
    );
  }
});

Deno.test('run: a change whose lease ran out mid-run is left to the run that took it over', async () => {
  const w = world({ targets: ['hubspot'] });
  w.db.addLead(ADA);
  let stolen = false;
  w.db.beforeRpc = (name) => {
    if (name !== 'record_crm_remote_id' || stolen) return;
    stolen = true;
    w.db.advance(121);
    assert.equal(w.db.claim_crm_changes({}).length, 1);
  };
  assert.deepEqual(await w.run(), { claimed: 1, synced: 0, retrying: 0, paused: 0, off: 0, lost: 1 });
  assert.equal(w.failCalls().length, 0);
  assert.equal(w.db.calls.filter((call) => call.name === 'complete_crm_change').length, 0);
  assert.match(w.logs.join('\n'), /was taken over by another run/);
});
