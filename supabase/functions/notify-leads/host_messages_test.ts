// deno test: the booking messages with hosts (issue 34), Resend stubbed at the fetch level. The invitation names a
// host who is a person as an ATTENDEE with ROLE=CHAIR (the ORGANIZER stays the team's sender, the UID and SEQUENCE
// rules unchanged), read back with ical.js; the default host leaves the messages as they were; the host's 1-hour
// reminder with the outcome link; the team's message when a calendar write was given up.
// Run: npm run test:functions
import assert from 'node:assert/strict';
import { BRAND_NAME, renderBookingMessage } from './booking-render.ts';
import {
  attachmentOf,
  BOOKING_ID,
  CONTEXT,
  GRACE,
  job,
  memoryQueue,
  OUTCOME_TOKEN,
  parse,
  resendStub,
  sendOne,
  TOKEN,
  UID,
  config,
} from './booking-test-kit.ts';
import { deliverDueBookingMessages } from './run.ts';

const CHAIR = 'Grace Hopper <mailto:grace@brightlane.test>';

Deno.test('the invitation names the host as the chair; ORGANIZER, UID and SEQUENCE as before', async () => {
  const { payload } = await sendOne(job('booked', 'visitor', { host: GRACE }));
  const text = String(payload.text);
  assert.ok(text.includes('You will meet Grace Hopper.'), text);
  const event = parse(attachmentOf(payload).text);
  assert.deepEqual(
    { method: event.method, uid: event.uid, sequence: event.sequence, organizer: event.organizer },
    { method: 'REQUEST', uid: UID, sequence: 0, organizer: 'mailto:leads@brightlane.test' },
  );
  assert.deepEqual(event.chairs, [CHAIR]);
  assert.deepEqual(event.attendees, ['mailto:grace@brightlane.test', 'mailto:ada@example.com']);
  assert.equal(event.summary, `Strategy call with Grace Hopper (${BRAND_NAME})`);

  // A move keeps the UID, raises the SEQUENCE and names the host who has the call now.
  const moved = parse(attachmentOf((await sendOne(job('moved', 'team', { host: GRACE }))).payload).text);
  assert.deepEqual([moved.uid, moved.sequence, moved.chairs], [UID, 1, [CHAIR]]);
  // The cancellation goes to the same attendees.
  const cancelled = parse(attachmentOf((await sendOne(job('cancelled', 'visitor', { host: GRACE }))).payload).text);
  assert.deepEqual([cancelled.method, cancelled.chairs], ['CANCEL', [CHAIR]]);
});

Deno.test('the team’s message says who hosts; a host who is also a team address is invited once', () => {
  const message = renderBookingMessage(job('booked', 'team', { host: GRACE }), CONTEXT);
  assert.ok(message.text.includes('Host: Grace Hopper (grace@brightlane.test)'), message.text);
  const founder = { ...GRACE, email: 'founder@brightlane.test' };
  const event = parse(renderBookingMessage(job('booked', 'team', { host: founder }), CONTEXT).attachments![0].content);
  assert.deepEqual(event.attendees, [
    'mailto:founder@brightlane.test',
    'mailto:ada@example.com',
    'mailto:sales@brightlane.test',
  ]);
});

Deno.test('the default host (no e-mail) is not named to the visitor nor invited', () => {
  const message = renderBookingMessage(job('booked', 'visitor'), CONTEXT);
  assert.ok(!message.text.includes('You will meet'));
  const event = parse(message.attachments![0].content);
  assert.deepEqual(event.chairs, []);
  assert.equal(event.summary, `Strategy call with ${BRAND_NAME}`);
  assert.ok(renderBookingMessage(job('booked', 'team'), CONTEXT).text.includes('Host: The Brightlane team\n'));
});

Deno.test(
  'the host’s 1-hour reminder: to the host, in their zone, with the outcome link and no visitor link',
  async () => {
    const { payload } = await sendOne(job('reminder_1h', 'host', { host: GRACE }));
    assert.deepEqual(payload.to, ['grace@brightlane.test']);
    assert.equal(payload.from, config.from);
    assert.equal(payload.reply_to, 'ada@example.com');
    // 23:00 UTC is 7:00 am in Perth (AWST, +8).
    assert.equal(payload.subject, 'In 1 hour: strategy call with Ada Lovelace (Acme Pty Ltd) at 7:00 am (Perth time)');
    const text = String(payload.text);
    assert.ok(text.includes('Thursday 26 November 2026 at 7:00 am Perth time (GMT+8)'), text);
    assert.ok(text.includes('Phone: +1 212 555 0100'));
    assert.ok(text.includes(`https://brightlane.test/call-outcome#${OUTCOME_TOKEN}`));
    assert.ok(!text.includes(TOKEN), 'the visitor’s change/cancel secret is not in the host’s reminder');
    assert.equal(payload.attachments, undefined);
  },
);

Deno.test('a host reminder for a host without an address is dead, not sent elsewhere', async () => {
  const { queue, state } = memoryQueue([job('reminder_1h', 'host')]);
  const resend = resendStub();
  await deliverDueBookingMessages({ queue, config, fetch: resend.fetch });
  assert.equal(state[0].status, 'dead');
  assert.match(state[0].errors[0], /no e-mail address/);
  assert.equal(resend.inbox.length, 0);
});

const write = (action: 'put' | 'delete') => ({
  action,
  sequence: 0,
  attempts: 30,
  last_error: 'HTTP 401 Unauthorized',
});

Deno.test('calendar_failed: the team is told which booking, host and error, and to add the call by hand', async () => {
  const { payload } = await sendOne(job('calendar_failed', 'team', { host: GRACE, calendar_write: write('put') }));
  assert.deepEqual(payload.to, ['sales@brightlane.test', 'founder@brightlane.test']);
  assert.equal(
    payload.subject,
    "Calendar not updated — Ada Lovelace (Acme Pty Ltd), Thu 26 Nov, 10:00 am (Grace Hopper's calendar)",
  );
  const text = String(payload.text);
  for (const line of [
    `Booking: ${BOOKING_ID}`,
    'Host: Grace Hopper (grace@brightlane.test)',
    'Error: HTTP 401 Unauthorized',
    'after 30 attempt(s)',
    "Add the call to Grace Hopper's calendar by hand",
    'npm run leads -- hosts',
  ]) {
    assert.ok(text.includes(line), `has "${line}":\n${text}`);
  }
  const event = parse(attachmentOf(payload).text);
  assert.deepEqual([event.method, event.uid, event.sequence, event.chairs], ['REQUEST', UID, 0, [CHAIR]]);
  assert.equal(event.start, '2026-11-25T23:00:00.000Z');
});

Deno.test(
  'calendar_failed for a delete says to remove the event; a put for a call cancelled since needs nothing',
  () => {
    const removal = renderBookingMessage(
      job('calendar_failed', 'team', { host: GRACE, calendar_write: write('delete') }),
      CONTEXT,
    );
    assert.match(
      removal.text,
      /Remove the call "Strategy call — Ada Lovelace \(Acme Pty Ltd\)" on .* from Grace Hopper's calendar by hand/,
    );
    assert.equal(removal.attachments, undefined);
    const base = job('calendar_failed', 'team', { host: GRACE, calendar_write: write('put') });
    const cancelled = renderBookingMessage({ ...base, booking: { ...base.booking!, status: 'cancelled' } }, CONTEXT);
    assert.ok(cancelled.text.includes('Nothing to add: the call has been cancelled since.'));
    assert.equal(cancelled.attachments, undefined);
  },
);
