// deno test: the signed webhook against a receiver that verifies with the standardwebhooks library (not our
// code): one event per change, the signature, the timestamp tolerance, a replayed or retried webhook-id taken
// once, and 410 turning the webhook off. Run: npm run test:functions
import assert from 'node:assert/strict';
import { Webhook } from 'npm:standardwebhooks@1.1.1';
import { SECRETS, SLOT, WEBHOOK_URL, world } from './testdata/world.ts';

const only = { targets: ['webhook' as const] };

Deno.test('webhook: one signed event per change, verified by the standardwebhooks library', async () => {
  const w = world(only);
  const lead = w.db.addLead({ name: ' Mary Ann  van der Berg ', email: 'Mary@Example.com', company: 'Acme' });
  const booking = w.db.book(lead, SLOT);
  w.db.move(booking, '2026-12-02T23:00:00.000Z', '2026-12-02T23:30:00.000Z');
  w.db.recordOutcome(booking, 'no_show');
  w.db.cancel(booking);
  assert.equal((await w.run()).synced, 5);
  const { processed, rejected } = w.receiver.state;
  assert.deepEqual(rejected, []);
  assert.deepEqual(
    processed.map(({ event }) => event.type),
    ['lead.created', 'booking.created', 'booking.moved', 'call.outcome', 'booking.cancelled'],
  );
  // The webhook-id is the change's job id.
  assert.deepEqual(
    processed.map(({ id }) => id),
    w.db.jobs.map((job) => job.id),
  );
  const created = processed[0].event;
  assert.equal(created.timestamp, '2026-11-28T09:00:00.000Z');
  assert.deepEqual(created.data.lead, {
    id: lead.split('/')[1],
    table: 'consultation_requests',
    created_at: '2026-11-28T09:00:00.000Z',
    request: 'strategy_call',
    name: 'Mary Ann van der Berg',
    first_name: 'Mary Ann',
    last_name: 'van der Berg',
    email: 'mary@example.com',
    company: 'Acme',
    phone: null,
    message: null,
    attribution: null,
  });
  assert.equal(created.data.booking, null);
  const moved = processed[2].event.data;
  assert.deepEqual(moved.change, {
    sequence: 1,
    starts_at: '2026-12-02T23:00:00.000Z',
    ends_at: '2026-12-02T23:30:00.000Z',
    previous_starts_at: SLOT.starts_at,
    outcome: null,
    recorded_at: null,
  });
  // Each event carries the booking as it is now (here: cancelled, a no-show recorded).
  assert.deepEqual([moved.booking?.status, moved.booking?.outcome], ['cancelled', 'no_show']);
  const request = w.webhookRequests[0];
  assert.equal(request.headers.get('content-type'), 'application/json');
  assert.equal(request.headers.get('webhook-timestamp'), String(Date.parse('2026-11-28T09:00:00Z') / 1000));
});

Deno.test(
  'webhook: a tampered body, another secret, an old timestamp and a replay are refused or ignored',
  async () => {
    const w = world(only);
    w.db.addLead({ name: 'Ada Lovelace', email: 'ada@example.com' });
    await w.run();
    const original = w.webhookRequests[0];
    const body = await original.clone().text();
    const headers = Object.fromEntries(original.headers.entries());
    const send = (payload: string, extra: Record<string, string> = {}) =>
      w.receiver.handler(
        new Request(WEBHOOK_URL, { method: 'POST', body: payload, headers: { ...headers, ...extra } }),
      );

    // A replay inside the tolerance: signature valid, id seen, so acknowledged and not processed again.
    assert.equal((await send(body)).status, 204);
    assert.deepEqual(w.receiver.state.replays, [headers['webhook-id']]);
    assert.equal(w.receiver.state.processed.length, 1);

    assert.equal((await send(body.replace('Ada', 'Eve'))).status, 400);
    const other = new Webhook('whsec_' + btoa('another secret of 24 bytes!'));
    const stamp = new Date(Number(headers['webhook-timestamp']) * 1000);
    assert.equal(
      (await send(body, { 'webhook-signature': other.sign(headers['webhook-id'], stamp, body) })).status,
      400,
    );

    // Six minutes later the same request is too old for the library's five-minute tolerance.
    w.db.advance(6 * 60);
    assert.equal((await send(body)).status, 400);
    // One from the future beyond it, even correctly signed, neither.
    const future = new Date(w.db.now + 6 * 60_000);
    const signer = new Webhook(SECRETS.webhook);
    const ahead = {
      'webhook-timestamp': String(Math.floor(future.getTime() / 1000)),
      'webhook-signature': signer.sign(headers['webhook-id'], future, body),
    };
    assert.equal((await send(body, ahead)).status, 400);
    assert.deepEqual(w.receiver.state.rejected, [
      'No matching signature found',
      'No matching signature found',
      'Message timestamp too old',
      'Message timestamp too new',
    ]);
    assert.equal(w.receiver.state.processed.length, 1);
  },
);

Deno.test('webhook: a retry carries the same webhook-id, freshly signed', async () => {
  const w = world(only);
  let answers = [503, 204];
  w.setReceiverStatus(() => answers.shift() ?? 204);
  w.db.addLead({ name: 'Ada Lovelace', email: 'ada@example.com' });
  assert.equal((await w.run()).retrying, 1);
  const [failed] = w.failCalls();
  assert.equal(failed.retry_in_seconds, 23);
  assert.equal(failed.error, 'webhook POST https://hooks.example.test answered HTTP 503');
  w.db.advance(23);
  assert.equal((await w.run()).synced, 1);
  const [first, second] = w.webhookRequests;
  assert.equal(first.headers.get('webhook-id'), second.headers.get('webhook-id'));
  assert.notEqual(first.headers.get('webhook-timestamp'), second.headers.get('webhook-timestamp'));
  assert.equal(w.receiver.state.processed.length, 1);
  answers = [];
});

Deno.test('webhook: 410 Gone turns the webhook off and tells the team once', async () => {
  const w = world(only);
  w.setReceiverStatus(() => 410);
  w.db.addLead({ name: 'Ada Lovelace', email: 'ada@example.com' });
  w.db.addLead({ name: 'Grace Hopper', email: 'grace@example.com' });
  const summary = await w.run();
  assert.deepEqual([summary.off, summary.retrying], [2, 0]);
  const stops = w.failCalls().filter((call) => call.stop);
  assert.deepEqual(
    stops.map((call) => call.stop),
    ['off'],
  );
  assert.match(stops[0].error, /410 Gone, so the webhook is turned off: set a new CRM_WEBHOOK_URL/);
  assert.deepEqual(
    w.db.notifications.map((notification) => notification.payload.turned_off),
    [true],
  );
  assert.notEqual(w.db.targets.get('webhook')!.turnedOffAt, null);
  // The other change claimed in the same run is given up too, with the reason, and was not sent.
  assert.deepEqual(
    w.db.jobs.map((job) => job.status),
    ['dead', 'dead'],
  );
  assert.match(w.db.jobs[1].lastError!, /^not tried: The webhook was turned off: the webhook receiver answered 410/);
  assert.equal(w.webhookRequests.length, 1);
  assert.equal((await w.run()).claimed, 0);
});
