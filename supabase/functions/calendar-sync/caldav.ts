// The hosts' calendars over CalDAV (RFC 4791): a calendar-query REPORT with a time-range for the busy times, and
// PUT / DELETE of the booked call's event. Every request carries the host's Basic credentials or OAuth Bearer
// token (auth.ts) and a timeout.
//
// Reading: the REPORT asks for the events themselves, never for expanded instances (CALDAV:expand). Servers
// differ at expanding (one answers floating instances with the master's end and leaves out a series that began
// before the window), so busy.ts expands them. A time-range on VEVENT matches a recurring event when any of its
// instances overlaps the range (RFC 4791, 9.9), so a series that began years ago comes back too. tsdav turns
// some bad answers into an empty result (a 200 HTML login page, unreadable XML), which would wipe a host's busy
// times, so each REPORT answer is checked here: a 207 multistatus whose every response became a calendar object.
//
// Writing: only 201 Created, 204 No Content or 200 OK (a PUT that replaced: RFC 9110 9.3.4, RFC 4918 9.7.1)
// count as a PUT done, and 200, 204, 404 or 410 as a DELETE done. A 207 Multi-Status is read and its inner
// statuses decide (a failed precondition inside is a failure); any other answer is a failure that says what the
// server answered. The host's calendar may hold the call's UID under another name already: their mail app added
// the invitation notify-leads e-mailed. The server then refuses the PUT with CALDAV:no-uid-conflict (RFC 4791,
// 5.3.2.1; it names the existing resource, though Radicale leaves the name out), and the event is updated where
// it is: at the named address, or at the one a calendar-query REPORT on the UID finds (with If-Match on its
// ETag). The put resolves with the address the event is at, kept by the database for the call's later writes.
import ICAL from 'npm:ical.js@2.2.1';
import { calendarQuery, type DAVResponse } from 'npm:tsdav@2.3.4';
import type { Fetch } from '../_shared/rpc.ts';
import { authorizer, type AuthHeaders } from './auth.ts';
import { busyTimesOf, type CalendarObject } from './busy.ts';
import {
  CalendarError,
  type BusyTimeSource,
  type CalendarWriter,
  type HostCalendar,
  type KnownEvent,
} from './calendars.ts';
import type { Accounts } from './credentials.ts';
import { childrenNamed, descendantsNamed, parseXml, statusOf, type XmlElement } from './dav-xml.ts';
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

const statusText = (status: number, text: string) => `${status}${text ? ` ${text}` : ''}`;

function httpError(method: string, url: string, response: Response): CalendarError {
  return new CalendarError(
    `${method} ${url} answered HTTP ${statusText(response.status, response.statusText)}`,
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

const decodedPath = (url: URL) => {
  try {
    return decodeURIComponent(url.pathname);
  } catch {
    return url.pathname;
  }
};

/**
 * `href` (absolute, or a path as servers answer) as an address inside the calendar collection, or undefined for
 * anything else: an address the server or the database names is only written to inside the host's calendar.
 */
function addressIn(collection: string, href: string | null | undefined): string | undefined {
  if (!href) return undefined;
  let url: URL;
  try {
    url = new URL(href.trim(), collection);
  } catch {
    return undefined;
  }
  const base = new URL(collection);
  const inside =
    url.origin === base.origin &&
    decodedPath(url).startsWith(decodedPath(base)) &&
    decodedPath(url).length > decodedPath(base).length;
  return inside && !url.search && !url.hash ? url.href : undefined;
}

const sameAddress = (a: string, b: string) => decodedPath(new URL(a)) === decodedPath(new URL(b));

const timeRangeValue = (instant: number) => `${new Date(instant).toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

const eventFilter = (condition: Record<string, unknown>) => [
  {
    'comp-filter': {
      _attributes: { name: 'VCALENDAR' },
      'comp-filter': { _attributes: { name: 'VEVENT' }, ...condition },
    },
  },
];

type StoredObject = CalendarObject & { etag: string | undefined };

const calendarDataOf = (response: DAVResponse): unknown =>
  response.props?.calendarData?._cdata ?? response.props?.calendarData;

/** The events' objects (their data and ETags) matching `condition` on VEVENT, every response checked readable. */
async function queryEvents(
  settings: CalDavSettings,
  collection: string,
  headers: AuthHeaders,
  condition: Record<string, unknown>,
): Promise<StoredObject[]> {
  const reports = { responses: 0 };
  const responses = await calendarQuery({
    url: collection,
    props: { 'd:getetag': {}, 'c:calendar-data': {} },
    filters: eventFilter(condition),
    depth: '1',
    headers,
    fetch: checkedFetch(settings, reports),
  });
  const objects = responses.map((response) => ({
    url: new URL(response.href ?? '', collection).href,
    data: calendarDataOf(response),
    etag: response.props?.getetag == null ? undefined : String(response.props.getetag),
  }));
  const readable = objects.filter(
    (object): object is StoredObject => typeof object.data === 'string' && object.data.includes('BEGIN:VCALENDAR'),
  );
  if (readable.length !== objects.length || objects.length !== reports.responses) {
    throw new CalendarError(`REPORT ${collection}: the server's answer could not be read as calendar data`, true);
  }
  return readable;
}

function hasEventWithUid(data: string, uid: string): boolean {
  try {
    const parsed = ICAL.parse(data);
    const calendars = (Array.isArray(parsed[0]) ? parsed : [parsed]) as unknown[];
    return calendars.some((jcal) =>
      new ICAL.Component(jcal as ConstructorParameters<typeof ICAL.Component>[0])
        .getAllSubcomponents('vevent')
        .some((event) => event.getFirstPropertyValue('uid') === uid),
    );
  } catch {
    return false;
  }
}

function uidOf(iCalendar: string): string | undefined {
  try {
    const uid = new ICAL.Component(ICAL.parse(iCalendar)).getFirstSubcomponent('vevent')?.getFirstPropertyValue('uid');
    return typeof uid === 'string' ? uid : undefined;
  } catch {
    return undefined;
  }
}

/** The calendar's objects holding an event with exactly this UID (a calendar-query REPORT on UID, confirmed). */
async function objectsWithUid(settings: CalDavSettings, collection: string, headers: AuthHeaders, uid: string) {
  // text-match is a substring match (RFC 4791, 9.7.5): each object found is read to confirm the UID itself.
  const found = await queryEvents(settings, collection, headers, {
    'prop-filter': {
      _attributes: { name: 'UID' },
      'text-match': { _attributes: { collation: 'i;octet' }, _text: uid },
    },
  });
  return found.filter((object) => hasEventWithUid(object.data, uid));
}

/** A PUT's or DELETE's answer: done, the resource was not there (DELETE), or the UID is held by another resource. */
type WriteOutcome = { kind: 'done' } | { kind: 'gone' } | { kind: 'uid-conflict'; href?: string };

const DONE: Record<'PUT' | 'DELETE', number[]> = { PUT: [201, 204, 200], DELETE: [204, 200] };
const GONE = [404, 410];

function readXml(body: string): XmlElement | undefined {
  try {
    return parseXml(body.trim());
  } catch {
    return undefined;
  }
}

const errorsIn = (element: XmlElement | undefined): XmlElement[] =>
  !element ? [] : element.name === 'error' ? [element] : childrenNamed(element, 'error');

/** The CALDAV:no-uid-conflict precondition in a DAV:error (or a response of a multistatus), with its href. */
function uidConflictIn(element: XmlElement | undefined): WriteOutcome | undefined {
  for (const error of errorsIn(element)) {
    const [conflict] = descendantsNamed(error, 'no-uid-conflict');
    if (conflict)
      return { kind: 'uid-conflict', href: descendantsNamed(conflict, 'href')[0]?.text.trim() || undefined };
  }
  return undefined;
}

/** The preconditions a DAV:error names, for the message: " (no-uid-conflict, …)". */
function preconditionsIn(element: XmlElement | undefined): string {
  const names = errorsIn(element).flatMap((error) => error.children.map((child) => child.name));
  return names.length ? ` (${names.join(', ')})` : '';
}

async function judge(
  method: 'PUT' | 'DELETE',
  url: string,
  response: Response,
  conditional: boolean,
): Promise<WriteOutcome> {
  const body = await response.text();
  const answered = `${method} ${url} answered HTTP ${statusText(response.status, response.statusText)}`;
  if (DONE[method].includes(response.status)) return { kind: 'done' };
  if (method === 'DELETE' && GONE.includes(response.status)) return { kind: 'gone' };
  if (response.status === 207) {
    const multistatus = readXml(body);
    const responses = multistatus?.name === 'multistatus' ? childrenNamed(multistatus, 'response') : [];
    const inner = responses.flatMap((each) => {
      const statuses = [
        ...childrenNamed(each, 'status'),
        ...childrenNamed(each, 'propstat').flatMap((propstat) => childrenNamed(propstat, 'status')),
      ].map(statusOf);
      const href = childrenNamed(each, 'href')[0]?.text.trim() || url;
      return statuses.map((status) => ({ status, href, response: each }));
    });
    if (inner.length === 0 || inner.some(({ status }) => !status)) {
      throw new CalendarError(`${answered} that could not be read`, true, 207);
    }
    const failed = inner.find(
      ({ status }) => !DONE[method].includes(status!.code) && !(method === 'DELETE' && GONE.includes(status!.code)),
    );
    if (!failed) return inner.every(({ status }) => GONE.includes(status!.code)) ? { kind: 'gone' } : { kind: 'done' };
    const conflict = method === 'PUT' && !conditional ? uidConflictIn(failed.response) : undefined;
    if (conflict) return conflict;
    const { code, line } = failed.status!;
    throw new CalendarError(
      `${answered}: ${line} for ${failed.href}${preconditionsIn(failed.response)}`,
      !PERMANENT_STATUSES.has(code),
      code,
    );
  }
  const xml = /^\s*</.test(body) ? readXml(body) : undefined;
  if (method === 'PUT' && !conditional && response.status >= 400) {
    const conflict = uidConflictIn(xml);
    if (conflict) return conflict;
  }
  if (conditional && response.status === 412) {
    // If-Match failed: the event changed since it was found (the host edited it); the next attempt finds it again.
    throw new CalendarError(`${answered}: the event changed since it was read`, true, 412);
  }
  if (response.status < 300) {
    const counted = method === 'PUT' ? '201, 204 or 200 count as written' : '204, 200, 404 or 410 count as removed';
    throw new CalendarError(`${answered}: not taken as done (only ${counted})`, true, response.status);
  }
  throw new CalendarError(
    `${answered}${preconditionsIn(xml)}`,
    !PERMANENT_STATUSES.has(response.status),
    response.status,
  );
}

export function createCalDavCalendars(settings: CalDavSettings): BusyTimeSource & CalendarWriter {
  const authorized = authorizer({ ...settings, tokens: settings.tokens ?? new TokenCache(settings.now) });

  const send = async (
    method: 'PUT' | 'DELETE',
    url: string,
    headers: AuthHeaders,
    options: { body?: string; etag?: string } = {},
  ): Promise<WriteOutcome> => {
    const response = await checkedFetch(settings, { responses: 0 })(url, {
      method,
      body: options.body,
      headers: {
        ...headers,
        ...(options.body === undefined ? {} : { 'content-type': 'text/calendar; charset=utf-8' }),
        ...(options.etag ? { 'if-match': options.etag } : {}),
      },
    });
    return judge(method, url, response, options.etag !== undefined);
  };

  return {
    busyTimes: (host: HostCalendar, window: Range): Promise<Range[]> =>
      authorized(host.credentialKey, async (headers) => {
        const objects = await queryEvents(settings, collectionUrl(host), headers, {
          'time-range': { _attributes: { start: timeRangeValue(window.start), end: timeRangeValue(window.end) } },
        });
        return busyTimesOf(objects, window, host.timeZone);
      }),

    put: (host: HostCalendar, name: string, iCalendar: string, known: KnownEvent = {}): Promise<string> =>
      authorized(host.credentialKey, async (headers) => {
        const collection = collectionUrl(host);
        const target = addressIn(collection, known.url) ?? new URL(name, collection).href;
        const first = await send('PUT', target, headers, { body: iCalendar });
        if (first.kind !== 'uid-conflict') return target;
        // The UID is in the calendar under another name: update that event where it is.
        const uid = known.uid ?? uidOf(iCalendar);
        const named = addressIn(collection, first.href);
        let existing: { url: string; etag?: string } | undefined =
          named && !sameAddress(named, target) ? { url: named } : undefined;
        if (!existing && uid) {
          existing = (await objectsWithUid(settings, collection, headers, uid)).find(
            (object) => !sameAddress(object.url, target),
          );
        }
        if (!existing) {
          // An address kept from an earlier write that now holds another event: the call's own name instead.
          const own = new URL(name, collection).href;
          if (!sameAddress(own, target) && (await send('PUT', own, headers, { body: iCalendar })).kind === 'done') {
            return own;
          }
          throw new CalendarError(
            `PUT ${target} was refused: the calendar holds the event's UID (${uid ?? 'unknown'}) under another name, which a search by UID did not find`,
            true,
            409,
          );
        }
        const again = await send('PUT', existing.url, headers, { body: iCalendar, etag: existing.etag });
        if (again.kind === 'uid-conflict') {
          throw new CalendarError(`PUT ${existing.url} was refused as a UID conflict too`, true, 409);
        }
        return existing.url;
      }),

    remove: (host: HostCalendar, name: string, known: KnownEvent = {}): Promise<void> =>
      authorized(host.credentialKey, async (headers) => {
        const collection = collectionUrl(host);
        const target = addressIn(collection, known.url) ?? new URL(name, collection).href;
        const outcome = await send('DELETE', target, headers);
        if (outcome.kind !== 'gone' || !known.uid) return;
        // Not where it was written: a copy under another name (the host's own, from the invitation) goes too.
        for (const object of await objectsWithUid(settings, collection, headers, known.uid)) {
          await send('DELETE', object.url, headers, { etag: object.etag });
        }
      }),
  };
}
