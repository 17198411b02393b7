// The hosts' calendars over CalDAV (RFC 4791) with tsdav: a calendar-query REPORT with a time-range that asks the
// server to expand recurrences (busy.ts expands them itself where the server does not), and PUT / DELETE of the
// booked call's event. Every request carries the host's Basic credentials and a timeout. tsdav turns some bad
// answers into an empty result (a 200 HTML login page, unreadable XML), which would wipe a host's busy times, so
// each REPORT answer is checked here: a 207 multistatus whose every response became a calendar object.
import { createObject, deleteObject, fetchCalendarObjects, getBasicAuthHeaders } from 'npm:tsdav@2.3.4';
import type { Fetch } from '../_shared/rpc.ts';
import { busyTimesOf } from './busy.ts';
import { CalendarError, type BusyTimeSource, type CalendarWriter, type HostCalendar } from './calendars.ts';
import { credentialsFor, type Accounts } from './credentials.ts';
import type { Range } from './ranges.ts';

export type CalDavSettings = { fetch: Fetch; accounts: Accounts; timeoutMs: number };

// Refusals that a later attempt of the same request cannot change. Anything else (401 and 404 included: a
// password or a calendar the team can fix) is worth trying again.
const PERMANENT_STATUSES = new Set([400, 405, 411, 412, 413, 414, 415, 422]);

function httpError(method: string, url: string, response: Response): CalendarError {
  const status = `${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  return new CalendarError(`${method} ${url} answered HTTP ${status}`, !PERMANENT_STATUSES.has(response.status));
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
  const headersFor = (host: HostCalendar) => getBasicAuthHeaders(credentialsFor(settings.accounts, host.credentialKey));

  return {
    async busyTimes(host: HostCalendar, window: Range): Promise<Range[]> {
      const headers = headersFor(host);
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
    },

    async put(host: HostCalendar, name: string, iCalendar: string): Promise<void> {
      const url = new URL(name, collectionUrl(host)).href;
      const response = await createObject({
        url,
        data: iCalendar,
        headers: { ...headersFor(host), 'content-type': 'text/calendar; charset=utf-8' },
        fetch: checkedFetch(settings, { responses: 0 }),
      });
      await response.body?.cancel();
      if (!response.ok) throw httpError('PUT', url, response);
    },

    async remove(host: HostCalendar, name: string): Promise<void> {
      const url = new URL(name, collectionUrl(host)).href;
      const response = await deleteObject({
        url,
        headers: headersFor(host),
        fetch: checkedFetch(settings, { responses: 0 }),
      });
      await response.body?.cancel();
      if (!response.ok && response.status !== 404 && response.status !== 410) throw httpError('DELETE', url, response);
    },
  };
}
