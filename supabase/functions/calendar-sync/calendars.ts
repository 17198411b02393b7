// What the function needs from a host's calendar, whatever serves it: the busy times in a window, and a booked
// call's event written or removed. CalDAV (caldav.ts: Google, iCloud, Fastmail, Nextcloud, Radicale) is one
// implementation; Microsoft 365 (Graph getSchedule and events) or Google's freeBusy API would be others behind
// the same two interfaces.
import type { Range } from './ranges.ts';

export type HostCalendar = { calendarUrl: string; credentialKey: string; timeZone: string };

export interface BusyTimeSource {
  /** The host's busy times overlapping `window`, merged and clipped to it. Throws when they cannot be read. */
  busyTimes(host: HostCalendar, window: Range): Promise<Range[]>;
}

/**
 * What the function knows of a booked call's event beyond its name: its UID, and the address an earlier write
 * left it at (the host's own copy, from the invitation, may live under another name).
 */
export type KnownEvent = { uid?: string; url?: string | null };

export interface CalendarWriter {
  /**
   * Creates or replaces the event named `name` (e.g. "booking-<id>.ics") in the host's calendar, or at `known.url`,
   * or wherever the calendar holds its UID already. Resolves with the address it is at.
   */
  put(host: HostCalendar, name: string, iCalendar: string, known?: KnownEvent): Promise<string>;
  /** Removes it (at `known.url`, else `name`, else wherever its UID is); an event that is not there counts as removed. */
  remove(host: HostCalendar, name: string, known?: KnownEvent): Promise<void>;
}

/**
 * A failure worth trying again later (the server or the network), or not (our request is refused as such);
 * `status` is the calendar server's HTTP status when it answered.
 */
export class CalendarError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
  ) {
    super(message);
  }
}
