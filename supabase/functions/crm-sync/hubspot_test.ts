// deno test: the HubSpot target against its stateful fake, through the real run, RPC and HTTP code and the fake
// database: one contact per e-mail, nothing overwritten, one meeting per booking whatever fails when, the
// meeting's outcome following the booking. Run: npm run test:functions
import assert from 'node:assert/strict';
import { ADA, SLOT, world } from './testdata/world.ts';

const V = '2026-09';
const only = { targets: ['hubspot' as const] };

Deno.test('hubspot: a request and its call are one contact, a note and one meeting owned by the host', async () => {
  const w = world(only);
  const lead = w.db.addLead({ ...ADA, request: 'demo' });
  const booking = w.db.book(lead, SLOT);
  assert.deepEqual(await w.run(), { claimed: 2, synced: 2, retrying: 0, paused: 0, off: 0, lost: 0 });

  const [contact, ...others] = w.hubspot.state.contacts.values();
  assert.equal(others.length, 0);
  assert.deepEqual(
    { ...contact.properties },
    {
      email: 'ada@example.com',
      firstname: 'Ada',
      lastname: 'Lovelace',
      company: 'Analytical Engines Ltd',
      phone: '+44 20 7946 0000',
      lifecyclestage: 'lead',
      hubspot_owner_id: '501',
    },
  );
  const [note] = w.hubspot.state.notes.values();
  assert.match(note.properties.hs_note_body, /Demo request from the website/);
  assert.match(note.properties.hs_note_body, /Our leads die in a spreadsheet\./);
  assert.match(note.properties.hs_note_body, /utm_source: newsletter/);
  assert.ok(note.associations.has(`contacts/${contact.id}`));

  const [meeting, ...more] = w.hubspot.state.meetings.values();
  assert.equal(more.length, 0);
  assert.deepEqual(
    [
      meeting.properties.hs_meeting_title,
      meeting.properties.hs_timestamp,
      meeting.properties.hs_meeting_start_time,
      meeting.properties.hs_meeting_end_time,
      meeting.properties.hs_meeting_outcome,
      meeting.properties.hubspot_owner_id,
    ],
    [
      'Demo with Ada Lovelace (Analytical Engines Ltd)',
      SLOT.starts_at,
      SLOT.starts_at,
      SLOT.ends_at,
      'SCHEDULED',
      '501',
    ],
  );
  assert.ok(meeting.associations.has(`contacts/${contact.id}`));
  assert.deepEqual(w.db.remote('hubspot', lead, booking), { contact: contact.id, note: note.id, meeting: meeting.id });
  // The host was found by e-mail once, lower-cased; the date-versioned paths only.
  const paths = w.hubspot.state.requests.map((request) => request.path);
  assert.deepEqual(
    paths.filter((path) => path.startsWith('/crm/owners')),
    [`/crm/owners/${V}?email=alice%40example.com&limit=1`],
  );
  assert.ok(paths.every((path) => path.startsWith(`/crm/objects/${V}/`) || path.startsWith(`/crm/owners/${V}`)));
});

Deno.test('hubspot: two requests with the same e-mail in different case at once make one contact', async () => {
  for (const holdsOrder of [true, false]) {
    const w = world(only);
    // Without the database's ordering too: HubSpot's upsert by e-mail is what makes one contact then.
    w.db.holdsOrder = holdsOrder;
    w.db.addLead({ name: 'Ada Lovelace', email: 'ADA@example.com ' });
    w.db.addLead({ name: 'Ada Lovelace', email: ' ada@EXAMPLE.com', request: 'demo', message: 'Pricing?' });
    const runs = await Promise.all([w.run(), w.run()]);
    assert.equal(runs[0].synced + runs[1].synced, 2, `holdsOrder ${holdsOrder}`);
    assert.equal(w.hubspot.state.contacts.size, 1);
    assert.equal([...w.hubspot.state.contacts.values()][0].properties.email, 'ada@example.com');
    assert.equal(w.hubspot.state.notes.size, 2, 'a note per request');
  }
});

Deno.test('hubspot: never overwrites a property that has a value, nor the contact owner', async () => {
  const w = world(only);
  w.hubspot.state.contacts.set('77', {
    id: '77',
    properties: { email: 'ada@example.com', firstname: 'Augusta', hubspot_owner_id: '502', lifecyclestage: 'customer' },
    associations: new Set(),
  });
  const lead = w.db.addLead(ADA);
  w.db.book(lead, SLOT);
  await w.run();
  assert.deepEqual(
    { ...w.hubspot.state.contacts.get('77')!.properties },
    {
      email: 'ada@example.com',
      firstname: 'Augusta',
      hubspot_owner_id: '502',
      lifecyclestage: 'customer',
      lastname: 'Lovelace',
      company: 'Analytical Engines Ltd',
      phone: '+44 20 7946 0000',
    },
  );
  const upserts = w.hubspot.state.requests.filter((request) => request.path.endsWith('/contacts/batch/upsert'));
  assert.equal(upserts.length, 1, 'the booking found nothing left to fill');
  assert.deepEqual(
    Object.keys((upserts[0].body as { inputs: { properties: Record<string, string> }[] }).inputs[0].properties).sort(),
    ['company', 'lastname', 'phone'],
  );
  // The meeting is the host's all the same.
  assert.equal([...w.hubspot.state.meetings.values()][0].properties.hubspot_owner_id, '501');
});

Deno.test('hubspot: a 5xx after HubSpot wrote makes no second meeting, note or contact', async () => {
  const w = world(only);
  for (const type of ['meetings', 'notes']) {
    w.hubspot.fail(`POST /crm/objects/${V}/${type}`, { status: 502, afterWrite: true });
  }
  w.hubspot.fail(`POST /crm/objects/${V}/contacts/batch/upsert`, { status: 504, afterWrite: true });
  const lead = w.db.addLead(ADA);
  const booking = w.db.book(lead, SLOT);
  for (let round = 0; round < 4 && w.db.jobs.some((job) => job.status !== 'sent'); round += 1) {
    await w.run();
    w.db.advance(3600);
  }
  assert.ok(w.db.jobs.every((job) => job.status === 'sent'));
  assert.deepEqual(
    [w.hubspot.state.contacts.size, w.hubspot.state.notes.size, w.hubspot.state.meetings.size],
    [1, 1, 1],
  );
  assert.equal(w.db.remote('hubspot', lead, booking).meeting, [...w.hubspot.state.meetings.keys()][0]);
  assert.deepEqual(
    w.failCalls().map((call) => [call.retry_in_seconds, call.stop, call.error.replace(/ \(.*/, '')]),
    [
      [23, null, `HubSpot POST /crm/objects/${V}/contacts/batch/upsert answered HTTP 504`],
      [45, null, `HubSpot POST /crm/objects/${V}/notes answered HTTP 502`],
      [23, null, `HubSpot POST /crm/objects/${V}/meetings answered HTTP 502`],
    ],
  );
});

Deno.test('hubspot: a crash between creating the meeting and storing its id makes no second meeting', async () => {
  const w = world(only);
  const lead = w.db.addLead(ADA);
  await w.run();
  const booking = w.db.book(lead, SLOT);
  // The run dies right after HubSpot made the meeting: neither the id nor the failure reaches the database.
  w.db.outages.set('record_crm_remote_id', 1);
  w.db.outages.set('fail_crm_change', 1);
  await assert.rejects(w.run(), /fail_crm_change failed: HTTP 503/);
  assert.equal(w.hubspot.state.meetings.size, 1);
  assert.equal(w.db.remote('hubspot', lead, booking).meeting, undefined);

  // Its lease runs out; the next run finds the meeting by the booking's line instead of making another.
  w.db.advance(121);
  assert.equal((await w.run()).synced, 1);
  const [id] = w.hubspot.state.meetings.keys();
  assert.equal(w.hubspot.state.meetings.size, 1);
  assert.equal(w.db.remote('hubspot', lead, booking).meeting, id);
  assert.equal(w.db.jobs.find((job) => job.bookingId === booking)!.attempts, 2);
});

Deno.test('hubspot: a reschedule chain moves the one meeting, and its cancellation marks it cancelled', async () => {
  const w = world(only);
  const lead = w.db.addLead(ADA);
  const booking = w.db.book(lead, SLOT);
  await w.run();
  w.db.move(booking, '2026-12-02T23:00:00.000Z', '2026-12-02T23:30:00.000Z');
  w.db.move(booking, '2026-12-03T01:00:00.000Z', '2026-12-03T01:45:00.000Z');
  assert.equal((await w.run()).synced, 2);
  const [meeting] = w.hubspot.state.meetings.values();
  assert.equal(w.hubspot.state.meetings.size, 1);
  assert.deepEqual(
    [meeting.properties.hs_meeting_start_time, meeting.properties.hs_meeting_end_time, meeting.properties.hs_timestamp],
    ['2026-12-03T01:00:00.000Z', '2026-12-03T01:45:00.000Z', '2026-12-03T01:00:00.000Z'],
  );
  assert.equal(meeting.properties.hs_meeting_outcome, 'RESCHEDULED');
  w.db.cancel(booking);
  await w.run();
  assert.equal(meeting.properties.hs_meeting_outcome, 'CANCELED');
  assert.equal(w.hubspot.state.meetings.size, 1);
  assert.equal(
    w.hubspot.state.requests.filter((request) => request.path === `/crm/objects/${V}/meetings/${meeting.id}`).length,
    3,
    'two moves and the cancel, each one update',
  );
});

Deno.test('hubspot: a call cancelled before its create was synced arrives as one cancelled meeting', async () => {
  const w = world(only);
  const lead = w.db.addLead(ADA);
  const booking = w.db.book(lead, SLOT);
  w.db.cancel(booking);
  assert.equal((await w.run()).synced, 3);
  const [meeting] = w.hubspot.state.meetings.values();
  assert.equal(w.hubspot.state.meetings.size, 1);
  assert.equal(meeting.properties.hs_meeting_outcome, 'CANCELED');
});

Deno.test('hubspot: a no-show changed to moved, then back to attended, updates the same meeting', async () => {
  const w = world(only);
  const lead = w.db.addLead(ADA);
  const booking = w.db.book(lead, SLOT);
  await w.run();
  w.db.advance(86_400);
  w.db.recordOutcome(booking, 'no_show');
  await w.run();
  const [meeting] = w.hubspot.state.meetings.values();
  assert.equal(meeting.properties.hs_meeting_outcome, 'NO_SHOW');
  w.db.advance(600);
  w.db.recordOutcome(booking, 'moved');
  await w.run();
  assert.equal(meeting.properties.hs_meeting_outcome, 'RESCHEDULED');
  w.db.advance(600);
  w.db.recordOutcome(booking, 'attended');
  await w.run();
  assert.equal(w.hubspot.state.meetings.size, 1);
  assert.equal(meeting.properties.hs_meeting_outcome, 'COMPLETED');
});

Deno.test('hubspot: a host who is no HubSpot user leaves the meeting and contact without an owner', async () => {
  const w = world(only);
  const lead = w.db.addLead(ADA);
  w.db.book(lead, { ...SLOT, host: { ...SLOT.host, email: 'carol@example.com' } });
  assert.equal((await w.run()).synced, 2);
  assert.equal([...w.hubspot.state.meetings.values()][0].properties.hubspot_owner_id, undefined);
  assert.equal([...w.hubspot.state.contacts.values()][0].properties.hubspot_owner_id, undefined);
});

Deno.test(
  'hubspot: a host without an e-mail address (the default host) leaves the meeting without an owner',
  async () => {
    const w = world(only);
    const lead = w.db.addLead(ADA);
    w.db.book(lead, { ...SLOT, host: { ...SLOT.host, email: null } });
    assert.equal((await w.run()).synced, 2);
    assert.equal(w.hubspot.state.meetings.size, 1);
    assert.equal([...w.hubspot.state.meetings.values()][0].properties.hubspot_owner_id, undefined);
    assert.equal(w.hubspot.state.requests.filter((request) => request.path.includes('/owners/')).length, 0);
  },
);

Deno.test('hubspot: a meeting a salesperson deleted is left deleted, and HubSpot goes on', async () => {
  const w = world(only);
  const lead = w.db.addLead(ADA);
  const booking = w.db.book(lead, SLOT);
  await w.run();
  w.hubspot.state.meetings.clear();
  w.db.cancel(booking);
  assert.equal((await w.run()).synced, 1);
  assert.equal(w.hubspot.state.meetings.size, 0);
  assert.equal(w.db.targets.get('hubspot')!.pausedAt, null);
  assert.match(w.logs.at(-1)!, /synced \(meeting \d+ was deleted in HubSpot and is left deleted\)$/);
});
