// A flood of fake leads against the data API (issue 36), shared by bench/lead-flood.ts and the suite's shorter
// __tests__/contract/lead-flood.test.ts. Open loop: requests leave at `ratePerMinute` whatever the answers (at
// most `maxInFlight` waiting at once), for `durationMs`, then `burst` leave at once. Each is one lead of the
// forms' shape (contact_messages or consultation_requests, half and half), from a flood address (the hot ones
// sending `hotShare` between them) given by the cf-connecting-ip header, which the local API trusts in tests and
// benches only, with a proof-of-work payload drawn by ./flood-challenges.ts. Bounded: it stops by itself at
// `maxRequests` or at `deadline`, whichever comes first, and every request gives up after REQUEST_TIMEOUT_MS.
import { LOCAL_SUPABASE_PUBLISHABLE_KEY } from '../../dev/local-api/local-keys';
import type { ChallengeKind, challengeDrawer } from './flood-challenges';
import type { FloodAddresses } from './flood-addresses';

export type LeadTable = 'contact_messages' | 'consultation_requests';
export const LEAD_TABLES: LeadTable[] = ['contact_messages', 'consultation_requests'];

export type Phase = 'flood' | 'burst' | 'visitor';
export type Answer = { status: number; message?: string; ms: number };
export type FloodAnswer = Answer & {
  phase: Phase;
  table: LeadTable;
  address: string;
  email: string;
  wanted: ChallengeKind;
  sent: ChallengeKind;
  /** Milliseconds after the flood started that the request left. */
  at: number;
};

export const REQUEST_TIMEOUT_MS = 30_000;

/** The e-mail address of a flood lead: says which run and which request. */
export const floodEmail = (run: string, index: number) => `flood-${run}-${index}@example.net`;

export type LeadPerson = { email: string; name?: string; company?: string };

/** One lead as the site's forms send it (src/lib/leads.ts), attribution included. */
export function leadBody(
  table: LeadTable,
  { email, name = 'Flood', company = 'Cheap Leads Ltd', challenge }: LeadPerson & { challenge?: string },
) {
  const common = { name, email, company, ...(challenge === undefined ? {} : { challenge }) };
  return table === 'contact_messages'
    ? {
        ...common,
        message: 'Problem: Other\n\nDetails: Buy followers now',
        attribution: { landing_page: '/contact', surface: 'contact_form', submitted_from: '/contact' },
      }
    : {
        ...common,
        phone: '+1 555 0100',
        message: 'Call me',
        attribution: { landing_page: '/book', surface: 'booking_form', submitted_from: '/book' },
      };
}

/** POST /rest/v1/<table> with the publishable key, as supabase-js sends an insert, from `address`. */
export async function postLead(apiUrl: string, table: LeadTable, address: string, body: unknown): Promise<Answer> {
  const started = performance.now();
  try {
    const response = await fetch(`${apiUrl}/rest/v1/${table}`, {
      method: 'POST',
      headers: {
        apikey: LOCAL_SUPABASE_PUBLISHABLE_KEY,
        Authorization: `Bearer ${LOCAL_SUPABASE_PUBLISHABLE_KEY}`,
        'Content-Type': 'application/json',
        'cf-connecting-ip': address,
        Prefer: 'return=minimal',
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    let message: string | undefined;
    try {
      message = text ? (JSON.parse(text) as { message?: string }).message : undefined;
    } catch {
      message = text.slice(0, 200);
    }
    return { status: response.status, message, ms: performance.now() - started };
  } catch (error) {
    // No answer: the timeout (TimeoutError) or the connection failed (fetch's TypeError, its cause's code).
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return {
      status: 0,
      message: `${(error as Error).name}${cause ? ` ${cause}` : ''}`,
      ms: performance.now() - started,
    };
  }
}

export type FloodOptions = {
  apiUrl: string;
  /** Names this run's leads (their e-mail addresses). */
  run: string;
  addresses: FloodAddresses;
  /** Share of the requests that the hot addresses send between them. */
  hotShare: number;
  ratePerMinute: number;
  durationMs: number;
  burst: number;
  drawer: ReturnType<typeof challengeDrawer>;
  /** Hard cap on the flood's requests (steady and burst together). */
  maxRequests: number;
  /** Epoch milliseconds after which no request leaves. */
  deadline: number;
  maxInFlight?: number;
  random?: () => number;
  /** Runs after the steady flood's last answer, before the burst (e.g. to measure the database). */
  beforeBurst?: () => Promise<void>;
  /** Called once a second with the answers so far. */
  progress?: (answers: FloodAnswer[], inFlight: number) => void;
};

export type FloodResult = {
  answers: FloodAnswer[];
  /** Steady requests that left more than a second after their time (the in-flight cap or a busy event loop). */
  late: number;
  steadyMs: number;
  burstMs: number;
  stoppedBy: 'plan' | 'maxRequests' | 'deadline';
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runFlood(options: FloodOptions): Promise<FloodResult> {
  const random = options.random ?? Math.random;
  const maxInFlight = options.maxInFlight ?? 200;
  const answers: FloodAnswer[] = [];
  const inFlight = new Set<Promise<void>>();
  let index = 0;
  let stoppedBy: FloodResult['stoppedBy'] = 'plan';
  const started = performance.now();
  const pickAddress = () =>
    options.addresses.hot.length && random() < options.hotShare
      ? options.addresses.hot[Math.floor(random() * options.addresses.hot.length)]
      : options.addresses.all[Math.floor(random() * options.addresses.all.length)];
  const mayLeave = () => {
    if (index >= options.maxRequests) stoppedBy = 'maxRequests';
    else if (Date.now() >= options.deadline) stoppedBy = 'deadline';
    return stoppedBy === 'plan';
  };
  const send = (phase: Phase) => {
    const table = LEAD_TABLES[Math.floor(random() * 2)];
    const email = floodEmail(options.run, index++);
    const address = pickAddress();
    const { wanted, sent, payload } = options.drawer.draw();
    const at = performance.now() - started;
    const request = postLead(options.apiUrl, table, address, leadBody(table, { email, challenge: payload })).then(
      (answer) => {
        answers.push({ ...answer, phase, table, address, email, wanted, sent, at });
        if (sent === 'valid' && payload && answer.status === 201) options.drawer.answered(payload);
      },
    );
    inFlight.add(request);
    void request.finally(() => inFlight.delete(request));
  };
  const ticker = options.progress && setInterval(() => options.progress?.(answers, inFlight.size), 1000);
  try {
    // Steady: request i leaves at started + i × interval.
    const interval = 60_000 / options.ratePerMinute;
    const steady = Math.floor(options.durationMs / interval);
    let late = 0;
    for (let step = 0; step < steady && mayLeave(); step++) {
      const due = started + step * interval;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      while (inFlight.size >= maxInFlight) await Promise.race(inFlight);
      if (performance.now() - due > 1000) late += 1;
      if (!mayLeave()) break;
      send('flood');
    }
    await Promise.all(inFlight);
    const steadyMs = performance.now() - started;
    if (stoppedBy === 'plan' && options.beforeBurst) await options.beforeBurst();
    // The burst: all at once.
    const burstStarted = performance.now();
    for (let count = 0; count < options.burst && mayLeave(); count++) send('burst');
    await Promise.all(inFlight);
    return { answers, late, steadyMs, burstMs: performance.now() - burstStarted, stoppedBy };
  } finally {
    if (ticker) clearInterval(ticker);
    await Promise.all(inFlight);
  }
}

/** A repeatable random number generator (mulberry32), so a run's mix and addresses can be replayed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
