// What the site sends to public.record_visit_events, read from a mocked fetch (jsdom has none of its own).
import type { VisitEvent } from '../../src/insights/send';
import { readSupabaseConfig } from '../../src/lib/config';

/**
 * What gatsby-node's onCreateWebpackConfig inlines into the site's JavaScript: the counting endpoint of the Supabase
 * this build talks to (in tests, the local default) and its publishable key. Returns the undo.
 */
export function inlineSupabaseConfig(): () => void {
  const { url, publishableKey } = readSupabaseConfig();
  Object.assign(globalThis, {
    __VISIT_EVENTS_URL__: `${url}/rest/v1/rpc/record_visit_events`,
    __SUPABASE_PUBLISHABLE_KEY__: publishableKey,
  });
  return () => {
    delete (globalThis as { __VISIT_EVENTS_URL__?: unknown }).__VISIT_EVENTS_URL__;
    delete (globalThis as { __SUPABASE_PUBLISHABLE_KEY__?: unknown }).__SUPABASE_PUBLISHABLE_KEY__;
  };
}

export type FetchMock = jest.Mock<Promise<unknown>, [string, RequestInit]>;

/** Installs a fetch that answers 204 (what PostgREST answers a void function), or what `answer` returns. */
export function mockFetch(
  answer: () => Promise<unknown> = () => Promise.resolve({ ok: true, status: 204 }),
): FetchMock {
  const fetchMock: FetchMock = jest.fn((_url: string, _init: RequestInit) => answer());
  Object.defineProperty(window, 'fetch', { configurable: true, writable: true, value: fetchMock });
  return fetchMock;
}

export function removeFetch(): void {
  delete (window as { fetch?: unknown }).fetch;
}

/** The events of each request, in order. */
export const sentBatches = (fetchMock: FetchMock): VisitEvent[][] =>
  fetchMock.mock.calls.map(([, init]) => (JSON.parse(init.body as string) as { events: VisitEvent[] }).events);

export const sentEvents = (fetchMock: FetchMock): VisitEvent[] => sentBatches(fetchMock).flat();

/** A random version 4 UUID, as crypto.randomUUID makes. */
export const UUID_V4 = /^[\da-f]{8}-[\da-f]{4}-4[\da-f]{3}-[89ab][\da-f]{3}-[\da-f]{12}$/;

/** Sets a property of a browser object for one test; returns the undo. */
export function setBrowserValue(target: object, key: string, value: unknown): () => void {
  Object.defineProperty(target, key, { configurable: true, get: () => value });
  return () => {
    delete (target as Record<string, unknown>)[key];
  };
}
