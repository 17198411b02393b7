// deno test: the Pipedrive target against its stateful fake: the person found by exact e-mail or created once, a
// lead (found again by its origin_id) with a note, one meeting activity per call following the booking, and a
// regenerated token pausing the target with what to fix. Run: npm run test:functions
import assert from 'node:assert/strict';
import { ADA, SLOT, world } from './testdata/world.ts';

const only = { targets: ['pipedrive' as const] };

Deno.test('pipedrive: a request and its call are one person, a lead with a note, and a meeting activity', async () => {
  const w = world(only);
  const lead = w.db.addLead(ADA);
  const booking = w.db.book(lead, SLOT);
  assert.equal((await w.run()).synced, 2);

  const [person, ...others] = w.pipedrive.state.persons.values();
  assert.equal(others.length, 0);
  assert.deepEqual(
    [person.name, person.emails],
    ['Ada Lovelace', [{ value: 'ada@example.com', primary: true, label: 'work' }]],
  );
  const [pdLead] = w.pipedrive.state.leads.values();
  assert.deepEqual(
    [pdLead.title, pdLead.person_id, pdLead.origin_id, pdLead.channel_id],
    ['Strategy call: Ada Lovelace (Analytical Engines Ltd)', person.id, `Request ${lead}`, 'newsletter'],
  );
  const [note] = w.pipedrive.state.notes.values();
  assert.equal(note.lead_id, pdLead.id);
  assert.match(note.content, /Our leads die in a spreadsheet\./);

  const [activity, ...more] = w.pipedrive.state.activities.values();
  assert.equal(more.length, 0);
  assert.deepEqual(
    [activity.type, activity.due_date, activity.due_time, activity.duration, activity.done, activity.owner_id],
    ['meeting', '2026-12-01', '23:00', '00:30', false, 7],
  );
  assert.deepEqual([activity.person_id, activity.lead_id], [person.id, pdLead.id]);
  assert.equal(activity.subject, 'Strategy call with Ada Lovelace (Analytical Engines Ltd)');
  assert.deepEqual(w.db.remote('pipedrive', lead, booking), {
    person: String(person.id),
    lead: pdLead.id,
    note: String(note.id),
    activity: String(activity.id),
  });
  // The token only ever in the header; persons searched by exact e-mail (v2).
  assert.ok(w.pipedrive.state.requests.every((request) => !request.path.includes('api_token')));
  assert.ok(
    w.pipedrive.state.requests.some(
      (request) =>
        request.path === '/api/v2/persons/search?term=ada%40example.com&fields=email&exact_match=true&limit=1',
    ),
  );
});

Deno.test(
  'pipedrive: a host without an e-mail address (the default host) leaves the activity to the API user',
  async () => {
    const w = world(only);
    const lead = w.db.addLead(ADA);
    w.db.book(lead, { ...SLOT, host: { ...SLOT.host, email: null } });
    assert.equal((await w.run()).synced, 2);
    const [activity] = w.pipedrive.state.activities.values();
    assert.equal(activity.owner_id, 1, "the token's user, as Pipedrive does with no owner given");
    assert.equal(w.pipedrive.state.requests.filter((request) => request.path.includes('/users/find')).length, 0);
  },
);

Deno.test(
  'pipedrive: a person merged away since the lead was synced: the call goes to the one it was merged into',
  async () => {
    const w = world(only);
    const lead = w.db.addLead(ADA);
    assert.equal((await w.run()).synced, 1);
    const [merged] = w.pipedrive.state.persons.values();
    w.pipedrive.state.persons.delete(merged.id);
    w.pipedrive.state.persons.set(4242, { ...merged, id: 4242, name: 'Ada Lovelace (merged)' });
    const booking = w.db.book(lead, SLOT);
    assert.equal((await w.run()).synced, 1, 'not paused');
    const [activity] = w.pipedrive.state.activities.values();
    assert.equal(activity.person_id, 4242);
    assert.equal(w.db.remote('pipedrive', lead, booking).person, '4242');
    assert.equal(w.pipedrive.state.persons.size, 1);
  },
);

Deno.test('pipedrive: two requests with the same e-mail in different case make one person', async () => {
  const w = world(only);
  w.db.addLead({ name: 'Ada Lovelace', email: 'ADA@example.com' });
  w.db.addLead({ name: 'Ada Lovelace', email: ' ada@example.COM ', request: 'demo' });
  await Promise.all([w.run(), w.run()]);
  assert.equal(w.pipedrive.state.persons.size, 1);
  assert.equal(w.pipedrive.state.leads.size, 2, 'a lead per request');
});

Deno.test('pipedrive: a 5xx after Pipedrive wrote makes no second person, lead or activity', async () => {
  const w = world(only);
  w.pipedrive.fail('POST /api/v2/persons', { status: 500, afterWrite: true });
  w.pipedrive.fail('POST /api/v1/leads', { status: 502, afterWrite: true });
  w.pipedrive.fail('POST /api/v2/activities', { status: 503, afterWrite: true });
  const lead = w.db.addLead(ADA);
  w.db.book(lead, SLOT);
  for (let round = 0; round < 5 && w.db.jobs.some((job) => job.status !== 'sent'); round += 1) {
    await w.run();
    w.db.advance(3600);
  }
  assert.ok(w.db.jobs.every((job) => job.status === 'sent'));
  const { persons, leads, notes, activities } = w.pipedrive.state;
  assert.deepEqual([persons.size, leads.size, notes.size, activities.size], [1, 1, 1, 1]);
});

Deno.test('pipedrive: a no-show is written on the activity, moved and attended mark it done', async () => {
  const w = world(only);
  const lead = w.db.addLead(ADA);
  const booking = w.db.book(lead, SLOT);
  await w.run();
  w.db.recordOutcome(booking, 'no_show');
  await w.run();
  const [activity] = w.pipedrive.state.activities.values();
  assert.equal(activity.subject, 'No-show: Strategy call with Ada Lovelace (Analytical Engines Ltd)');
  assert.equal(activity.done, false, 'left open for a follow-up');
  assert.match(String(activity.note), /did not show up/);
  w.db.recordOutcome(booking, 'moved');
  await w.run();
  assert.equal(activity.subject, 'Moved: Strategy call with Ada Lovelace (Analytical Engines Ltd)');
  assert.equal(activity.done, true);
  assert.match(String(activity.note), /another time/);
  w.db.recordOutcome(booking, 'attended');
  await w.run();
  assert.equal(w.pipedrive.state.activities.size, 1);
  assert.equal(activity.subject, 'Strategy call with Ada Lovelace (Analytical Engines Ltd)');
  assert.equal(activity.done, true);
});

Deno.test('pipedrive: moves and a cancellation update the one activity', async () => {
  const w = world(only);
  const lead = w.db.addLead(ADA);
  const booking = w.db.book(lead, SLOT);
  await w.run();
  w.db.move(booking, '2026-12-02T08:15:00.000Z', '2026-12-02T09:15:00.000Z');
  await w.run();
  const [activity] = w.pipedrive.state.activities.values();
  assert.deepEqual([activity.due_date, activity.due_time, activity.duration], ['2026-12-02', '08:15', '01:00']);
  w.db.cancel(booking);
  await w.run();
  assert.equal(w.pipedrive.state.activities.size, 1);
  assert.deepEqual(
    [activity.subject, activity.done, activity.busy],
    ['Cancelled: Strategy call with Ada Lovelace (Analytical Engines Ltd)', true, false],
  );
});

Deno.test('pipedrive: a regenerated token pauses Pipedrive once, saying what to fix', async () => {
  const w = world(only);
  w.pipedrive.revoke();
  w.db.addLead(ADA);
  w.db.addLead({ name: 'Grace Hopper', email: 'grace@example.com' });
  const summary = await w.run();
  assert.deepEqual([summary.paused, summary.retrying], [1, 1]);
  const stops = w.failCalls().filter((call) => call.stop === 'pause');
  assert.equal(stops.length, 1);
  assert.match(stops[0].error, /^the Pipedrive API token was regenerated or revoked/);
  assert.match(stops[0].error, /PIPEDRIVE_API_TOKEN/);
  assert.equal(w.pipedrive.state.requests.length, 1, 'the second change was not tried');
  assert.equal(w.db.notifications.length, 1);
  assert.equal((await w.run()).claimed, 0, 'paused: nothing more is claimed');
});
