// The visitor's side of the proof-of-work challenge (src/lib/lead-challenge/client.ts): fetched once a visitor
// starts, solved in a Web Worker, each solution handed out once and only while fresh, and never a wait longer than
// asked for. The Worker here is a stand-in that runs the site's solver; the worker script the site serves is tested
// against the database in lead-challenge-worker.test.ts.
import {
  EXPIRY_MARGIN_MS,
  RETRY_AFTER_MS,
  prepareLeadChallenge,
  resetLeadChallenge,
  takeLeadChallenge,
} from '../../src/lib/lead-challenge/client';
import { solveChallenge, type LeadChallenge } from '../../src/lib/lead-challenge/solve';
import { getSupabaseClient } from '../../src/lib/supabase-client';
import { mintChallenge } from '../helpers/lead-challenge';
import { waitUntil } from '../helpers/wait-until';

jest.mock('../../src/lib/supabase-client', () => ({ getSupabaseClient: jest.fn() }));

type RpcAnswer = { data: unknown; error: { message: string } | null };

/** A client whose rpc('lead_challenge') answers with `answer()`, counting the calls. */
function fakeRpc(answer: () => Promise<RpcAnswer>) {
  const rpc = jest.fn((name: string) => {
    if (name !== 'lead_challenge') throw new Error(`unexpected rpc ${name}`);
    return answer();
  });
  jest.mocked(getSupabaseClient).mockReturnValue({ rpc } as unknown as ReturnType<typeof getSupabaseClient>);
  return rpc;
}

const issue = (options: Parameters<typeof mintChallenge>[1] = {}) =>
  mintChallenge('s'.repeat(64), { maxNumber: 5000, ...options });
const issuing = (options?: Parameters<typeof mintChallenge>[1]) =>
  fakeRpc(() => Promise.resolve({ data: issue(options).challenge, error: null }));

/** Workers made, with what they were asked; each answers after `delayMs` (or never, when `hold`). */
const workers: StandInWorker[] = [];
let workerDelayMs = 0;
let workerHolds = false;
let workerFails = false;

class StandInWorker {
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  requests: unknown[] = [];
  answered = false;
  terminated = false;
  constructor(public url: string) {
    workers.push(this);
  }
  postMessage(request: { challenge: string; salt: string; maxnumber: number }) {
    this.requests.push(request);
    if (workerHolds) return;
    setTimeout(() => {
      if (this.terminated) return;
      if (workerFails) {
        this.onerror?.({ message: 'boom', preventDefault: () => {} } as ErrorEvent);
        return;
      }
      const number = solveChallenge(request.challenge, request.salt, request.maxnumber);
      this.onmessage?.({ data: { number, took: 1 } } as MessageEvent);
      this.answered = true;
    }, workerDelayMs);
  }
  terminate() {
    this.terminated = true;
  }
}

/**
 * Waits until the solve under way has finished: its worker has answered (the client takes the answer in within that
 * same turn, so before the poll that sees it).
 */
const solved = () =>
  waitUntil('the stand-in worker to answer', () => workers.filter((worker) => worker.answered).length, {
    until: (answered) => answered >= 1,
    intervalMs: 5,
  });
/** Waits until `count` attempts have failed: the client warns once for each (console.warn is stubbed below). */
const failedAttempts = (count: number) =>
  waitUntil(`${count} failed attempts`, () => jest.mocked(console.warn).mock.calls, {
    until: (warnings) => warnings.length >= count,
    intervalMs: 5,
  });

const decode = (payload: string) => JSON.parse(atob(payload)) as Record<string, unknown>;

beforeEach(() => {
  resetLeadChallenge();
  workers.length = 0;
  workerDelayMs = 0;
  workerHolds = false;
  workerFails = false;
  (globalThis as { Worker?: unknown }).Worker = StandInWorker;
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  jest.useRealTimers();
  delete (globalThis as { Worker?: unknown }).Worker;
  jest.mocked(getSupabaseClient).mockReset();
  jest.mocked(console.warn).mockRestore();
});

test("fetches a challenge, solves it in a worker from the site's origin and hands out ALTCHA's payload once", async () => {
  const rpc = issuing();
  prepareLeadChallenge();
  prepareLeadChallenge();
  const payload = await takeLeadChallenge(1000);
  expect(rpc).toHaveBeenCalledTimes(1);
  expect(workers).toHaveLength(1);
  expect(workers[0].url).toBe('/lead-challenge-worker.js');
  expect(workers[0].terminated).toBe(true);
  const request = workers[0].requests[0] as LeadChallenge;
  const decoded = decode(payload!);
  expect(Object.keys(decoded).sort()).toEqual(['algorithm', 'challenge', 'number', 'salt', 'signature']);
  expect(decoded).toMatchObject({ algorithm: 'SHA-256', challenge: request.challenge, salt: request.salt });
  expect(solveChallenge(request.challenge, request.salt, request.maxnumber)).toBe(decoded.number);
  // The next lead needs a challenge of its own.
  const next = await takeLeadChallenge(1000);
  expect(rpc).toHaveBeenCalledTimes(2);
  expect(decode(next!).challenge).not.toBe(decoded.challenge);
});

test('two leads sent at once never share a solution', async () => {
  issuing();
  prepareLeadChallenge();
  const [first, second] = await Promise.all([takeLeadChallenge(1000), takeLeadChallenge(1000)]);
  expect([first, second].filter(Boolean)).toHaveLength(1);
});

test('waits no longer than asked for a solve in progress, and keeps solving for the next lead', async () => {
  jest.useFakeTimers();
  issuing();
  workerDelayMs = 5000;
  prepareLeadChallenge();
  const waiting = takeLeadChallenge(1500);
  await jest.advanceTimersByTimeAsync(1500);
  await expect(waiting).resolves.toBeUndefined();
  await jest.advanceTimersByTimeAsync(3500);
  await expect(takeLeadChallenge(0)).resolves.toEqual(expect.any(String));
  expect(workers).toHaveLength(1);
});

test(`a solution is used until ${EXPIRY_MARGIN_MS / 1000} s before its challenge expires`, async () => {
  fakeRpc(() => Promise.resolve({ data: issue({ expiresIn: 90 }).challenge, error: null }));
  prepareLeadChallenge();
  await solved();
  // Usable until 29-30 s from now (the expiry is in whole seconds).
  jest.useFakeTimers({ now: Date.now() + 28_000 });
  await expect(takeLeadChallenge(0)).resolves.toEqual(expect.any(String));
});

test('a stale solution is never sent: a new challenge is fetched instead', async () => {
  const rpc = fakeRpc(() => Promise.resolve({ data: issue({ expiresIn: 90 }).challenge, error: null }));
  prepareLeadChallenge();
  await solved();
  jest.useFakeTimers({ now: Date.now() + 31_000 });
  const taking = takeLeadChallenge(0);
  await jest.advanceTimersByTimeAsync(0);
  await expect(taking).resolves.toBeUndefined();
  expect(rpc).toHaveBeenCalledTimes(2);
});

test('an expiry the device clock cannot agree with is taken as ten minutes', async () => {
  // Expires "in 3 hours" by this device's clock: the clock is off, so it is used for 10 minutes less the margin.
  fakeRpc(() => Promise.resolve({ data: issue({ expiresIn: 3 * 3600 }).challenge, error: null }));
  prepareLeadChallenge();
  await solved();
  jest.useFakeTimers({ now: Date.now() + 8 * 60_000 + 55_000 });
  await expect(takeLeadChallenge(0)).resolves.toEqual(expect.any(String));
});

test.each([
  ['no Worker (an old browser)', () => delete (globalThis as { Worker?: unknown }).Worker, 0],
  ['the challenge cannot be fetched', () => undefined, 1],
])('%s: no solution, at once', async (_, arrange, rpcCalls) => {
  const rpc = fakeRpc(() => Promise.resolve({ data: null, error: { message: 'Failed to fetch' } }));
  arrange();
  const started = Date.now();
  await expect(takeLeadChallenge(1500)).resolves.toBeUndefined();
  expect(Date.now() - started).toBeLessThan(200);
  expect(rpc).toHaveBeenCalledTimes(rpcCalls);
});

test(`after a failed attempt, preparing tries again only after ${RETRY_AFTER_MS} ms; a lead sent tries at once`, async () => {
  let answer: RpcAnswer = { data: { unexpected: true }, error: null };
  const rpc = fakeRpc(() => Promise.resolve(answer));
  prepareLeadChallenge();
  await failedAttempts(1);
  prepareLeadChallenge();
  expect(rpc).toHaveBeenCalledTimes(1);
  // The API is back: the next lead gets a solution, without waiting for the retry delay.
  answer = { data: issue().challenge, error: null };
  await expect(takeLeadChallenge(1000)).resolves.toEqual(expect.any(String));
  expect(rpc).toHaveBeenCalledTimes(2);
  answer = { data: null, error: { message: 'down again' } };
  prepareLeadChallenge();
  await failedAttempts(2);
  const failedAt = Date.now();
  jest.useFakeTimers({ now: failedAt + RETRY_AFTER_MS - 100 });
  prepareLeadChallenge();
  expect(rpc).toHaveBeenCalledTimes(3);
  jest.setSystemTime(failedAt + RETRY_AFTER_MS + 100);
  prepareLeadChallenge();
  expect(rpc).toHaveBeenCalledTimes(4);
});

test('a worker that fails (blocked, not found) gives no solution', async () => {
  issuing();
  workerFails = true;
  await expect(takeLeadChallenge(1000)).resolves.toBeUndefined();
  expect(workers[0].terminated).toBe(true);
});

test('a solve that runs past its limit is stopped', async () => {
  jest.useFakeTimers();
  issuing();
  workerHolds = true;
  prepareLeadChallenge();
  await jest.advanceTimersByTimeAsync(60_000);
  expect(workers[0].terminated).toBe(true);
  const taking = takeLeadChallenge(0);
  await jest.advanceTimersByTimeAsync(0);
  await expect(taking).resolves.toBeUndefined();
});
