// The hosts' own calendars for end-to-end tests (issue 34): one Radicale (dev/caldav/radicale.ts) with an
// account and a "work" calendar per host, read and written with tsdav as the host's calendar app would, and the
// accounts in the calendar-sync function's CALDAV_ACCOUNTS form. The calendar sync writes while a test reads, so a
// read is one REPORT: the calendar as it was at one moment (issue 42).
import { createDAVClient } from 'tsdav';
import type { CalDavAccounts } from '../../dev/calendars/runner';
import { startRadicale, type CalDavAccount, type RadicaleServer } from '../../dev/caldav/radicale';

type DavClient = Awaited<ReturnType<typeof createDAVClient>>;
export type CalendarEvent = { url: string; data: string };

export type HostCalendars = {
  radicale: RadicaleServer;
  /** The account's calendar collection, ending in `/` (a host's calendar_url). */
  calendarUrl(user: string): string;
  /** CALDAV_ACCOUNTS for every account, keyed by the user name (a host's credential_key). */
  accounts: CalDavAccounts;
  events(user: string): Promise<CalendarEvent[]>;
  /** Adds (or replaces) `<name>` in the account's calendar. */
  put(user: string, name: string, ics: string): Promise<void>;
  remove(user: string, name: string): Promise<void>;
  /** Empties every account's calendar. */
  clear(): Promise<void>;
  close(): Promise<void>;
};

export async function startHostCalendars(
  accounts: readonly CalDavAccount[],
  /** `fetch`: what tsdav sends its requests with (a test can watch them or act between them). */
  { fetch }: { fetch?: typeof globalThis.fetch } = {},
): Promise<HostCalendars> {
  const radicale = await startRadicale(accounts);
  const calendarUrl = (user: string) => `${radicale.homeUrl(user)}work/`;
  const clients = new Map<string, DavClient>();
  try {
    for (const account of accounts) {
      const client = await createDAVClient({
        serverUrl: radicale.url,
        credentials: { username: account.user, password: account.password },
        authMethod: 'Basic',
        defaultAccountType: 'caldav',
        fetch,
      });
      const url = calendarUrl(account.user);
      const refused = (await client.makeCalendar({ url, props: { displayname: `${account.user} at work` } })).find(
        (response) => !response.ok,
      );
      if (refused) throw new Error(`MKCALENDAR ${url}: HTTP ${refused.status} ${refused.statusText ?? ''}`.trim());
      clients.set(account.user, client);
    }
  } catch (error) {
    await radicale.close();
    throw error;
  }
  const clientOf = (user: string) => {
    const client = clients.get(user);
    if (!client) throw new Error(`no calendar account ${user}`);
    return client;
  };
  // One calendar-query REPORT that answers with each event's data. Not tsdav's fetchCalendarObjects: it lists the
  // events in one REPORT and fetches them in a second (calendar-multiget), and an event the calendar sync deletes
  // between the two is answered 404 there, which fails the whole read ("Collection query failed: 404 Not Found").
  const events = async (user: string): Promise<CalendarEvent[]> => {
    const url = calendarUrl(user);
    const responses = await clientOf(user).calendarQuery({
      url,
      props: { 'd:getetag': {}, 'c:calendar-data': {} },
      filters: [{ 'comp-filter': { _attributes: { name: 'VCALENDAR' } } }],
      depth: '1',
    });
    // An empty calendar's multistatus has no response, which tsdav gives as one without an href.
    return responses
      .filter((response) => response.href)
      .map((response) => ({
        url: new URL(String(response.href), url).href,
        data: String(response.props?.calendarData?._cdata ?? response.props?.calendarData ?? ''),
      }));
  };
  const remove = async (user: string, name: string) => {
    // Never the calendar itself: a DELETE of the collection URL would remove the whole calendar.
    if (!name || name.includes('/')) throw new Error(`not an event's name in ${calendarUrl(user)}: "${name}"`);
    const response = await clientOf(user).deleteObject({ url: `${calendarUrl(user)}${name}` });
    if (!response.ok && response.status !== 404) throw new Error(`DELETE ${name}: HTTP ${response.status}`);
  };
  return {
    radicale,
    calendarUrl,
    accounts: Object.fromEntries(accounts.map(({ user, password }) => [user, { username: user, password }])),
    events,
    async put(user, name, ics) {
      const response = await clientOf(user).createObject({
        url: `${calendarUrl(user)}${name}`,
        data: ics,
        headers: { 'content-type': 'text/calendar; charset=utf-8' },
      });
      if (!response.ok) throw new Error(`PUT ${name}: HTTP ${response.status}`);
    },
    remove,
    async clear() {
      for (const { user } of accounts) {
        for (const event of await events(user)) {
          if (!event.url.startsWith(calendarUrl(user))) throw new Error(`${event.url} is not in ${calendarUrl(user)}`);
          await remove(user, event.url.slice(calendarUrl(user).length));
        }
      }
    },
    close: () => radicale.close(),
  };
}

/** An instant as iCalendar writes it in UTC: 20261203T230000Z. */
export const icsTime = (instant: string) => new Date(instant).toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');

/** A meeting in a host's own calendar, as their calendar app stores it. */
export const meeting = (uid: string, startsAt: string, endsAt: string, summary = 'Board meeting') =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Brightlane//tests//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20261101T000000Z',
    `DTSTART:${icsTime(startsAt)}`,
    `DTEND:${icsTime(endsAt)}`,
    `SUMMARY:${summary}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

/** The value of an event's first `name` property (unfolded), e.g. DTSTART or SEQUENCE. */
export function property(ics: string, name: string): string | undefined {
  const unfolded = ics.replace(/\r?\n[ \t]/g, '');
  return new RegExp(`^${name}(?:;[^:\\r\\n]*)?:(.*)$`, 'm').exec(unfolded)?.[1]?.trim();
}
