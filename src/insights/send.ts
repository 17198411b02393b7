// Sends the counted events to the project's own Supabase (public.record_visit_events), never before the page's
// load event: queued until then, then sent in batches with keepalive, and whatever is pending when the page is
// left goes at once. A failure is dropped without a word or a retry: a lost count costs less than a
// visitor's console or connection.
import type { VisitAttribution } from '../lib/attribution';
import { VISIT_EVENTS_PER_REQUEST_MAX, type VisitEventKind } from './visit-event-kinds';

/** Where the visit came from (page views, as src/lib/attribution.ts keeps it) and, once experiments run, the variant. */
export type VisitSource = Partial<VisitAttribution> & { variant?: string };
export type VisitEvent = VisitSource & { kind: VisitEventKind; visit_id: string; path: string; automated: boolean };

/**
 * From readSupabaseConfig() (src/lib/config.ts) as the build resolved it, inlined by gatsby-node's
 * onCreateWebpackConfig: the counting endpoint of the project the leads go to (which the CSP's connect-src allows)
 * and its publishable key, without the config code or supabase-js on every page.
 */
declare const __VISIT_EVENTS_URL__: string;
declare const __SUPABASE_PUBLISHABLE_KEY__: string;

const queue: VisitEvent[] = [];

function send(): void {
  try {
    while (queue.length)
      // window.fetch: a bare `fetch` would make Gatsby bundle node-fetch into the server renderer (its ProvidePlugin).
      window
        .fetch(__VISIT_EVENTS_URL__, {
          method: 'POST',
          keepalive: true,
          // The publishable key as the apikey alone: the gateway (and the local API) take it as the anon role.
          headers: { apikey: __SUPABASE_PUBLISHABLE_KEY__, 'Content-Type': 'application/json' },
          body: JSON.stringify({ events: queue.splice(0, VISIT_EVENTS_PER_REQUEST_MAX) }),
        })
        .catch(() => {});
  } catch {
    // No fetch, or a bundle built without the inlined settings (unit tests): nothing is counted.
    queue.length = 0;
  }
}

/** Once, when the app starts (gatsby-browser's onClientEntry): sends at the load event and when the page goes. */
export function startSending(): void {
  addEventListener('load', () => setTimeout(send));
  addEventListener('pagehide', send);
}

export function queueVisitEvent(event: VisitEvent): void {
  queue.push(event);
  // After the load event, in a task of its own: events counted in the same moment go in one request.
  if (document.readyState == 'complete') setTimeout(send);
}
