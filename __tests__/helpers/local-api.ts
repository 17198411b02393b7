// Starts the local data API for a contract test file: a child process with its own database (in memory
// unless `dataDir` is given) on a free port, plus supabase-js clients for the anon and service_role keys.
import { fork, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import path from 'node:path';
import {
  LOCAL_JWT_SECRET,
  LOCAL_SUPABASE_ANON_KEY,
  LOCAL_SUPABASE_SERVICE_ROLE_KEY,
} from '../../dev/local-api/local-keys';
import { createNodeSupabaseClient, type NodeLeadClient } from '../../dev/local-api/node-client';

export { LOCAL_JWT_SECRET, LOCAL_SUPABASE_ANON_KEY, LOCAL_SUPABASE_SERVICE_ROLE_KEY };

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
const CHILD_ENTRY = path.join(__dirname, 'local-api-process.ts');
/** PGlite needs a few seconds to initialise, more on a busy CI machine. */
export const LOCAL_API_START_TIMEOUT_MS = 60_000;

export type LeadClient = NodeLeadClient;

export type TestApi = {
  url: string;
  appliedMigrations: string[];
  /** supabase-js with the anon key, exactly as the site uses it. */
  anon: LeadClient;
  /** supabase-js with the service_role key, to read rows back. */
  service: LeadClient;
  clientFor(key: string): LeadClient;
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

export const createLeadClient = createNodeSupabaseClient;

/** `port` 0 (the default) picks a free port; the browser tests use a fixed one their build points at. */
export async function startTestApi(
  options: { dataDir?: string; migrationsDir?: string; port?: number } = {},
): Promise<TestApi> {
  const child = fork(CHILD_ENTRY, [], {
    cwd: REPO_ROOT,
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, LOCAL_API_TEST_OPTIONS: JSON.stringify(options) },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const ready = await waitForReady(child, () => output);
    return {
      url: ready.url,
      appliedMigrations: ready.appliedMigrations,
      anon: createLeadClient(ready.url, LOCAL_SUPABASE_ANON_KEY),
      service: createLeadClient(ready.url, LOCAL_SUPABASE_SERVICE_ROLE_KEY),
      clientFor: (key) => createLeadClient(ready.url, key),
      sql: sqlOverIpc(child),
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
