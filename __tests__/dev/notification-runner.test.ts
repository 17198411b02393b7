/** @jest-environment node */
// `npm run backend` runs the notify-leads Edge Function under real Deno against the local data API and
// delivers to the local mail sink: every lead arrives exactly once, also when the sink fails for a while.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startNotificationRunner, type NotificationRunner } from '../../dev/notifications/runner';
import { LOCAL_SUPABASE_SERVICE_ROLE_KEY, startTestApi, uniqueEmail, type TestApi } from '../helpers/local-api';

let api: TestApi;
let runner: NotificationRunner;
let mailDir: string;
const lines: string[] = [];
jest.setTimeout(40_000);

beforeAll(async () => {
  mailDir = await mkdtemp(path.join(tmpdir(), 'local-mail-'));
  api = await startTestApi({ backend: 'pglite' });
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

async function waitFor<T>(what: string, read: () => T | undefined | Promise<T | undefined>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${lines.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

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
      `select n.status, n.provider_message_id from private.lead_notifications n
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
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(messagesTo(lead.email)).toHaveLength(1);
  const [job] = await api.sql<{ status: string; attempts: number }>(
    `select n.status, n.attempts from private.lead_notifications n join public.contact_messages c on c.id = n.lead_id
      where c.email = $1`,
    [lead.email],
  );
  expect(job).toEqual({ status: 'sent', attempts: 4 });
});
