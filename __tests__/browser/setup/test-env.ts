// The browser tests' surroundings: the production build in public/, served as a static host would, and the
// local data API it sends leads to, on a free port of its own so a running `npm start` is not touched.
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { startStaticServer, type StaticServer } from '../../../dev/static/static-server';
import { LOCAL_SUPABASE_ANON_KEY } from '../../../src/lib/local-supabase';
import { startTestApi, type TestApi } from '../../helpers/local-api';

/**
 * The data API address the build sends leads to. Nothing listens there: every page opened through openPage (and
 * the review's captures) is forwarded to the data API of its own test file, which listens on a free port, so
 * browser test files run side by side, and beside another checkout's tests or a running `npm start`.
 */
export const TEST_API_PORT = Number(process.env.TEST_API_PORT ?? 54329);
export const TEST_API_URL = `http://127.0.0.1:${TEST_API_PORT}`;

/** This test file's data API (the newest, when a test restarts it to simulate an outage). */
let workerApiUrl: string | undefined;

/** Where a request the page sends to the build's API address goes in this test file. */
export const toWorkerApi = (url: string) =>
  workerApiUrl !== undefined && url.startsWith(TEST_API_URL) ? workerApiUrl + url.slice(TEST_API_URL.length) : url;

/** Forwards a browser context's requests for the build's API address to this test file's data API. */
export async function forwardToWorkerApi(context: BrowserContext): Promise<void> {
  // Tests that intercept the API themselves pass requests on with route.fallback(), which lands here.
  await context.route(`${TEST_API_URL}/**`, (route) => {
    // Every page counts its view after its load event (src/insights/send.ts). A file that starts no data API (the
    // route checks, the review's captures) gets the database's answer to an automated browser's events (not
    // counted), instead of a refused connection the page would log as an error.
    if (workerApiUrl === undefined && route.request().url().endsWith(VISIT_EVENTS_PATH)) {
      return route.fulfill(notCountedAnswer(route.request().method())).catch(() => undefined);
    }
    // A request the page gave up on (or a closed page) has nothing left to forward.
    return route.continue({ url: toWorkerApi(route.request().url()) }).catch(() => undefined);
  });
}

const VISIT_EVENTS_PATH = '/rest/v1/rpc/record_visit_events';

function notCountedAnswer(method: string) {
  const headers = {
    'access-control-allow-origin': '*',
    'access-control-allow-headers': 'apikey, content-type',
    'access-control-allow-methods': 'POST',
  };
  return method === 'OPTIONS'
    ? { status: 204, headers }
    : { status: 200, headers, contentType: 'application/json', body: '{"stored":0,"not_counted":1,"flood_held":0}' };
}

export const buildEnv = {
  GATSBY_SUPABASE_URL: TEST_API_URL,
  GATSBY_SUPABASE_ANON_KEY: LOCAL_SUPABASE_ANON_KEY,
  GATSBY_TELEMETRY_DISABLED: '1',
};

export const PUBLIC_DIR = path.resolve(__dirname, '../../../public');

export type LeadApi = TestApi;

/** This test file's local data API behind the build: in memory, on a free port. */
export async function startLeadApi(): Promise<LeadApi> {
  const api = await startTestApi();
  workerApiUrl = api.url;
  return api;
}

export function serveBuild(): Promise<StaticServer> {
  return startStaticServer({ root: PUBLIC_DIR });
}
