// The hosts' calendars over CalDAV (RFC 4791) with tsdav: a calendar-query REPORT with a time-range that asks the
// server to expand recurrences (busy.ts expands them itself where the server does not), and PUT / DELETE of the
// booked call's event. Every request carries the host's Basic credentials or OAuth Bearer token (auth.ts) and a
// timeout. tsdav turns some bad
// answers into an empty result (a 200 HTML login page, unreadable XML), which would wipe a host's busy times, so
// each REPORT answer is checked here: a 207 multistatus whose every response became a calendar object.
import { createObject, deleteObject, fetchCalendarObjects } from 'npm:tsdav@2.3.4';
import type { Fetch } from '../_shared/rpc.ts';
import { authorizer } from './auth.ts';
import { busyTimesOf } from './busy.ts';
import { CalendarError, type BusyTimeSource, type CalendarWriter, type HostCalendar } from './calendars.ts';
import type { Accounts } from './credentials.ts';
import type { Range } from './ranges.ts';
import { TokenCache } from './token-cache.ts';

export type CalDavSettings = {
  fetch: Fetch;
  accounts: Accounts;
  timeoutMs: number;
  /** OAuth access tokens; pass one that outlives a run to reuse them across runs. */
  tokens?: TokenCache;
  now?: () => number;
};

// Refusals that a later attempt of the same request cannot change. Anything else (401 and 404 included: a
// password or a calendar the team can fix) is worth trying again.
const PERMANENT_STATUSES = new Set([400, 405, 411, 412, 413, 414, 415, 422]);

function httpError(method: string, url: string, response: Response): CalendarError {
  const status = `${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  return new CalendarError(
    `${method} ${url} answered HTTP ${status}`,
    !PERMANENT_STATUSES.has(response.status),
    response.status,
  );
}

const RESPONSE_ELEMENT = /<(?:[A-Za-z][\w.-]*:)?response[\s>/]/g;

/** fetch with a timeout, network failures as CalendarError, and REPORT answers checked (see above). */
function checkedFetch(settings: CalDavSettings, reports: { responses: number }): Fetch {
  return async (input, init) => {
    const method = init?.method ?? 'GET';
    const url = String(input instanceof Request ? input.url : input);
    let response: Response;
    try {
      response = await settings.fetch(input, { ...init, signal: AbortSignal.timeout(settings.timeoutMs) });
    } catch (error) {
      const timedOut = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new CalendarError(
        timedOut ? `${method} ${url} timed out after ${settings.timeoutMs} ms` : `${method} ${url} failed: ${error}`,
        true,
      );
    }
    if (method !== 'REPORT') return response;
    if (!response.ok) throw httpError(method, url, response);
    const body = await response.text();
    const type = response.headers.get('content-type') ?? '';
    if (response.status !== 207 || !/xml/i.test(type) || !/<(?:[A-Za-z][\w.-]*:)?multistatus[\s>/]/.test(body)) {
      throw new CalendarError(
        `${method} ${url} did not answer with a CalDAV multistatus (HTTP ${response.status})`,
        true,
      );
    }
    reports.responses += body.match(RESPONSE_ELEMENT)?.length ?? 0;
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

const collectionUrl = (host: HostCalendar) =>
  host.calendarUrl.endsWith('/') ? host.calendarUrl : `${host.calendarUrl}/`;

export function createCalDavCalendars(settings: CalDavSettings): BusyTimeSource & CalendarWriter {
  const authorized = authorizer({ ...settings, tokens: settings.tokens ?? new TokenCache(settings.now) });

  return {
    busyTimes: (host: HostCalendar, window: Range): Promise<Range[]> =>
      authorized(host.credentialKey, async (headers) => {
        const reports = { responses: 0 };
        const url = collectionUrl(host);
        const objects = await fetchCalendarObjects({
          calendar: { url },
          timeRange: { start: new Date(window.start).toISOString(), end: new Date(window.end).toISOString() },
          expand: true,
          // Every event the server found counts, whatever its address looks like (tsdav keeps only "….ics").
          urlFilter: () => true,
          headers,
          fetch: checkedFetch(settings, reports),
        });
        const readable = objects.filter(
          (object): object is { url: string; data: string } =>
            typeof object.data === 'string' && object.data.includes('BEGIN:VCALENDAR'),
        );
        if (readable.length !== objects.length || objects.length !== reports.responses) {
          throw new CalendarError(`REPORT ${url}: the server's answer could not be read as calendar data`, true);
        }
        return busyTimesOf(readable, window, host.timeZone);
      }),

    put: (host: HostCalendar, name: string, iCalendar: string): Promise<void> =>
      authorized(host.credentialKey, async (headers) => {
        const url = new URL(name, collectionUrl(host)).href;
        const response = await createObject({
          url,
          data: iCalendar,
          headers: { ...headers, 'content-type': 'text/calendar; charset=utf-8' },
          fetch: checkedFetch(settings, { responses: 0 }),
        });
        await response.body?.cancel();
        if (!response.ok) throw httpError('PUT', url, response);
      }),

    remove: (host: HostCalendar, name: string): Promise<void> =>
      authorized(host.credentialKey, async (headers) => {
        const url = new URL(name, collectionUrl(host)).href;
        const response = await deleteObject({ url, headers, fetch: checkedFetch(settings, { responses: 0 }) });
        await response.body?.cancel();
        if (!response.ok && response.status !== 404 && response.status !== 410) {
          throw httpError('DELETE', url, response);
        }
      }),
  };
}
