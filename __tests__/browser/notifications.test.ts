// Lead notifications end to end with the local stack: a /contact request, a /book request and a chat
// booking made in a real browser each reach the local mail sink as exactly one message within 10 s, through
// the notify-leads Edge Function running under Deno as `npm run backend` runs it; and with the sink failing
// for several attempts, each is still delivered exactly once after it recovers.
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

const harness = leadHarnessForThisFile();
let runner: NotificationRunner;
let mailDir: string;

beforeAll(async () => {
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

async function waitForMessage(email: string, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (messagesFor(email).length === 0) {
    if (Date.now() > deadline) throw new Error(`no message for ${email} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return messagesFor(email)[0].receivedAt;
}

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
    const deliveredAt = await waitForMessage(email, 10_000);
    expect(deliveredAt - storedAt).toBeLessThan(10_000);
    // Later runs send nothing more.
    await new Promise((resolve) => setTimeout(resolve, 1500));
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
  await new Promise((resolve) => setTimeout(resolve, 1500));
  for (const email of sent) expect(messagesFor(email)).toHaveLength(1);
  const jobs = await harness.api.sql<{ status: string; failed: number }>(
    `select n.status, n.attempts - 1 as failed from private.lead_notifications n
       left join public.consultation_requests b on b.id = n.lead_id
       left join public.contact_messages c on c.id = n.lead_id
      where coalesce(b.email, c.email) = any ($1::text[])`,
    [sent],
  );
  expect(jobs.map((job) => job.status)).toEqual(['sent', 'sent', 'sent']);
  // Every refused request was an attempt on one of these jobs, recorded as a failed attempt.
  expect(jobs.reduce((total, job) => total + job.failed, 0)).toBe(6);
}, 120_000);
