// Lead notifications end to end with the local stack: a /contact request, a /book request and a chat
// booking made in a real browser each reach the local mail sink as exactly one message within 10 s, through
// the notify-leads Edge Function running under Deno as `npm run backend` runs it; with the sink failing
// for several attempts, each is still delivered exactly once after it recovers; and a time booked and then
// cancelled in the browser sends the visitor and the team one invitation each, then its CANCEL (issue 33); with
// HubSpot turned on, that call reaches a stateful HubSpot fake through crm-sync as one contact and one meeting, and
// its cancellation as one update of that meeting (issue 46).
import ICAL from 'ical.js';
import type { Page } from 'playwright-core';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startNotificationRunner, type NotificationRunner } from '../../dev/notifications/runner';
import { LOCAL_SUPABASE_SERVICE_ROLE_KEY, uniqueEmail } from '../helpers/local-api';
import { DESKTOP, openPage } from './setup/browser';
import { leadHarnessForThisFile } from './setup/lead-harness';
import {
  TEXT,
  bookThroughChat,
  bookingValues,
  chatAnswers,
  contactValues,
  fillBookingForm,
  fillContactForm,
  openChat,
  submitBooking,
  submitContact,
  waitForChatText,
} from './setup/lead-surfaces';
import { gotoHydrated } from './setup/wait';
import { bookFirstTime, requestCall } from './setup/book-time';
import { bookingCopy } from '../helpers/booking-copy';
import { bookingUid } from '../../supabase/functions/_shared/booking-uid';
import type { SunkMessage } from '../../dev/notifications/mail-sink';
import { waitUntil } from '../helpers/wait-until';
import { moreRuns } from '../helpers/function-runs';
import { serveFetchHandler } from '../helpers/serve-fetch-handler';
import { startCrmSyncRunner } from '../../dev/crm/runner';
import { hubspotFake } from '../../supabase/functions/crm-sync/testdata/hubspot-fake';

const harness = leadHarnessForThisFile();
let runner: NotificationRunner;
let mailDir: string;

beforeAll(async () => {
  // Every lead's own notification waits a minute to be judged (a flood's first minute:
  // __tests__/contract/submission-rules.test.ts, __tests__/dev/notification-runner.test.ts); here each goes at once.
  await harness.api.sql(`update private.lead_guard_settings set settle_after_per_minute = 1000`);
  mailDir = await mkdtemp(path.join(tmpdir(), 'local-mail-browser-'));
  runner = await startNotificationRunner({
    apiUrl: harness.api.url,
    serviceKey: LOCAL_SUPABASE_SERVICE_ROLE_KEY,
    mailDir,
    intervalMs: 500,
    log: () => undefined,
  });
}, 90_000);
afterAll(async () => {
  await runner?.close();
  await rm(mailDir, { recursive: true, force: true });
});

type Surface = { name: string; subject: RegExp; send(page: Page, email: string): Promise<void> };

const SURFACES: Surface[] = [
  {
    name: '/contact',
    subject: /^New demo request — Analytical Engines$/,
    async send(page, email) {
      await gotoHydrated(page, harness.site.url + '/contact');
      await fillContactForm(page, contactValues(email));
      await submitContact(page);
      await page.getByText(TEXT.contactSuccess).waitFor({ timeout: 30_000 });
    },
  },
  {
    name: '/book',
    subject: /^New strategy call request — Compilers Inc$/,
    async send(page, email) {
      await gotoHydrated(page, harness.site.url + '/book');
      await fillBookingForm(page, bookingValues(email));
      await submitBooking(page);
      await page.getByText(TEXT.bookingSuccess).waitFor({ timeout: 30_000 });
    },
  },
  {
    name: 'chat',
    subject: /^New strategy call request — Bletchley Ltd$/,
    async send(page, email) {
      await gotoHydrated(page, harness.site.url + '/');
      await openChat(page);
      await bookThroughChat(page, chatAnswers(email));
      await waitForChatText(page, TEXT.chatSuccess, 30_000);
    },
  },
];

const messagesFor = (email: string) => runner.sink.messages.filter((message) => message.replyTo === email);

/** When the first message for `email` reached the sink. */
const waitForMessage = async (email: string, timeoutMs: number) =>
  (await waitUntil(`a message for ${email}`, () => messagesFor(email)[0], { timeoutMs, intervalMs: 100 })).receivedAt;

async function sendThrough(surface: Surface, label: string): Promise<{ email: string; storedAt: number }> {
  const { context, page } = await openPage(harness.browser, DESKTOP);
  const email = uniqueEmail(`${label}-${surface.name.replace(/\W/g, '')}`);
  try {
    await surface.send(page, email).catch(async (error: Error) => {
      const alert = await page.getByRole('alert').allInnerTexts();
      throw new Error(`${surface.name} not sent (${alert.join(' | ')}): ${error.message}`);
    });
    return { email, storedAt: Date.now() };
  } finally {
    await context.close();
  }
}

it.each(SURFACES)(
  'a $name request reaches the local sink as exactly one message within 10 s',
  async (surface) => {
    const { email, storedAt } = await sendThrough(surface, 'notify');
    // Waited for longer than the 10 s it must take, so that a late message fails on how late it was.
    const deliveredAt = await waitForMessage(email, 20_000);
    expect(deliveredAt - storedAt).toBeLessThan(10_000);
    // Later runs send nothing more.
    await moreRuns(runner);
    const messages = messagesFor(email);
    expect(messages).toHaveLength(1);
    expect(messages[0].subject).toMatch(surface.subject);
    if (surface.name === 'chat') expect(messages[0].text).toContain('Received through: the chat assistant');
  },
  60_000,
);

it('with the sink failing for several attempts, each lead is delivered exactly once after it recovers', async () => {
  runner.sink.failNext(6, 503);
  const sent: string[] = [];
  for (const surface of SURFACES) sent.push((await sendThrough(surface, 'outage')).email);
  for (const email of sent) await waitForMessage(email, 30_000);
  await moreRuns(runner);
  for (const email of sent) expect(messagesFor(email)).toHaveLength(1);
  const jobs = await harness.api.sql<{ status: string; failed: number }>(
    `select n.status, n.attempts - 1 as failed from private.outbox n
       left join public.consultation_requests b on b.id = n.lead_id
       left join public.contact_messages c on c.id = n.lead_id
      where coalesce(b.email, c.email) = any ($1::text[])`,
    [sent],
  );
  expect(jobs.map((job) => job.status)).toEqual(['sent', 'sent', 'sent']);
  // Every refused request was an attempt on one of these jobs, recorded as a failed attempt.
  expect(jobs.reduce((total, job) => total + job.failed, 0)).toBe(6);
}, 120_000);

/** The calendar invitation a message carries, as the recipient's calendar reads it. */
function invitation(message: SunkMessage) {
  const ics = message.attachments.find((attachment) => attachment.contentType.startsWith('text/calendar'));
  if (!ics) return undefined;
  const calendar = new ICAL.Component(ICAL.parse(ics.content));
  const event = calendar.getFirstSubcomponent('vevent')!;
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    uid: String(event.getFirstPropertyValue('uid')),
    sequence: Number(event.getFirstPropertyValue('sequence') ?? 0),
    startsAt: new ICAL.Event(event).startDate.toJSDate().toISOString(),
    attendees: event.getAllProperties('attendee').map((property) => String(property.getFirstValue()).toLowerCase()),
  };
}

/** The invitations sent so far to `recipient` (an address in the message's To), once `count` have arrived. */
const invitationsTo = (recipient: (message: SunkMessage) => boolean, count: number) =>
  waitUntil(
    `${count} invitations`,
    () => {
      const found = runner.sink.messages.filter(recipient).flatMap((message) => {
        const event = invitation(message);
        return event ? [{ message, event }] : [];
      });
      return found.length >= count && found;
    },
    { intervalMs: 100 },
  );

it('a time booked on /book sends the visitor and the team one invitation each, and cancelling it sends CANCEL for the same event', async () => {
  const { context, page, errors } = await openPage(harness.browser, DESKTOP);
  const email = uniqueEmail('invite');
  await requestCall(page, harness.site.url, email);
  await bookFirstTime(page);
  const [booking] = await harness.api.sql<{ id: string; starts_at: string; manage_token: string }>(
    `select id, starts_at, manage_token from private.bookings where email = $1`,
    [email],
  );
  const startsAt = new Date(booking.starts_at).toISOString();
  const toVisitor = (message: SunkMessage) => message.to.includes(email);
  const toTeam = (message: SunkMessage) => message.replyTo === email && !message.to.includes(email);

  const [visitorInvite] = await invitationsTo(toVisitor, 1);
  const [teamInvite] = await invitationsTo(toTeam, 1);
  for (const { event } of [visitorInvite, teamInvite]) {
    expect(event).toMatchObject({ method: 'REQUEST', uid: bookingUid(booking.id), startsAt });
    expect(event.attendees).toContain(`mailto:${email}`);
  }
  // Only the visitor's message carries the change/cancel link.
  expect(visitorInvite.message.text).toContain(`/booking#${booking.manage_token}`);
  expect(teamInvite.message.text).not.toContain(booking.manage_token);

  await page.getByRole('link', { name: bookingCopy.booked.manageLabel }).click();
  await page.getByRole('heading', { level: 1, name: bookingCopy.manage.title }).waitFor();
  await page.getByRole('button', { name: bookingCopy.manage.cancelLabel }).click();
  await page.getByRole('button', { name: bookingCopy.manage.cancelConfirmLabel }).click();
  await page.getByText(bookingCopy.manage.cancelled).waitFor();

  for (const recipient of [toVisitor, toTeam]) {
    const events = (await invitationsTo(recipient, 2)).map(({ event }) => event);
    expect(events.map((event) => event.method)).toEqual(['REQUEST', 'CANCEL']);
    expect(events[1].uid).toBe(bookingUid(booking.id));
    expect(events[1].sequence).toBeGreaterThan(events[0].sequence);
  }
  // Nothing more arrives: each invitation was sent once.
  await moreRuns(runner);
  expect((await invitationsTo(toVisitor, 2)).length + (await invitationsTo(toTeam, 2)).length).toBe(4);
  expect(errors).toEqual([]);
  await context.close();
}, 90_000);

it('with HubSpot on, a time booked on /book reaches it as one contact and one meeting, and its cancellation as one update', async () => {
  const token = 'test-hubspot-service-key';
  const hubspot = hubspotFake({ token });
  const served = await serveFetchHandler(hubspot.handler);
  await harness.api.sql(`select public.set_crm_target('hubspot', true)`);
  const crm = await startCrmSyncRunner({
    apiUrl: harness.api.url,
    serviceKey: LOCAL_SUPABASE_SERVICE_ROLE_KEY,
    settings: { HUBSPOT_ACCESS_TOKEN: token, HUBSPOT_API_BASE: served.url },
    intervalMs: 500,
    log: () => undefined,
  });
  try {
    const { context, page, errors } = await openPage(harness.browser, DESKTOP);
    const email = uniqueEmail('crm');
    await requestCall(page, harness.site.url, email);
    await bookFirstTime(page);
    const [booking] = await harness.api.sql<{ starts_at: string; ends_at: string }>(
      `select starts_at, ends_at from private.bookings where email = $1`,
      [email],
    );
    const contacts = () =>
      [...hubspot.state.contacts.values()].filter((contact) => contact.properties.email === email.toLowerCase());
    const meetings = () =>
      [...hubspot.state.meetings.values()].filter((meeting) =>
        contacts().some((contact) => meeting.associations.has(`contacts/${contact.id}`)),
      );
    const [meeting] = await waitUntil(
      'HubSpot to hold the booked call as a meeting',
      () => meetings().length > 0 && meetings(),
    );
    expect(contacts()).toHaveLength(1);
    expect(meeting.properties).toMatchObject({
      hs_meeting_outcome: 'SCHEDULED',
      hs_meeting_start_time: new Date(booking.starts_at).toISOString(),
      hs_meeting_end_time: new Date(booking.ends_at).toISOString(),
      hs_timestamp: new Date(booking.starts_at).toISOString(),
    });
    const updatesOfMeeting = () =>
      hubspot.state.requests.filter(
        (request) => request.method === 'PATCH' && request.path.endsWith(`/meetings/${meeting.id}`),
      );
    const updatesBefore = updatesOfMeeting().length;

    await page.getByRole('link', { name: bookingCopy.booked.manageLabel }).click();
    await page.getByRole('heading', { level: 1, name: bookingCopy.manage.title }).waitFor();
    await page.getByRole('button', { name: bookingCopy.manage.cancelLabel }).click();
    await page.getByRole('button', { name: bookingCopy.manage.cancelConfirmLabel }).click();
    await page.getByText(bookingCopy.manage.cancelled).waitFor();

    await waitUntil(
      'HubSpot to show the meeting cancelled',
      () => meeting.properties.hs_meeting_outcome === 'CANCELED',
    );
    // Nothing more arrives: one contact, one meeting, and the cancellation written once.
    await moreRuns(crm);
    expect(contacts()).toHaveLength(1);
    expect(meetings()).toEqual([meeting]);
    expect(updatesOfMeeting().length - updatesBefore).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  } finally {
    await harness.api.sql(`select public.set_crm_target('hubspot', false)`);
    await Promise.all([crm.close(), served.close()]);
  }
}, 90_000);
