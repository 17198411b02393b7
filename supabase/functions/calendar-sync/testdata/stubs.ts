// Test doubles at the fetch level: a router that answers each request from a handler by method and URL and
// records every request (method, URL, headers, body).
export type Recorded = { method: string; url: string; headers: Headers; body: string };
export type Handler = (request: Recorded) => Response | Promise<Response>;

export function fetchRouter(routes: Record<string, Handler>) {
  const requests: Recorded[] = [];
  const fetchStub = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request: Recorded = {
      method: init?.method ?? 'GET',
      url: String(input),
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : '',
    };
    requests.push(request);
    const handler = routes[`${request.method} ${request.url}`] ?? routes[request.url];
    if (!handler) throw new TypeError(`no route for ${request.method} ${request.url}`);
    return await handler(request);
  };
  return { fetch: fetchStub as typeof fetch, requests };
}

export const multistatus = (body: string, contentType = 'application/xml; charset=utf-8') =>
  new Response(body, { status: 207, headers: { 'content-type': contentType } });

export const calendarObject = (href: string, data: string, etag = '"1"') =>
  `<d:response><d:href>${href}</d:href><d:propstat><d:prop><d:getetag>${etag}</d:getetag>` +
  `<c:calendar-data>${data.replaceAll('&', '&amp;').replaceAll('<', '&lt;')}</c:calendar-data></d:prop>` +
  '<d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>';

export const multistatusOf = (...responses: string[]) =>
  `<?xml version="1.0" encoding="utf-8"?><d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">${responses.join('')}</d:multistatus>`;

/** An iCalendar object with the given content lines between BEGIN:VCALENDAR and END:VCALENDAR. */
export const vcalendar = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//tests//EN', ...lines, 'END:VCALENDAR', ''].join('\r\n');

export const vevent = (uid: string, ...lines: string[]) => [
  'BEGIN:VEVENT',
  `UID:${uid}`,
  'DTSTAMP:20260901T000000Z',
  'SUMMARY:Secret project',
  ...lines,
  'END:VEVENT',
];
