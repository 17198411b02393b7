// Starts the local data API for a contract test file: a child process with its own database on a free port,
// plus supabase-js clients. The database is PGlite (in memory unless `dataDir` is given) or, with
// `backend: 'postgres'` (or LEAD_API_BACKEND=postgres), a real PostgreSQL server prepared like a hosted
// project (./real-postgres.ts). The API trusts the cf-connecting-ip header the test clients send, so a test
// plays many visitors: each request of `anon`/`service` comes from an address of its own unless a client
// is made with `clientFor(key, { clientAddress })`. Like the site, the clients send every lead with a solved
// proof-of-work challenge (./lead-challenge.ts), unless the lead has its own `challenge` or the client is made with
// `{ challenge: false }`.
import { fork, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import path from 'node:path';
import { CLIENT_ADDRESS_HEADER } from '../../dev/local-api/client-address';
import {
  LOCAL_JWT_SECRET,
  LOCAL_SUPABASE_ANON_KEY,
  LOCAL_SUPABASE_PUBLISHABLE_KEY,
  LOCAL_SUPABASE_SECRET_KEY,
  LOCAL_SUPABASE_SERVICE_ROLE_KEY,
} from '../../dev/local-api/local-keys';
import { createNodeSupabaseClient, type NodeLeadClient } from '../../dev/local-api/node-client';
import { mintChallenge, readChallengeSecret } from './lead-challenge';
import { LOCAL_API_CHILD_BUNDLE } from './local-api-child-bundle';

export {
  LOCAL_JWT_SECRET,
  LOCAL_SUPABASE_ANON_KEY,
  LOCAL_SUPABASE_PUBLISHABLE_KEY,
  LOCAL_SUPABASE_SECRET_KEY,
  LOCAL_SUPABASE_SERVICE_ROLE_KEY,
};
export type Backend = 'pglite' | 'postgres';
/**
 * The databases a contract suite runs on. The real PostgreSQL, prepared like a hosted project, is the judge of what
 * ships: every suite runs there. PGlite is `npm start`'s database: the suites about what can differ between the two
 * engines (the catalog, the lead and booking paths, time zones, sign-in, counting, the reports) run on it too, and
 * every browser test uses it; the suites about races, floods, notifications and the leads command run on the real
 * one only (POSTGRES_ONLY), where those rules are proven.
 */
export const BACKENDS: Backend[] = ['pglite', 'postgres'];
export const POSTGRES_ONLY: Backend[] = ['postgres'];

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
const CHILD_ENTRY = path.join(__dirname, 'local-api-process.ts');
/** PGlite needs a few seconds to initialise, more on a busy CI machine. */
export const LOCAL_API_START_TIMEOUT_MS = 60_000;

export type LeadClient = NodeLeadClient;

export type TestApi = {
  backend: Backend;
  url: string;
  appliedMigrations: string[];
  /** supabase-js with the local publishable key, exactly as the site uses it (a new client address per request). */
  anon: LeadClient;
  /** supabase-js with the local secret key, to read rows back. */
  service: LeadClient;
  /**
   * supabase-js with `key`; from `clientAddress` when given, else from a new address per request; with a valid
   * challenge on every lead unless `challenge` is false.
   */
  clientFor(key: string, options?: Omit<LeadClientOptions, 'challenge'> & { challenge?: boolean }): LeadClient;
  /** SQL as the database owner (bypasses the API), e.g. to inspect the catalog or move timestamps. */
  sql<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
};

type ChildMessage =
  | { type: 'ready'; url: string; appliedMigrations: string[] }
  | { type: 'sql-result'; id: number; rows?: unknown[]; error?: { message: string; code?: string } };

function waitForReady(child: ChildProcess, output: () => string) {
  return new Promise<Extract<ChildMessage, { type: 'ready' }>>((resolve, reject) => {
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`local data API exited (${code}) before ready:\n${output()}`));
    };
    const timer = setTimeout(
      () => reject(new Error(`local data API not ready within ${LOCAL_API_START_TIMEOUT_MS} ms:\n${output()}`)),
      LOCAL_API_START_TIMEOUT_MS,
    );
    child.once('exit', onExit);
    child.on('message', (message: ChildMessage) => {
      if (message.type !== 'ready') return;
      child.off('exit', onExit);
      clearTimeout(timer);
      resolve(message);
    });
  });
}

let addressCounter = 0;
/**
 * A client address no other request of this test run uses (198.18.0.0/15 is reserved for tests), each in another
 * /24 than the last 511, so unrelated requests never add up to the guard's network-block limits (issue 36).
 */
export function uniqueClientAddress(): string {
  addressCounter += 1;
  const block = addressCounter & 511;
  return `198.${18 + (block >> 8)}.${block & 255}.${1 + ((addressCounter >> 9) % 254)}`;
}

export type LeadClientOptions = {
  clientAddress?: string;
  /** A payload to attach to a lead sent without `challenge` (none attached without this). */
  challenge?: () => Promise<string>;
};

const LEAD_INSERT_PATH = /\/rest\/v1\/(consultation_requests|contact_messages)$/;

/** The request body with `challenge` added when it is one lead sent without one. */
async function withChallenge(body: unknown, challenge: () => Promise<string>): Promise<unknown> {
  if (typeof body !== 'string') return body;
  const lead: unknown = JSON.parse(body);
  if (!lead || typeof lead !== 'object' || Array.isArray(lead) || 'challenge' in lead) return body;
  return JSON.stringify({ ...lead, challenge: await challenge() });
}

export function createLeadClient(url: string, key: string, options: LeadClientOptions = {}): LeadClient {
  const client = createNodeSupabaseClient(url, key, {
    fetch: async (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set(CLIENT_ADDRESS_HEADER, options.clientAddress ?? uniqueClientAddress());
      const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
      const body =
        options.challenge && init?.method === 'POST' && LEAD_INSERT_PATH.test(path)
          ? await withChallenge(init.body, options.challenge)
          : init?.body;
      return fetch(input, { ...init, headers, body: body as BodyInit | null | undefined });
    },
  });
  return client;
}

export type TestApiOptions = {
  dataDir?: string;
  migrationsDir?: string;
  port?: number;
  backend?: Backend;
  /** Where the local Auth server writes its e-mails (the sign-in codes); default .local-mail/. */
  mailDir?: string;
};

/** `port` 0 (the default) picks a free port (the browser tests too: their pages are forwarded to it). */
export async function startTestApi(options: TestApiOptions = {}): Promise<TestApi> {
  const backend: Backend = options.backend ?? (process.env.LEAD_API_BACKEND === 'postgres' ? 'postgres' : 'pglite');
  const bundled = process.env[LOCAL_API_CHILD_BUNDLE];
  const child = fork(bundled ?? CHILD_ENTRY, [], {
    cwd: REPO_ROOT,
    execArgv: bundled ? [] : ['--import', 'tsx'],
    env: { ...process.env, LOCAL_API_TEST_OPTIONS: JSON.stringify({ ...options, backend }) },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const ready = await waitForReady(child, () => output);
    const sql = sqlOverIpc(child);
    // Read each time: a test may rotate the secret.
    const challenge = async () => mintChallenge(await readChallengeSecret(sql)).payload;
    return {
      backend,
      url: ready.url,
      appliedMigrations: ready.appliedMigrations,
      anon: createLeadClient(ready.url, LOCAL_SUPABASE_PUBLISHABLE_KEY, { challenge }),
      service: createLeadClient(ready.url, LOCAL_SUPABASE_SECRET_KEY, { challenge }),
      clientFor: (key, { challenge: attach = true, ...clientOptions } = {}) =>
        createLeadClient(ready.url, key, { ...clientOptions, ...(attach ? { challenge } : {}) }),
      sql,
      async close() {
        if (child.exitCode === null && child.connected) child.send({ type: 'close' });
        await exited;
      },
    };
  } catch (error) {
    // Never leave a child behind: its IPC channel would keep Jest from exiting.
    child.kill();
    throw error;
  }
}

function sqlOverIpc(child: ChildProcess): TestApi['sql'] {
  let nextId = 0;
  const pending = new Map<number, { resolve: (rows: unknown[]) => void; reject: (error: Error) => void }>();
  child.on('message', (message: ChildMessage) => {
    if (message.type !== 'sql-result') return;
    const request = pending.get(message.id);
    pending.delete(message.id);
    if (message.error) request?.reject(Object.assign(new Error(message.error.message), { code: message.error.code }));
    else request?.resolve(message.rows ?? []);
  });
  return <Row>(text: string, params: unknown[] = []) => {
    const id = nextId++;
    return new Promise<Row[]>((resolve, reject) => {
      pending.set(id, { resolve: (rows) => resolve(rows as Row[]), reject });
      child.send({ type: 'sql', id, text, params });
    });
  };
}

/** Signs an HS256 JWT with node:crypto, independently of the API's own verification library. */
export function signJwt(claims: Record<string, unknown>, secret = LOCAL_JWT_SECRET): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

/** A value unique to this test run, for e-mail addresses that must not collide with other tests. */
export function uniqueEmail(label: string): string {
  return `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
}
