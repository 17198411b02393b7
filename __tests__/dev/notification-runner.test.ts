/** @jest-environment node */
// `npm run backend` runs the notify-leads Edge Function under real Deno against the local data API and
// delivers to the local mail sink: every lead arrives exactly once, also when the sink fails for a while; a
// booked call's messages arrive with their invitations saved beside them, and reminders when they fall due; a held
// lead gets none of its own, and the hour's digest of held leads arrives once with a release link that works.
import { callEventUid } from '../../src/features/booking/calendar-event';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ICAL from 'ical.js';
import { startNotificationRunner, type NotificationRunner } from '../../dev/notifications/runner';
import {
  bookingVisitor,
  EVERY_HOUR_OF_EVERY_DAY,
  freeSlots,
  holdAndConfirm,
  setAvailability,
} from '../helpers/booking';
import { LOCAL_SUPABASE_SERVICE_ROLE_KEY, startTestApi, uniqueEmail, type TestApi } from '../helpers/local-api';
import { waitUntil } from '../helpers/wait-until';
import { moreRuns } from '../helpers/function-runs';

let api: TestApi;
let runner: NotificationRunner;
let mailDir: string;
const lines: string[] = [];
jest.setTimeout(60_000);

beforeAll(async () => {
  mailDir = await mkdtemp(path.join(tmpdir(), 'local-mail-'));
  api = await startTestApi({ backend: 'pglite' });
  // Every lead's own notification waits a minute to be judged (a flood's first minute: the last test here, and
  // __tests__/contract/submission-rules.test.ts); the delivery tests let each go at once.
  await api.sql('update private.lead_guard_settings set settle_after_per_minute = 1000');
  runner = await startNotificationRunner({
    apiUrl: api.url,
    serviceKey: LOCAL_SUPABASE_SERVICE_ROLE_KEY,
    mailDir,
    intervalMs: 300,
    log: (line) => lines.push(line),
  });
}, 90_000);
afterAll(async () => {
  await runner?.close();
  await api?.close();
  await rm(mailDir, { recursive: true, force: true });
});

/** The error with the runner's output added: a wait that times out shows what the runner did meanwhile. */
const withOutput = (error: Error) => {
  throw new Error(`${error.message}\n${lines.join('\n')}`);
};
/** waitUntil, with the runner's output in the error when it times out. */
const waitFor = <T>(what: string, read: () => T | undefined | Promise<T | undefined>, timeoutMs = 15_000) =>
  waitUntil(what, read, { timeoutMs, intervalMs: 100 }).catch(withOutput);

/** Two more runs of the function, begun after now (helpers/function-runs.ts): what it had to send has been sent. */
const twoMoreRuns = () => moreRuns(runner).catch(withOutput);

const messagesTo = (email: string) => runner.sink.messages.filter((message) => message.replyTo === email);

test('a stored lead becomes one .eml file in the sink and one console line, and its job is sent', async () => {
  const lead = {
    name: 'Ada Lovelace',
    email: uniqueEmail('RunnerBook'),
    company: 'Acme Pty Ltd',
    phone: '',
    message: '',
  };
  expect((await api.anon.from('consultation_requests').insert(lead)).error).toBeNull();
  const [message] = await waitFor('the e-mail', () =>
    messagesTo(lead.email).length ? messagesTo(lead.email) : undefined,
  );
  expect(message.subject).toBe('New strategy call request — Acme Pty Ltd');
  const eml = await readFile(message.file, 'utf8');
  expect(eml).toContain(`Reply-To: ${lead.email}`);
  expect(path.dirname(message.file)).toBe(mailDir);
  expect(await readdir(mailDir)).toContain(path.basename(message.file));
  expect(lines).toContainEqual(expect.stringContaining(`mail: "New strategy call request — Acme Pty Ltd"`));
  const sent = await waitFor('the job to be marked sent', async () => {
    const [job] = await api.sql<{ status: string; provider_message_id: string }>(
      `select n.status, n.provider_message_id from private.outbox n
         join public.consultation_requests c on c.id = n.lead_id where c.email = $1`,
      [lead.email],
    );
    return job?.status === 'sent' ? job : undefined;
  });
  expect(sent.provider_message_id).toBe(message.id);
});

test('with the sink failing for several attempts, the lead is delivered exactly once after it recovers', async () => {
  runner.sink.failNext(3, 503);
  const before = runner.sink.requestCount();
  const lead = { name: 'Grace Hopper', email: uniqueEmail('RunnerOutage'), message: 'Problem: Other' };
  expect((await api.anon.from('contact_messages').insert(lead)).error).toBeNull();
  await waitFor('the e-mail', () => (messagesTo(lead.email).length ? true : undefined), 30_000);
  expect(runner.sink.requestCount() - before).toBeGreaterThanOrEqual(4);
  // Later runs find nothing more to send.
  await twoMoreRuns();
  expect(messagesTo(lead.email)).toHaveLength(1);
  const [job] = await api.sql<{ status: string; attempts: number }>(
    `select n.status, n.attempts from private.outbox n join public.contact_messages c on c.id = n.lead_id
      where c.email = $1`,
    [lead.email],
  );
  expect(job).toEqual({ status: 'sent', attempts: 4 });
});

test("held leads: no message of their own; the hour's digest arrives once with a release link that works", async () => {
  const lead = { name: 'Held Hopper', email: uniqueEmail('RunnerHeld'), message: 'Problem: Other', honeypot: 'x' };
  expect((await api.anon.from('contact_messages').insert(lead)).error).toBeNull();
  // The digest is due a minute after the hour ends: bring it forward, as the end of the hour would.
  await api.sql(`update private.outbox set next_attempt_at = now() where kind = 'held_digest'`);
  const digest = await waitFor('the digest', () =>
    runner.sink.messages.find(
      (message) => message.subject.startsWith('Held leads:') && message.text.includes(lead.email),
    ),
  );
  expect(digest.to).toEqual(['sales@brightlane.local']);
  const token = /http:\/\/127\.0\.0\.1:8000\/release-lead#([0-9a-f]{64})/.exec(digest.text)?.[1];
  expect(token).toBeDefined();
  expect(digest.html).toContain(`href="http://127.0.0.1:8000/release-lead#${token}"`);
  expect(messagesTo(lead.email)).toEqual([]);

  const { data } = await api.anon.rpc('release_held_lead_by_token', { token: token! });
  expect(data).toMatchObject({ status: 'released', name: lead.name });
  await waitFor("the released lead's notification", () => (messagesTo(lead.email).length ? true : undefined));
  await twoMoreRuns();
  expect(messagesTo(lead.email)).toHaveLength(1);
  expect(messagesTo(lead.email)[0].text).toContain('released');
  expect(runner.sink.messages.filter((message) => message.subject.startsWith('Held leads:'))).toHaveLength(1);
});

describe('booking messages', () => {
  const HOUR = 3600_000;

  async function bookedCall(hoursAhead: number) {
    await setAvailability(api, { weeklyHours: EVERY_HOUR_OF_EVERY_DAY, minimumNotice: '0' });
    const visitor = await bookingVisitor(api);
    await api.sql(`update public.consultation_requests set phone = '+61 400 111 222' where email = $1`, [
      visitor.email,
    ]);
    const [slot] = await freeSlots(visitor, { from_time: new Date(Date.now() + hoursAhead * HOUR).toISOString() });
    const booked = await holdAndConfirm(visitor, slot.starts_at, 'America/New_York');
    expect(booked.status).toBe('booked');
    return { visitor, booked };
  }

  /** The invitation as a calendar program reads it. */
  function readInvitation(ics: string) {
    const calendar = new ICAL.Component(ICAL.parse(ics));
    const event = calendar.getFirstSubcomponent('vevent')!;
    return {
      method: calendar.getFirstPropertyValue('method'),
      uid: event.getFirstPropertyValue('uid'),
      sequence: event.getFirstPropertyValue('sequence'),
      start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
    };
  }

  test('a booked call reaches the visitor and the team with invitations saved beside the messages', async () => {
    const { visitor, booked } = await bookedCall(72);
    const forVisitor = await waitFor('the visitor’s message', () =>
      runner.sink.messages.find((message) => message.to.includes(visitor.email)),
    );
    const forTeam = await waitFor('the team’s message', () =>
      runner.sink.messages.find(
        (message) => message.replyTo === visitor.email && message.subject.startsWith('Call booked'),
      ),
    );
    expect(forVisitor.text).toContain(`http://127.0.0.1:8000/booking#${booked.manage_token}`);
    expect(forTeam.text).toContain('Phone: +61 400 111 222 (for a reminder call)');
    for (const message of [forVisitor, forTeam]) {
      expect(message.attachments).toHaveLength(1);
      const [attachment] = message.attachments;
      expect(attachment.contentType).toBe('text/calendar; method=REQUEST; charset=utf-8');
      expect(path.dirname(attachment.file)).toBe(mailDir);
      const ics = await readFile(attachment.file, 'utf8');
      expect(readInvitation(ics)).toEqual({
        method: 'REQUEST',
        uid: callEventUid(booked.booking_id!),
        sequence: 0,
        start: new Date(booked.starts_at!).toISOString(),
      });
      const eml = await readFile(message.file, 'utf8');
      expect(eml).toContain('Content-Type: multipart/mixed');
      expect(eml).toContain('Content-Type: text/calendar; method=REQUEST; charset=utf-8; name="invite.ics"');
    }
  });

  test('reminders go out when they fall due, not before; a cancellation sends CANCEL and stops them', async () => {
    const { visitor, booked } = await bookedCall(72);
    const toVisitor = () => runner.sink.messages.filter((message) => message.to.includes(visitor.email));
    await waitFor('the invitation', () => (toVisitor().length === 1 ? true : undefined));
    // The 1-hour reminder's time comes (moved to now); the 24-hour one is still days away.
    await api.sql(
      `update private.outbox set next_attempt_at = now() where queue = 'booking_message' and booking_id = $1 and kind = 'reminder_1h'`,
      [booked.booking_id],
    );
    const reminder = await waitFor('the reminder', () =>
      toVisitor().find((message) => message.subject.startsWith('In 1 hour')),
    );
    expect(reminder.text).toContain(`/booking#${booked.manage_token}`);
    expect(reminder.attachments).toEqual([]);

    expect((await visitor.call('cancel_booking', { token: booked.manage_token })).status).toBe('cancelled');
    const cancel = await waitFor('the cancellation', () =>
      toVisitor().find((message) => message.subject.startsWith('Cancelled')),
    );
    const ics = await readFile(cancel.attachments[0].file, 'utf8');
    expect(readInvitation(ics)).toMatchObject({ method: 'CANCEL', sequence: 1 });
    // The e-mail reaches the sink before its job is marked sent: the jobs are read once none is still being sent.
    const jobs = await waitFor('the visitor’s jobs to settle', async () => {
      const rows = await api.sql<{ kind: string; status: string }>(
        `select kind, status from private.outbox where queue = 'booking_message' and booking_id = $1 and recipient = 'visitor' order by queue_position`,
        [booked.booking_id],
      );
      return rows.some((row) => row.status === 'sending') ? undefined : rows;
    });
    expect(jobs).toEqual([
      { kind: 'booked', status: 'sent' },
      { kind: 'reminder_1h', status: 'sent' },
      { kind: 'cancelled', status: 'sent' },
    ]);
    expect(toVisitor().filter((message) => message.subject.startsWith('Reminder'))).toEqual([]);
  });
});

test("with the database's own setting a lead's e-mail waits for its minute, then arrives once", async () => {
  await api.sql('update private.lead_guard_settings set settle_after_per_minute = 0');
  try {
    const lead = { name: 'Mary Somerville', email: uniqueEmail('RunnerWait'), company: 'Kelp Co', message: 'Hi' };
    expect((await api.anon.from('contact_messages').insert(lead)).error).toBeNull();
    // Runs that find it stored send nothing yet.
    await twoMoreRuns();
    expect(messagesTo(lead.email)).toEqual([]);
    // The minute passes.
    await api.sql(
      `update private.outbox n set next_attempt_at = now(), settle_until = now()
         from public.contact_messages c where c.id = n.lead_id and c.email = $1`,
      [lead.email],
    );
    await waitFor('the e-mail', () => (messagesTo(lead.email).length ? true : undefined));
    await twoMoreRuns();
    expect(messagesTo(lead.email)).toHaveLength(1);
  } finally {
    await api.sql('update private.lead_guard_settings set settle_after_per_minute = 1000');
  }
});
