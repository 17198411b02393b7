// The proof-of-work challenge on the visitor's side (issue 36): fetched from the database (public.lead_challenge)
// and solved in a Web Worker from the site's own origin as soon as a visitor starts a form or opens the chat, so
// that by the time they send, the solution is ready. leads.ts loads this module then (never on first load) and
// takes the solution when a lead goes out: one solution per lead, since the database accepts each only once.
// Nothing here throws or blocks a lead: without a solution (no Worker, the fetch failed, the solve is still
// running at submit) the lead goes without one and is stored held (docs/security.md, "The challenge").
import { CHALLENGE_WORKER_PATH } from './worker-path';
import { challengeExpiry, encodePayload, type LeadChallenge } from './solve';
import type { SolveAnswer, SolveRequest } from './worker';
import { getSupabaseClient } from '../supabase-client';

/** A solution is not sent in the last minute before its challenge expires (the request takes time too). */
export const EXPIRY_MARGIN_MS = 60_000;
/**
 * After a failed attempt (no Worker, fetch or solve failed), preparing again waits this long before trying again
 * (a lead being sent tries at once).
 */
export const RETRY_AFTER_MS = 10_000;
/** A solve still running after this long is given up (the worker stopped): a phone's battery is not a flood's. */
export const SOLVE_LIMIT_MS = 60_000;
/** When the challenge's expiry cannot be trusted (the device's clock is off), it is taken as this long. */
const DEFAULT_LIFETIME_MS = 10 * 60_000;

type Solved = { payload: string; freshUntil: number; took: number };
type Attempt = {
  solution: Promise<Solved | undefined>;
  settledAt?: number;
  solved?: Solved;
  /** Its solution went with a lead: never sent again. */
  taken: boolean;
};

let current: Attempt | undefined;

/**
 * Starts fetching and solving a challenge, unless one is under way or solved and still fresh (or, unless
 * `retryNow`, failed less than RETRY_AFTER_MS ago).
 */
export function prepareLeadChallenge({ retryNow = false }: { retryNow?: boolean } = {}): void {
  if (current && !isSpent(current, Date.now(), retryNow)) return;
  current = startAttempt();
}

/**
 * The solved challenge to send with a lead now (ALTCHA's payload, base64), waiting at most `waitMs` for a solve in
 * progress; undefined when there is none by then. A solution is given out once.
 */
export async function takeLeadChallenge(waitMs: number): Promise<string | undefined> {
  // A lead going out is worth a new try at once (a retry after the API came back, say).
  prepareLeadChallenge({ retryNow: true });
  const attempt = current!;
  const solved = await within(attempt.solution, waitMs);
  if (!solved || attempt.taken || solved.freshUntil <= Date.now()) return undefined;
  attempt.taken = true;
  if (current === attempt) current = undefined;
  return solved.payload;
}

/** For tests: forget the attempt under way (its worker, if any, finishes on its own or at its limit). */
export function resetLeadChallenge(): void {
  current = undefined;
}

function isSpent(attempt: Attempt, now: number, retryNow: boolean): boolean {
  if (attempt.taken) return true;
  if (attempt.settledAt === undefined) return false;
  if (attempt.solved) return attempt.solved.freshUntil <= now;
  return retryNow || now - attempt.settledAt >= RETRY_AFTER_MS;
}

function startAttempt(): Attempt {
  const attempt: Attempt = { taken: false, solution: Promise.resolve(undefined) };
  attempt.solution = solveIssuedChallenge().then(
    (solved) => {
      attempt.settledAt = Date.now();
      attempt.solved = solved;
      return solved;
    },
    (error: unknown) => {
      attempt.settledAt = Date.now();
      console.warn('[leads] No proof-of-work challenge (the lead will be held):', error);
      return undefined;
    },
  );
  return attempt;
}

async function solveIssuedChallenge(): Promise<Solved | undefined> {
  if (typeof Worker === 'undefined') return undefined;
  const { data, error } = await getSupabaseClient().rpc('lead_challenge');
  if (error) throw new Error(error.message);
  if (!isLeadChallenge(data)) throw new Error('the challenge has an unexpected shape');
  const received = Date.now();
  const answer = await solveInWorker({ challenge: data.challenge, salt: data.salt, maxnumber: data.maxnumber });
  if (answer.number === null) throw new Error('the challenge has no solution');
  return {
    payload: encodePayload(data, answer.number),
    freshUntil: received + lifetime(data.salt, received) - EXPIRY_MARGIN_MS,
    took: answer.took,
  };
}

/** How long the challenge is accepted from now, by its expiry, unless the device's clock makes that implausible. */
function lifetime(salt: string, now: number): number {
  const expires = challengeExpiry(salt);
  const left = expires === undefined ? NaN : expires - now;
  return left > 0 && left <= 60 * 60_000 ? left : DEFAULT_LIFETIME_MS;
}

function solveInWorker(request: SolveRequest): Promise<SolveAnswer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(CHALLENGE_WORKER_PATH);
    const finish = (settle: () => void) => {
      clearTimeout(limit);
      worker.terminate();
      settle();
    };
    const limit = setTimeout(
      () => finish(() => reject(new Error(`no solution within ${SOLVE_LIMIT_MS} ms`))),
      SOLVE_LIMIT_MS,
    );
    worker.onmessage = (event: MessageEvent<SolveAnswer>) => finish(() => resolve(event.data));
    // A worker that cannot load (blocked, not found) or throws.
    worker.onerror = (event) => {
      event.preventDefault();
      finish(() => reject(new Error(`the solver failed: ${event.message || 'it could not be loaded'}`)));
    };
    worker.postMessage(request);
  });
}

function isLeadChallenge(value: unknown): value is LeadChallenge {
  if (!value || typeof value !== 'object') return false;
  const challenge = value as Record<string, unknown>;
  return (
    challenge.algorithm === 'SHA-256' &&
    typeof challenge.challenge === 'string' &&
    typeof challenge.salt === 'string' &&
    typeof challenge.signature === 'string' &&
    typeof challenge.maxnumber === 'number'
  );
}

/** `promise`'s value, or undefined once `ms` have passed (the timer does not outlive it). */
function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
