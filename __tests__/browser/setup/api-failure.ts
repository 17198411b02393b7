// Making the data API fail for one page: every call to its table interface answers 500, the way a
// misbehaving backend would (with CORS headers, so the page can read the error like a real one).
import type { Page, Request } from 'playwright-core';
import { TEST_API_URL } from './test-env';

export const REST_PATTERN = `${TEST_API_URL}/rest/v1/**`;

const corsHeaders = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, PATCH, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': '*',
};

/** Until `restoreApi`, inserts from this page get a 500 with a PostgREST-shaped error body. */
export async function failApiWith500(page: Page): Promise<void> {
  await page.route(REST_PATTERN, (route) =>
    route.request().method() === 'OPTIONS'
      ? route.fulfill({ status: 204, headers: corsHeaders })
      : route.fulfill({
          status: 500,
          headers: corsHeaders,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'XX000', message: 'boom', details: null, hint: null }),
        }),
  );
}

export function restoreApi(page: Page): Promise<void> {
  return page.unroute(REST_PATTERN);
}

/** Holds every insert until `release()`, so the in-between state can be inspected without sleeping. */
export async function holdApi(page: Page): Promise<{ release: () => void }> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(REST_PATTERN, async (route) => {
    await gate;
    await route.fallback();
  });
  return { release };
}

/** The inserts (POSTs) the page sends to the table interface; calls of the booking functions (rpc/) are not. */
export function countInserts(page: Page): { readonly count: number } {
  const seen = { count: 0 };
  const onRequest = (request: Request) => {
    const url = request.url();
    if (request.method() === 'POST' && url.startsWith(`${TEST_API_URL}/rest/v1/`) && !url.includes('/rest/v1/rpc/')) {
      seen.count += 1;
    }
  };
  page.on('request', onRequest);
  return seen;
}
