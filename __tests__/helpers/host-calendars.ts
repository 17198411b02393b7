// The hosts' own calendars for end-to-end tests (issue 34): one Radicale (dev/caldav/radicale.ts) with an
// account and a "work" calendar per host, read and written with tsdav as the host's calendar app would, and the
// accounts in the calendar-sync function's CALDAV_ACCOUNTS form.
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

export async function startHostCalendars(accounts: readonly CalDavAccount[]): Promise<HostCalendars> {
  const radicale = await startRadicale(accounts);
  const calendarUrl = (user: string) => `${radicale.homeUrl(user)}work/`;
  const clients = new Map<string, DavClient>();
  for (const account of accounts) {
    const client = await createDAVClient({
      serverUrl: radicale.url,
      credentials: { username: account.user, password: account.password },
      authMethod: 'Basic',
      defaultAccountType: 'caldav',
    });
    await client.makeCalendar({ url: calendarUrl(account.user), props: { displayname: `${account.user} at work` } });
    clients.set(account.user, client);
  }
  const clientOf = (user: string) => {
    const client = clients.get(user);
    if (!client) throw new Error(`no calendar account ${user}`);
    return client;
  };
  const events = async (user: string) =>
    (await clientOf(user).fetchCalendarObjects({ calendar: { url: calendarUrl(user) } })).map((object) => ({
      url: object.url,
      data: String(object.data ?? ''),
    }));
  const remove = async (user: string, name: string) => {
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
        for (const event of await events(user)) await remove(user, event.url.slice(calendarUrl(user).length));
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
