// The browser tests' surroundings: the build the host runs, in public/, served as a static host would, and the
// local data API that stands in for the staging project it sends leads to, on a free port of its own so a running
// `npm start` is not touched.
import path from 'node:path';
import type { APIResponse, BrowserContext, Route } from 'playwright-core';
import { startStaticServer, type StaticServer } from '../../../dev/static/static-server';
import { LOCAL_SUPABASE_PUBLISHABLE_KEY } from '../../../src/lib/local-supabase';
import { STAGING_SETTINGS } from '../../../scripts/deploy-build/staging-settings';
import { startTestApi, type TestApi, type TestApiOptions } from '../../helpers/local-api';

/**
 * The data API address the build sends leads to: the staging project's, for the browser tests run on the build the
 * host runs (`npm run check:deploy` makes it; this setup makes the same one when run alone). Nothing is sent there:
 * every page opened through openPage (and the review's captures) has its calls answered by the data API of its own
 * test file, which listens on a free port, so browser test files run side by side, and beside another checkout's
 * tests or a running `npm start`.
 */
export const TEST_API_URL = STAGING_SETTINGS.GATSBY_SUPABASE_URL;
const BUILD_KEY = STAGING_SETTINGS.GATSBY_SUPABASE_PUBLISHABLE_KEY;

/** This test file's data API (the newest, when a test restarts it to simulate an outage). */
let workerApiUrl: string | undefined;

/** Where a request the page sends to the build's API address goes in this test file. */
export const toWorkerApi = (url: string) =>
  workerApiUrl !== undefined && url.startsWith(TEST_API_URL) ? workerApiUrl + url.slice(TEST_API_URL.length) : url;

/**
 * A page's call to the build's API address, sent to this test file's data API with the local key in place of the
 * staging one (in `apikey` and `Authorization`). Throws when that API is not listening, as a stopped server would.
 */
export async function fetchFromWorkerApi(route: Route): Promise<APIResponse> {
  const request = route.request();
  const headers = Object.fromEntries(
    Object.entries(await request.allHeaders()).map(([name, value]) => [
      name,
      value.split(BUILD_KEY).join(LOCAL_SUPABASE_PUBLISHABLE_KEY),
    ]),
  );
  return route.fetch({ url: toWorkerApi(request.url()), headers, maxRedirects: 0 });
}

/** Forwards a browser context's requests for the build's API address to this test file's data API. */
export async function forwardToWorkerApi(context: BrowserContext): Promise<void> {
  // Tests that intercept the API themselves pass requests on with route.fallback(), which lands here.
  await context.route(`${TEST_API_URL}/**`, async (route) => {
    // Every page counts its view after its load event (src/insights/send.ts). A file that starts no data API (the
    // route checks, the review's captures) gets the database's answer to an automated browser's events (not
    // counted), instead of a refused connection the page would log as an error.
    if (workerApiUrl === undefined && route.request().url().endsWith(VISIT_EVENTS_PATH)) {
      return route.fulfill(notCountedAnswer(route.request().method())).catch(() => undefined);
    }
    // The answer is fetched here and handed to the page (a request cannot be sent on to another scheme): a data API
    // that is not listening is a refused connection, and a page that gave up (or closed) has nothing left to answer.
    // An answer handed over this way skips the phone profile's emulated network: the data API answers at once.
    let response: APIResponse;
    try {
      response = await fetchFromWorkerApi(route);
    } catch {
      return route.abort('connectionrefused').catch(() => undefined);
    }
    return route.fulfill({ response }).catch(() => undefined);
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

/** The build the browser tests run on: the host's, with the staging project's settings. */
export const buildEnv = { ...STAGING_SETTINGS, GATSBY_TELEMETRY_DISABLED: '1' };

export const PUBLIC_DIR = path.resolve(__dirname, '../../../public');

export type LeadApi = TestApi;

/**
 * This test file's local data API behind the build: in memory, on a free port; `mailDir` is where its Auth server
 * writes the sign-in e-mails (the repository's .local-mail/ by default).
 */
export async function startLeadApi(options: Pick<TestApiOptions, 'mailDir'> = {}): Promise<LeadApi> {
  const api = await startTestApi(options);
  workerApiUrl = api.url;
  return api;
}

export function serveBuild(): Promise<StaticServer> {
  return startStaticServer({ root: PUBLIC_DIR });
}
