// The booking messages' test kit (booking_test.ts, host_messages_test.ts): the function's settings, one booking's
// claimed jobs, Resend at the fetch level, the outbox in memory, and the invitation read back with a real calendar
// parser (ical.js, Mozilla's, from the repository's node_modules). Not a test file: Deno runs *_test.ts only.
import { bookingUid } from '../_shared/booking-uid.ts';
import assert from 'node:assert/strict';
import ICAL from 'npm:ical.js@2.2.1';
import type { BookingContext } from './booking-render.ts';
import { readConfig, type NotifyConfig } from './config.ts';
import type { BookingHost, BookingMessageKind, BookingQueue, BookingRecipient, ClaimedBookingJob } from './queue.ts';
import { deliverDueBookingMessages } from './run.ts';

export const ENV = {
  SUPABASE_URL: 'http://db.invalid',
  SUPABASE_SERVICE_ROLE_KEY: 'service-key',
  RESEND_API_KEY: 're_test',
  RESEND_API_URL: 'https://resend.test',
  NOTIFY_TO: 'sales@brightlane.test, founder@brightlane.test',
  NOTIFY_FROM: 'Brightlane leads <leads@brightlane.test>',
  BOOKING_FROM: 'Brightlane AI <calls@brightlane.test>',
  SITE_URL: 'https://brightlane.test/',
  NOTIFY_PROVIDER_TIMEOUT_MS: '50',
};
export const config: NotifyConfig = readConfig(ENV);

export const BOOKING_ID = '5f0c3f5e-2b1a-4c57-9a55-0f3f9e2c1b02';
export const TOKEN = 'a'.repeat(64);
export const OUTCOME_TOKEN = 'b'.repeat(64);
/** The host standing for the team until people are added (20261126100000_booking_hosts.sql). */
export const TEAM_HOST: BookingHost = {
  id: '1a2b3c4d-0000-4000-8000-000000000001',
  name: 'The Brightlane team',
  email: null,
  time_zone: 'Australia/Sydney',
};
/** A host who is a person, in another zone than the team's. */
export const GRACE: BookingHost = {
  id: '1a2b3c4d-0000-4000-8000-000000000002',
  name: 'Grace Hopper',
  email: 'grace@brightlane.test',
  time_zone: 'Australia/Perth',
};
export const REQUEST = {
  id: '7d0c3f5e-2b1a-4c57-9a55-0f3f9e2c1a01',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: 'Acme Pty Ltd',
  phone: '+1 212 555 0100',
  message: 'We get 300 leads a month.',
  created_at: '2026-11-23T03:04:05.000Z',
};

// Thursday 26 November 2026, 10:00 in Sydney (AEDT, +11) = 23:00 UTC on the 25th = 6:00 pm in New York (EST, -5).
export const FIRST = { starts: '2026-11-25T23:00:00Z', ends: '2026-11-25T23:30:00Z' };
export const MOVED = { starts: '2026-11-26T03:00:00Z', ends: '2026-11-26T03:30:00Z' };

export function job(
  kind: BookingMessageKind,
  recipient: BookingRecipient,
  overrides: Partial<ClaimedBookingJob> = {},
): ClaimedBookingJob {
  const sequence = { booked: 0, moved: 1, cancelled: 2, reminder_24h: 0, reminder_1h: 0, calendar_failed: 0 }[kind];
  const time = kind === 'moved' || kind === 'cancelled' ? MOVED : FIRST;
  return {
    job_id: `job-${kind}-${recipient}`,
    claim_token: 'token',
    kind,
    recipient,
    sequence,
    starts_at: time.starts,
    ends_at: time.ends,
    previous_starts_at: kind === 'moved' ? FIRST.starts : null,
    attempts: 1,
    queued_at: '2026-11-23T03:04:06.000Z',
    booking: {
      id: BOOKING_ID,
      status: kind === 'cancelled' ? 'cancelled' : 'booked',
      email: REQUEST.email,
      visitor_time_zone: 'America/New_York',
      starts_at: time.starts,
      sequence,
      manage_token: recipient === 'visitor' ? TOKEN : null,
      outcome_token: recipient === 'host' ? OUTCOME_TOKEN : null,
    },
    request: REQUEST,
    team: { time_zone: 'Australia/Sydney', call_minutes: 30 },
    host: TEAM_HOST,
    calendar_write: null,
    ...overrides,
  };
}

export const CONTEXT: BookingContext = {
  siteUrl: 'https://brightlane.test',
  team: config.to,
  teamFrom: config.from,
  visitorFrom: config.bookingFrom,
  now: new Date('2026-11-23T03:05:00Z'),
};

type Sent = { headers: Headers; payload: Record<string, unknown> };

/** Resend at the fetch level, keyed by Idempotency-Key as Resend does; `script` decides each call's fate. */
export function resendStub(script: (call: number) => 'ok' | 500 = () => 'ok') {
  const inbox: Sent[] = [];
  const byKey = new Map<string, string>();
  let calls = 0;
  const fetchStub = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    assert.equal(String(input), 'https://resend.test/emails');
    const fate = script(++calls);
    if (fate !== 'ok') return Promise.resolve(new Response('{"message":"down"}', { status: fate }));
    const headers = new Headers(init?.headers);
    const key = headers.get('Idempotency-Key') ?? '';
    let id = byKey.get(key);
    if (!id) {
      id = `email-${inbox.length + 1}`;
      byKey.set(key, id);
      inbox.push({ headers, payload: JSON.parse(String(init?.body)) as Record<string, unknown> });
    }
    return Promise.resolve(Response.json({ id }));
  };
  return { fetch: fetchStub as typeof fetch, inbox, calls: () => calls };
}

/** The outbox's rules in memory for a list of claimed jobs. */
export function memoryQueue(jobs: ClaimedBookingJob[]) {
  const state = jobs.map((claimed) => ({ claimed, status: 'pending', due: 0, errors: [] as string[] }));
  let clock = 0;
  const queue: BookingQueue = {
    claim(batchSize) {
      const due = state.filter((entry) => entry.status === 'pending' && entry.due <= clock).slice(0, batchSize);
      for (const entry of due) entry.status = 'sending';
      return Promise.resolve(due.map((entry) => entry.claimed));
    },
    complete(claimed) {
      const entry = state.find((candidate) => candidate.claimed === claimed)!;
      entry.status = 'sent';
      return Promise.resolve(true);
    },
    fail(claimed, error, retryIn) {
      const entry = state.find((candidate) => candidate.claimed === claimed)!;
      entry.errors.push(error);
      entry.status = retryIn === null ? 'dead' : 'pending';
      entry.due = clock + (retryIn ?? 0);
      return Promise.resolve(true);
    },
  };
  return { queue, state, advance: () => (clock += 10_000) };
}

export const decode = (base64: string) =>
  new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));

export function attachmentOf(payload: Record<string, unknown>) {
  const attachments = payload.attachments as { filename: string; content: string; content_type: string }[];
  assert.equal(attachments.length, 1);
  return { ...attachments[0], text: decode(attachments[0].content) };
}

/** The invitation as a calendar reads it. */
export function parse(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const event = calendar.getFirstSubcomponent('vevent');
  assert.ok(event, 'the calendar has an event');
  const time = (name: string) => (event.getFirstPropertyValue(name) as ICAL.Time).toJSDate().toISOString();
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: event.getFirstPropertyValue('sequence'),
    status: event.getFirstPropertyValue('status'),
    start: time('dtstart'),
    end: time('dtend'),
    summary: event.getFirstPropertyValue('summary'),
    description: event.getFirstPropertyValue('description'),
    url: event.getFirstPropertyValue('url'),
    organizer: String(event.getFirstPropertyValue('organizer')).replace(/^mailto:/i, 'mailto:'),
    // A URI's scheme is case-insensitive (ical-generator writes MAILTO:).
    attendees: event
      .getAllProperties('attendee')
      .map((property) => String(property.getFirstValue()).replace(/^mailto:/i, 'mailto:')),
    /** Attendees with ROLE=CHAIR (the host), as "Name <mailto:…>". */
    chairs: event
      .getAllProperties('attendee')
      .filter((property) => property.getParameter('role') === 'CHAIR')
      .map(
        (property) =>
          `${property.getParameter('cn')} <${String(property.getFirstValue()).replace(/^mailto:/i, 'mailto:')}>`,
      ),
  };
}

export async function sendOne(claimed: ClaimedBookingJob) {
  const { queue, state } = memoryQueue([claimed]);
  const resend = resendStub();
  const summary = await deliverDueBookingMessages({ queue, config, fetch: resend.fetch, now: () => CONTEXT.now! });
  assert.deepEqual(summary, { claimed: 1, sent: 1, retrying: 0, dead: 0 });
  assert.equal(state[0].status, 'sent');
  assert.equal(resend.inbox.length, 1);
  return resend.inbox[0];
}

export const UID = bookingUid(BOOKING_ID);
export const LINK = `https://brightlane.test/booking#${TOKEN}`;
