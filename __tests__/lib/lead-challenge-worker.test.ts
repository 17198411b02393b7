/** @jest-environment node */
// The worker script the site serves (static/lead-challenge-worker.js), against the database's format: run as a
// browser would run it (its own global scope, messages in and out), it solves a challenge issued by the embedded
// database, and a lead sent through leads.ts, the site's one submission path, carries the solution and is stored
// as any other lead; without Workers the lead is still stored, held, within CHALLENGE_WAIT_MS.
import fs from 'node:fs';
import vm from 'node:vm';
import { buildChallengeWorker, CHALLENGE_WORKER_FILE } from '../../src/build/challenge-worker';
import { resetLeadChallenge } from '../../src/lib/lead-challenge/client';
import { CHALLENGE_WAIT_MS, preloadLeadClient, submitContactMessage } from '../../src/lib/leads';
import { getSupabaseClient } from '../../src/lib/supabase-client';
import { LOCAL_SUPABASE_PUBLISHABLE_KEY, startTestApi, uniqueEmail, type TestApi } from '../helpers/local-api';
import { waitUntil } from '../helpers/wait-until';

jest.mock('../../src/lib/supabase-client', () => ({ getSupabaseClient: jest.fn() }));
// A page's location, which Node has not.
jest.mock('../../src/lib/attribution', () => ({
  leadAttribution: (surface: string) => ({ surface, landing_page: '/contact', submitted_from: '/contact' }),
}));
jest.setTimeout(60_000);

const served = fs.readFileSync(CHALLENGE_WORKER_FILE, 'utf8');

/** A dedicated worker running the served script in a global scope of its own, as a browser runs it. */
class ServedWorker {
  static made: string[] = [];
  /** Messages the script has posted back (its answers). */
  static answers: unknown[] = [];
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  private readonly scope: { onmessage?: (event: { data: unknown }) => void; postMessage(data: unknown): void };
  constructor(url: string) {
    ServedWorker.made.push(url);
    this.scope = {
      postMessage: (data) =>
        setImmediate(() => {
          this.onmessage?.({ data });
          ServedWorker.answers.push(data);
        }),
    };
    vm.runInNewContext(served, { self: this.scope });
  }
  postMessage(data: unknown) {
    setImmediate(() => this.scope.onmessage?.({ data }));
  }
  terminate() {}
}

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
}, 90_000);
afterAll(() => api?.close());
beforeEach(() => {
  resetLeadChallenge();
  jest
    .mocked(getSupabaseClient)
    .mockReturnValue(api.clientFor(LOCAL_SUPABASE_PUBLISHABLE_KEY, { challenge: false }) as never);
});
afterEach(() => {
  delete (globalThis as { Worker?: unknown }).Worker;
});

const holdReason = async (email: string) =>
  (
    await api.sql<{ hold_reason: string | null }>('select hold_reason from public.contact_messages where email = $1', [
      email,
    ])
  )[0]?.hold_reason;

test('the served worker is the current build of src/lib/lead-challenge/worker.ts (npm run build:challenge-worker)', async () => {
  expect(served).toBe(await buildChallengeWorker());
  expect(Buffer.byteLength(served)).toBeLessThan(4096);
});

test('the served worker solves what the database issues; the lead sent through leads.ts is stored, not held', async () => {
  (globalThis as { Worker?: unknown }).Worker = ServedWorker;
  ServedWorker.made = [];
  ServedWorker.answers = [];
  preloadLeadClient(); // the visitor starts the form
  // and fills it in, for as long as the solve takes.
  await waitUntil('the worker to answer', () => ServedWorker.answers.length > 0, { timeoutMs: 30_000, intervalMs: 20 });
  const email = uniqueEmail('served-worker');
  const started = Date.now();
  await expect(submitContactMessage({ name: 'Wendy Worker', email, message: 'Problem: Other' })).resolves.toEqual({
    ok: true,
  });
  expect(Date.now() - started).toBeLessThan(CHALLENGE_WAIT_MS);
  expect(ServedWorker.made).toEqual(['/lead-challenge-worker.js']);
  expect(await holdReason(email)).toBeNull();
});

test('submitting before the solve has started still finds it within the wait, at normal difficulty', async () => {
  (globalThis as { Worker?: unknown }).Worker = ServedWorker;
  const email = uniqueEmail('late-start');
  await expect(submitContactMessage({ name: 'Sam Swift', email, message: 'Problem: Other' })).resolves.toEqual({
    ok: true,
  });
  expect(await holdReason(email)).toBeNull();
});

test(`without Workers the lead is stored held (no_challenge), answered as any other, within ${CHALLENGE_WAIT_MS} ms`, async () => {
  const email = uniqueEmail('no-worker');
  preloadLeadClient();
  const started = Date.now();
  await expect(submitContactMessage({ name: 'Olly Oldbrowser', email, message: 'Problem: Other' })).resolves.toEqual({
    ok: true,
  });
  expect(Date.now() - started).toBeLessThan(CHALLENGE_WAIT_MS);
  expect(await holdReason(email)).toBe('no_challenge');
});
