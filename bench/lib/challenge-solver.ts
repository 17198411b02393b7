// The flood's own proof of work (bench/lead-flood.ts): challenges issued by the database through the data API
// (POST /rest/v1/rpc/lead_challenge, as the site fetches them), solved by brute force in worker threads with
// node:crypto's native SHA-256 (about 1.3 million hashes a second a thread here, two to three times the site's
// JavaScript solver in Chromium), queued as ALTCHA payloads for the flood to send. A real attacker pays this CPU; here
// it is taken from the machine that runs the database too, so the bench's insert times are, if anything, pessimistic.
// `stockpile(n)` solves n before the flood starts, at the difficulty of normal traffic, as a patient attacker would;
// during the flood the threads keep solving at whatever the database issues then, up to `queueLimit` ready.
import { Worker } from 'node:worker_threads';
import { LOCAL_SUPABASE_PUBLISHABLE_KEY } from '../../dev/local-api/local-keys';
import { encodeChallengePayload } from '../../__tests__/helpers/lead-challenge';

type Issued = { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string };
type Solved = { payload: string; expires: number };

/** Runs in the worker: the number n in [0, maxnumber] with SHA-256 hex of salt + n = challenge. */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const crypto = require('node:crypto');
const sha = crypto.hash ? (text) => crypto.hash('sha256', text) : (text) => crypto.createHash('sha256').update(text).digest('hex');
parentPort.on('message', ({ id, salt, challenge, maxnumber }) => {
  const started = process.cpuUsage();
  let found = null;
  for (let n = 0; n <= maxnumber; n++) if (sha(salt + n) === challenge) { found = n; break; }
  const used = process.cpuUsage(started);
  parentPort.postMessage({ id, number: found, cpuMs: (used.user + used.system) / 1000 });
});`;

export type SolverStats = {
  solved: number;
  failed: number;
  /** Solves by the maxnumber they were issued at. */
  byMaxNumber: Record<string, number>;
  cpuSeconds: number;
  /** Solved payloads handed out, and those thrown away as too close to expiry. */
  handedOut: number;
  expiredUnused: number;
  lastError?: string;
};

export type ChallengeSolver = {
  valid(): string | undefined;
  stockpile(count: number): Promise<void>;
  /** Keeps the threads solving until close(). */
  start(): void;
  stats(): SolverStats;
  close(): Promise<void>;
};

export function startChallengeSolver(options: {
  apiUrl: string;
  /** The address each challenge is fetched from (the flood's spread over its addresses, as an attacker would). */
  nextAddress: () => string;
  threads: number;
  queueLimit: number;
}): ChallengeSolver {
  const ready: Solved[] = [];
  const stats: SolverStats = { solved: 0, failed: 0, byMaxNumber: {}, cpuSeconds: 0, handedOut: 0, expiredUnused: 0 };
  const workers = Array.from({ length: options.threads }, () => new Worker(WORKER_SOURCE, { eval: true }));
  let running = false;
  let closed = false;
  let nextId = 0;

  async function issue(): Promise<Issued> {
    const response = await fetch(`${options.apiUrl}/rest/v1/rpc/lead_challenge`, {
      method: 'POST',
      headers: {
        apikey: LOCAL_SUPABASE_PUBLISHABLE_KEY,
        Authorization: `Bearer ${LOCAL_SUPABASE_PUBLISHABLE_KEY}`,
        'Content-Type': 'application/json',
        'cf-connecting-ip': options.nextAddress(),
      },
      body: '{}',
      signal: AbortSignal.timeout(30_000),
    });
    if (!response.ok) throw new Error(`lead_challenge: HTTP ${response.status}`);
    return (await response.json()) as Issued;
  }

  function solveOn(worker: Worker, issued: Issued): Promise<{ number: number | null; cpuMs: number }> {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      const onMessage = (message: { id: number; number: number | null; cpuMs: number }) => {
        if (message.id !== id) return;
        worker.off('message', onMessage);
        worker.off('error', reject);
        resolve(message);
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
      worker.postMessage({ id, salt: issued.salt, challenge: issued.challenge, maxnumber: issued.maxnumber });
    });
  }

  async function solveOne(worker: Worker): Promise<void> {
    try {
      const issued = await issue();
      const { number, cpuMs } = await solveOn(worker, issued);
      stats.cpuSeconds += cpuMs / 1000;
      if (number === null) {
        stats.failed += 1;
        return;
      }
      const expires = Number(/[?&]expires=(\d+)/.exec(issued.salt)?.[1] ?? 0);
      ready.push({ payload: encodeChallengePayload({ ...issued, number }), expires });
      stats.solved += 1;
      stats.byMaxNumber[issued.maxnumber] = (stats.byMaxNumber[issued.maxnumber] ?? 0) + 1;
    } catch (error) {
      if (!closed) {
        stats.failed += 1;
        stats.lastError = String(error);
      }
    }
  }

  async function keepSolving(worker: Worker): Promise<void> {
    while (running && !closed) {
      if (ready.length >= options.queueLimit) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        continue;
      }
      await solveOne(worker);
    }
  }

  return {
    valid() {
      // Never one that expires within 10 s: it could expire on the way.
      const soon = Date.now() / 1000 + 10;
      while (ready.length && ready[0].expires < soon) {
        ready.shift();
        stats.expiredUnused += 1;
      }
      const next = ready.shift();
      if (next) stats.handedOut += 1;
      return next?.payload;
    },
    async stockpile(count) {
      let left = count;
      await Promise.all(
        workers.map(async (worker) => {
          while (left > 0 && !closed) {
            left -= 1;
            await solveOne(worker);
          }
        }),
      );
    },
    start() {
      running = true;
      for (const worker of workers) void keepSolving(worker);
    },
    stats: () => ({ ...stats, byMaxNumber: { ...stats.byMaxNumber } }),
    async close() {
      closed = true;
      running = false;
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
