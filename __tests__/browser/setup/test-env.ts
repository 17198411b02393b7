// The browser tests' surroundings: the production build in public/, served as a static host would, and the
// local data API it sends leads to, on a port of its own so a running `npm start` is not touched.
import path from 'node:path';
import { startStaticServer, type StaticServer } from '../../../dev/static/static-server';
import { LOCAL_SUPABASE_ANON_KEY } from '../../../src/lib/local-supabase';
import { startTestApi, type TestApi } from '../../helpers/local-api';

/** The data API address the build sends leads to. TEST_API_PORT lets two checkouts run side by side. */
export const TEST_API_PORT = Number(process.env.TEST_API_PORT ?? 54329);
export const TEST_API_URL = `http://127.0.0.1:${TEST_API_PORT}`;

/**
 * Browser test files run in parallel, one per Jest worker, each with a data API of its own: worker 1 on the
 * build's port, worker n on the n-th port after it. Pages reach it through openPage's forwarding
 * (setup/browser.ts), so every page still calls the address the build holds.
 */
const workerIndex = Number(process.env.JEST_WORKER_ID ?? 1) - 1;
export const WORKER_API_URL = `http://127.0.0.1:${TEST_API_PORT + workerIndex}`;

/** Where a request the page sends to the build's API address goes in this worker. */
export const toWorkerApi = (url: string) =>
  url.startsWith(TEST_API_URL) ? WORKER_API_URL + url.slice(TEST_API_URL.length) : url;

export const buildEnv = {
  GATSBY_SUPABASE_URL: TEST_API_URL,
  GATSBY_SUPABASE_ANON_KEY: LOCAL_SUPABASE_ANON_KEY,
  GATSBY_TELEMETRY_DISABLED: '1',
};

export const PUBLIC_DIR = path.resolve(__dirname, '../../../public');

export type LeadApi = TestApi;

/** This worker's local data API behind the build: in memory, on this worker's port. */
export function startLeadApi(): Promise<LeadApi> {
  return startTestApi({ port: Number(new URL(WORKER_API_URL).port) });
}

export function serveBuild(): Promise<StaticServer> {
  return startStaticServer({ root: PUBLIC_DIR });
}
