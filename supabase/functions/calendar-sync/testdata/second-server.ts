// A CalDAV calendar collection stubbed at the fetch level that answers like the second server calendar-sync was
// tried against (issue 43), where it differs from Radicale:
// - asked to expand recurrences (CALDAV:expand), it answers floating instances that keep the master's DTEND, and
//   leaves out a series that began before the window; asked for the events themselves, it answers them;
// - a PUT of an event whose UID another resource holds is refused with CALDAV:no-uid-conflict naming that
//   resource (RFC 4791, 5.3.2.1) as a 403, or inside a 207 Multi-Status (`conflicts: 'multistatus'`), or with
//   Radicale's 409 and no name (`conflicts: 'radicale'`);
// - If-Match is honoured (412 when the ETag differs).
// `answerPut` replaces the answer to every PUT (a 207 with a failed precondition, a 202, …).
import { calendarObject, multistatus, multistatusOf, type Handler, type Recorded } from './stubs.ts';

export type StoredEvent = { data: string; etag: string };
export type SecondServer = {
  /** Resources by path ("/h1/work/invite.ics"). */
  store: Map<string, StoredEvent>;
  /** The routes of the collection's REPORT and of PUT and DELETE of the resources `names` in it. */
  routes(...names: string[]): Record<string, Handler>;
  /** The UIDs in `data` (unfolded UID lines). */
  uidsOf(data: string): string[];
};

const uidsOf = (data: string) => [...data.matchAll(/^UID:(.*?)\r?$/gm)].map((match) => match[1]);

const xmlError = (status: number, inner: string) =>
  new Response(
    `<?xml version="1.0" encoding="utf-8"?><D:error xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">${inner}</D:error>`,
    { status, headers: { 'content-type': 'application/xml; charset=utf-8' } },
  );

export function secondServer(
  collection: string,
  options: {
    conflicts?: 'rfc' | 'multistatus' | 'radicale';
    answerPut?: (request: Recorded) => Response | undefined;
    /** The broken expansion this server answers when asked to expand. */
    expanded?: string;
  } = {},
): SecondServer {
  const store = new Map<string, StoredEvent>();
  const base = new URL(collection);
  let version = 0;

  const report: Handler = (request) => {
    if (/<c:expand\b/.test(request.body)) return multistatus(options.expanded ?? multistatusOf());
    const uid = /<c:prop-filter name="UID">\s*<c:text-match[^>]*>([^<]*)<\/c:text-match>/.exec(request.body)?.[1];
    // A time-range matches every event here (all overlap the windows the tests ask for, recurring ones by one of
    // their instances: RFC 4791, 9.9); a UID's text-match is a substring match.
    const found = [...store].filter(([, event]) => uid === undefined || event.data.includes(uid));
    return multistatus(multistatusOf(...found.map(([path, event]) => calendarObject(path, event.data, event.etag))));
  };

  const put: Handler = (request) => {
    const answer = options.answerPut?.(request);
    if (answer) return answer;
    const path = new URL(request.url).pathname;
    const existing = store.get(path);
    const ifMatch = request.headers.get('if-match');
    if (ifMatch !== null && ifMatch !== existing?.etag) return new Response(null, { status: 412 });
    const [uid] = uidsOf(request.body);
    const holder = [...store].find(([other, event]) => other !== path && uidsOf(event.data).includes(uid))?.[0];
    if (holder) {
      const named = `<C:no-uid-conflict><D:href>${holder}</D:href></C:no-uid-conflict>`;
      if (options.conflicts === 'radicale') return xmlError(409, '<C:no-uid-conflict/>');
      if (options.conflicts === 'multistatus') {
        return multistatus(
          multistatusOf(
            `<d:response><d:href>${path}</d:href><d:status>HTTP/1.1 403 Forbidden</d:status>` +
              `<d:error>${named.replaceAll('C:', 'c:').replaceAll('D:', 'd:')}</d:error></d:response>`,
          ),
        );
      }
      return xmlError(403, named);
    }
    version += 1;
    store.set(path, { data: request.body, etag: `"v${version}"` });
    return new Response(null, { status: existing ? 204 : 201, headers: { etag: `"v${version}"` } });
  };

  const remove: Handler = (request) => {
    const path = new URL(request.url).pathname;
    const existing = store.get(path);
    const ifMatch = request.headers.get('if-match');
    if (!existing) return new Response(null, { status: 404 });
    if (ifMatch !== null && ifMatch !== existing.etag) return new Response(null, { status: 412 });
    store.delete(path);
    return new Response(null, { status: 204 });
  };

  const handle: Handler = (request) => {
    if (request.method === 'REPORT' && request.url === base.href) return report(request);
    if (request.method === 'PUT') return put(request);
    if (request.method === 'DELETE') return remove(request);
    return new Response(null, { status: 405 });
  };
  return {
    store,
    uidsOf,
    routes: (...names) =>
      Object.fromEntries([
        [`REPORT ${base.href}`, handle],
        ...names.flatMap((name) => {
          const url = new URL(name, base).href;
          return [
            [`PUT ${url}`, handle],
            [`DELETE ${url}`, handle],
          ];
        }),
      ]),
  };
}
