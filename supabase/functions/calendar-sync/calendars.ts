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

export interface CalendarWriter {
  /** Creates or replaces the event named `name` (e.g. "booking-<id>.ics") in the host's calendar. */
  put(host: HostCalendar, name: string, iCalendar: string): Promise<void>;
  /** Removes it; an event that is not there counts as removed. */
  remove(host: HostCalendar, name: string): Promise<void>;
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
