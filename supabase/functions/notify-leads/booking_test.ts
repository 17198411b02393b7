// deno test: the booking messages (issue 33) with Resend stubbed at the fetch level. The invitations are read
// back with a real calendar parser (ical.js, Mozilla's, from the repository's node_modules): the method, the UID,
// the SEQUENCE and the same instants. Times in the e-mails across daylight-saving changes (New York, Lord Howe).
// Run: npm run test:functions
import assert from 'node:assert/strict';
import { BRAND_NAME, describeTime, renderBookingMessage } from './booking-render.ts';
import {
  attachmentOf,
  BOOKING_ID,
  config,
  CONTEXT,
  ENV,
  job,
  LINK,
  memoryQueue,
  parse,
  REQUEST,
  resendStub,
  sendOne,
  TOKEN,
  UID,
} from './booking-test-kit.ts';
import { readConfig } from './config.ts';
import { deliverDueBookingMessages } from './run.ts';

Deno.test(
  'booked: the visitor gets METHOD:REQUEST with the stable UID, SEQUENCE 0, the times and the link',
  async () => {
    const { headers, payload } = await sendOne(job('booked', 'visitor'));
    assert.equal(headers.get('Idempotency-Key'), 'job-booked-visitor');
    assert.deepEqual(payload.to, ['ada@example.com']);
    assert.equal(payload.from, 'Brightlane AI <calls@brightlane.test>');
    assert.equal(payload.reply_to, 'sales@brightlane.test');
    assert.equal(
      payload.subject,
      `Your strategy call with ${BRAND_NAME} is booked: Wed 25 Nov, 6:00 pm (New York time)`,
    );
    const text = String(payload.text);
    assert.match(text, /^Hello Ada Lovelace,/);
    assert.ok(text.includes('booked for Wednesday 25 November 2026 at 6:00 pm New York time (GMT-5).'), text);
    assert.ok(
      text.includes('For our team in Sydney that is Thursday 26 November 2026 at 10:00 am Sydney time (GMT+11).'),
    );
    assert.ok(text.includes(LINK));
    assert.ok(String(payload.html).includes(`<a href="${LINK}">`));

    const attachment = attachmentOf(payload);
    assert.equal(attachment.filename, 'invite.ics');
    assert.equal(attachment.content_type, 'text/calendar; method=REQUEST; charset=utf-8');
    const event = parse(attachment.text);
    assert.deepEqual(
      { method: event.method, uid: event.uid, sequence: event.sequence, status: event.status },
      { method: 'REQUEST', uid: UID, sequence: 0, status: 'CONFIRMED' },
    );
    assert.equal(event.start, '2026-11-25T23:00:00.000Z');
    assert.equal(event.end, '2026-11-25T23:30:00.000Z');
    assert.equal(event.url, LINK);
    assert.equal(event.organizer, 'mailto:leads@brightlane.test');
    assert.deepEqual(event.attendees, ['mailto:ada@example.com']);
    // Times in UTC, as RFC 5545 writes them.
    assert.match(attachment.text, /\r\nDTSTART:20261125T230000Z\r\n/);
  },
);

Deno.test('moved: the same UID with a higher SEQUENCE and the new time, to the visitor and the team', async () => {
  for (const recipient of ['visitor', 'team'] as const) {
    const { payload } = await sendOne(job('moved', recipient));
    const event = parse(attachmentOf(payload).text);
    assert.deepEqual(
      { method: event.method, uid: event.uid, sequence: event.sequence, start: event.start, end: event.end },
      { method: 'REQUEST', uid: UID, sequence: 1, start: '2026-11-26T03:00:00.000Z', end: '2026-11-26T03:30:00.000Z' },
    );
    const text = String(payload.text);
    if (recipient === 'visitor') {
      assert.equal(
        payload.subject,
        `Your strategy call with ${BRAND_NAME} has moved to Wed 25 Nov, 10:00 pm (New York time)`,
      );
      assert.ok(text.includes('(It was Wednesday 25 November 2026 at 6:00 pm New York time (GMT-5).)'), text);
    } else {
      assert.equal(payload.subject, 'Call moved — Acme Pty Ltd, now Thu 26 Nov, 2:00 pm (Sydney time)');
      assert.ok(text.includes('Moved from: Thursday 26 November 2026 at 10:00 am Sydney time (GMT+11)'), text);
    }
  }
});

Deno.test('cancelled: METHOD:CANCEL with STATUS:CANCELLED and the highest SEQUENCE, to both', async () => {
  for (const recipient of ['visitor', 'team'] as const) {
    const { payload } = await sendOne(job('cancelled', recipient));
    const attachment = attachmentOf(payload);
    assert.equal(attachment.filename, 'cancel.ics');
    assert.equal(attachment.content_type, 'text/calendar; method=CANCEL; charset=utf-8');
    const event = parse(attachment.text);
    assert.deepEqual(
      { method: event.method, uid: event.uid, sequence: event.sequence, status: event.status, start: event.start },
      { method: 'CANCEL', uid: UID, sequence: 2, status: 'CANCELLED', start: '2026-11-26T03:00:00.000Z' },
    );
  }
});

Deno.test('the team’s message: its own zone, the visitor’s time and zone, the phone for a reminder call', async () => {
  const { payload } = await sendOne(job('booked', 'team'));
  assert.deepEqual(payload.to, ['sales@brightlane.test', 'founder@brightlane.test']);
  assert.equal(payload.from, 'Brightlane leads <leads@brightlane.test>');
  assert.equal(payload.reply_to, 'ada@example.com');
  assert.equal(payload.subject, 'Call booked — Acme Pty Ltd, Thu 26 Nov, 10:00 am (Sydney time)');
  const text = String(payload.text);
  for (const line of [
    'When: Thursday 26 November 2026 at 10:00 am Sydney time (GMT+11)',
    'Visitor’s time: Wednesday 25 November 2026 at 6:00 pm New York time (GMT-5), zone America/New_York',
    'Phone: +1 212 555 0100 (for a reminder call)',
    'E-mail: ada@example.com',
    `Booking ${BOOKING_ID}`,
  ]) {
    assert.ok(text.includes(line), `team text has "${line}":\n${text}`);
  }
  assert.ok(!text.includes(TOKEN), 'the visitor’s link is not in the team’s message');
  const event = parse(attachmentOf(payload).text);
  assert.equal(event.url, null);
  assert.deepEqual(event.attendees, [
    'mailto:ada@example.com',
    'mailto:sales@brightlane.test',
    'mailto:founder@brightlane.test',
  ]);
  assert.match(String(event.description), /Phone: \+1 212 555 0100/);
  // Without a phone the message says so.
  const without = await sendOne(job('booked', 'team', { request: { ...REQUEST, phone: '' } }));
  assert.ok(String(without.payload.text).includes('Phone: — (none given)'));
});

Deno.test('reminders go to the visitor with the change/cancel link and no second invitation', async () => {
  const day = await sendOne(job('reminder_24h', 'visitor'));
  assert.equal(
    day.payload.subject,
    `Reminder: your strategy call with ${BRAND_NAME}, Wed 25 Nov, 6:00 pm (New York time)`,
  );
  assert.ok(String(day.payload.text).includes(LINK));
  assert.equal(day.payload.attachments, undefined);
  const hour = await sendOne(job('reminder_1h', 'visitor'));
  assert.equal(hour.payload.subject, `In 1 hour: your strategy call with ${BRAND_NAME} at 6:00 pm (New York time)`);
  assert.ok(
    String(hour.payload.text).includes('starts in 1 hour: Wednesday 25 November 2026 at 6:00 pm New York time'),
  );
  assert.ok(String(hour.payload.text).includes(LINK));
});

Deno.test('RFC 5545 form: CRLF line ends, lines folded at 75 octets, visitor text escaped and read back intact', () => {
  const hostile = {
    ...REQUEST,
    name: 'Eve "Q"; Mallory,\r\nATTENDEE:mailto:victim@example.com',
    company: 'Évian Société Générale Très Longue Raison Sociale Internationale; Pty, Ltd\nEND:VEVENT',
  };
  const message = renderBookingMessage(job('booked', 'team', { request: hostile }), CONTEXT);
  const ics = message.attachments![0].content;
  assert.ok(ics.endsWith('\r\n'));
  assert.ok(!/[^\r]\n/.test(ics), 'every line ends with CRLF');
  for (const line of ics.split('\r\n')) {
    assert.ok(new TextEncoder().encode(line).length <= 75, `line within 75 octets: ${line}`);
  }
  const event = parse(ics);
  assert.equal(event.summary, `Strategy call — ${hostile.company}`);
  assert.deepEqual(event.attendees, [
    'mailto:ada@example.com',
    'mailto:sales@brightlane.test',
    'mailto:founder@brightlane.test',
  ]);
  assert.equal(ics.match(/^END:VEVENT$/gm)?.length, 1);
  assert.doesNotMatch(String(message.subject), /[\r\n]/);
  assert.ok(!message.html.includes('"Q"'), 'quotes escaped in HTML');
});

Deno.test('visitor times across daylight-saving changes come from the zone, never a fixed offset', () => {
  // New York leaves daylight time on Sunday 1 November 2026: 10:00 am is GMT-4 the Friday before and GMT-5 after.
  assert.equal(
    describeTime(new Date('2026-10-30T14:00:00Z'), 'America/New_York'),
    'Friday 30 October 2026 at 10:00 am New York time (GMT-4)',
  );
  assert.equal(
    describeTime(new Date('2026-11-02T15:00:00Z'), 'America/New_York'),
    'Monday 2 November 2026 at 10:00 am New York time (GMT-5)',
  );
  // Lord Howe Island moves by 30 minutes on Sunday 4 October 2026: +10:30 before, +11 after.
  assert.equal(
    describeTime(new Date('2026-10-02T23:30:00Z'), 'Australia/Lord_Howe'),
    'Saturday 3 October 2026 at 10:00 am Lord Howe time (GMT+10:30)',
  );
  assert.equal(
    describeTime(new Date('2026-10-05T23:00:00Z'), 'Australia/Lord_Howe'),
    'Tuesday 6 October 2026 at 10:00 am Lord Howe time (GMT+11)',
  );
  assert.equal(
    describeTime(new Date('2026-11-25T23:00:00Z'), 'Asia/Kathmandu'),
    'Thursday 26 November 2026 at 4:45 am Kathmandu time (GMT+5:45)',
  );
  // A visitor in New York booking across the US change: the e-mail shows the local time with that day's zone,
  // and the invitation carries the same instant.
  const message = renderBookingMessage(
    job('booked', 'visitor', { starts_at: '2026-11-02T15:00:00Z', ends_at: '2026-11-02T15:30:00Z' }),
    CONTEXT,
  );
  assert.ok(message.text.includes('Monday 2 November 2026 at 10:00 am New York time (GMT-5)'));
  assert.ok(message.text.includes('Tuesday 3 November 2026 at 2:00 am Sydney time (GMT+11)'));
  assert.equal(parse(message.attachments![0].content).start, '2026-11-02T15:00:00.000Z');
});

Deno.test('a failing provider is retried and the message still goes out once; a vanished booking is dead', async () => {
  const { queue, state, advance } = memoryQueue([job('booked', 'visitor'), job('booked', 'team', { booking: null })]);
  const resend = resendStub((call) => (call === 1 ? 500 : 'ok'));
  for (let run = 0; run < 4; run++) {
    await deliverDueBookingMessages({ queue, config, fetch: resend.fetch, random: () => 0.5 });
    advance();
  }
  assert.equal(resend.inbox.length, 1);
  assert.deepEqual(
    state.map((entry) => entry.status),
    ['sent', 'dead'],
  );
  assert.match(state[1].errors[0], /no longer exists/);
});

Deno.test(
  'without SITE_URL nothing is claimed: the messages wait rather than go out without a working link',
  async () => {
    const { queue, state } = memoryQueue([job('booked', 'visitor')]);
    const lines: string[] = [];
    const resend = resendStub();
    const unset = readConfig({ ...ENV, SITE_URL: '' });
    const summary = await deliverDueBookingMessages({
      queue,
      config: unset,
      fetch: resend.fetch,
      log: (line) => lines.push(line),
    });
    assert.deepEqual(summary, { claimed: 0, sent: 0, retrying: 0, dead: 0 });
    assert.equal(state[0].status, 'pending');
    assert.match(lines[0], /set SITE_URL/);
    assert.throws(() => readConfig({ ...ENV, SITE_URL: 'brightlane.test/booking' }), /SITE_URL must be/);
  },
);
