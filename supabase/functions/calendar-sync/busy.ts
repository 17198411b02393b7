// A host's busy times from the calendar objects a CalDAV server returned: start and end only (titles,
// descriptions and attendees are read by nobody and go nowhere). Recurring events come as themselves (caldav.ts
// never asks the server to expand them: servers differ at it) and are expanded here with ical.js (RRULE, RDATE,
// EXDATE, and instances moved or changed by a RECURRENCE-ID override); instances a server expanded anyway are
// taken as they are. Free ("TRANSP:TRANSPARENT") and cancelled events and instances are not busy. Times with a
// zone are read in that zone (DTSTART and DTEND each in its own), floating times and all-day dates in the host's
// (an all-day event is busy from midnight to midnight there), all with Intl: see zoned.ts.
import ICAL from 'npm:ical.js@2.2.1';
import { isBookingUid } from '../_shared/booking-uid.ts';
import { CalendarError } from './calendars.ts';
import { mergeAndClip, type Range } from './ranges.ts';
import { isTimeZone, zonedToInstant } from './zoned.ts';

type Component = InstanceType<typeof ICAL.Component>;
type Time = InstanceType<typeof ICAL.Time>;
type Timezone = InstanceType<typeof ICAL.Timezone>;

export type CalendarObject = { url: string; data: string };

export class UnreadableCalendarData extends CalendarError {
  constructor(message: string) {
    super(message, true);
  }
}

// A rule that repeats every minute for years would never end; real calendars stay far below this.
const MAX_OCCURRENCES = 100_000;

type Reader = { hostZone: string; definitions: Map<string, Timezone> };

/** The instant a DATE-TIME or DATE value stands for; `tzid` is its TZID parameter. */
function instantOf(time: Time, tzid: string | undefined, reader: Reader): number {
  const wall = {
    year: time.year,
    month: time.month,
    day: time.day,
    hour: time.hour,
    minute: time.minute,
    second: time.second,
  };
  if (time.isDate) return zonedToInstant({ ...wall, hour: 0, minute: 0, second: 0 }, reader.hostZone);
  if (time.zone?.tzid === 'UTC')
    return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  if (tzid && isTimeZone(tzid)) return zonedToInstant(wall, tzid);
  // A zone Intl does not know (Outlook writes Windows names, e.g. "W. Europe Standard Time"): the rules of its
  // VTIMEZONE in the same calendar object.
  const definition = tzid ? reader.definitions.get(tzid) : undefined;
  if (definition) {
    const zoned = time.clone();
    zoned.zone = definition;
    return zoned.toUnixTime() * 1000;
  }
  return zonedToInstant(wall, reader.hostZone);
}

function tzidOf(component: Component, name: string): string | undefined {
  const tzid = component.getFirstProperty(name)?.getParameter('tzid');
  return typeof tzid === 'string' ? tzid : undefined;
}

function timeOf(component: Component, name: string): Time | undefined {
  const value = component.getFirstPropertyValue(name);
  return value instanceof ICAL.Time ? value : undefined;
}

function isBusy(event: Component): boolean {
  const status = String(event.getFirstPropertyValue('status') ?? '').toUpperCase();
  const transparency = String(event.getFirstPropertyValue('transp') ?? '').toUpperCase();
  return status !== 'CANCELLED' && transparency !== 'TRANSPARENT';
}

/**
 * How long each instance lasts (RFC 5545, 3.8.5.3). With DTEND: the exact time between the start and end
 * instants, each read in its own zone (DTEND may name another zone than DTSTART: 10:00 in London to 13:00 in New
 * York is 10:00 to 18:00 UTC in winter), and for a recurring event that time between the master's DTSTART and
 * DTEND "will apply to all the members of the generated recurrence set", whatever the clocks do meanwhile (ical.js
 * measures it the same way, subtractDateTz, though it then adds it to each instance's wall clock). With DURATION:
 * a nominal length, its weeks and days on the instance's own clock (a day across a daylight-saving change is 23
 * or 25 hours) and its hours, minutes and seconds exact (3.3.6). All-day dates count days on the calendar. With
 * neither: a day for a date, nothing for a date-time (3.6.1).
 */
type Length = { days: number; ms: number };

function lengthOf(event: Component, start: Time, reader: Reader): Length {
  const end = timeOf(event, 'dtend');
  if (end && start.isDate) return { days: Math.round(end.subtractDate(start).toSeconds() / 86_400), ms: 0 };
  if (end) {
    const ms = instantOf(end, tzidOf(event, 'dtend'), reader) - instantOf(start, tzidOf(event, 'dtstart'), reader);
    return { days: 0, ms };
  }
  const duration = event.getFirstPropertyValue('duration');
  if (duration instanceof ICAL.Duration) {
    const sign = duration.isNegative ? -1 : 1;
    const seconds = duration.hours * 3600 + duration.minutes * 60 + duration.seconds;
    return { days: sign * (duration.weeks * 7 + duration.days), ms: sign * seconds * 1000 };
  }
  return { days: start.isDate ? 1 : 0, ms: 0 };
}

/** One instance: from `start` (wall clock in the zone `tzid`) for `length`. */
function rangeOf(start: Time, tzid: string | undefined, length: Length, reader: Reader): Range {
  const from = instantOf(start, tzid, reader);
  let to = from;
  if (length.days !== 0) {
    const day = start.clone();
    day.adjust(length.days, 0, 0, 0);
    to = instantOf(day, tzid, reader);
  }
  return { start: from, end: to + length.ms };
}

function singleInstance(event: Component, reader: Reader): Range | undefined {
  const start = timeOf(event, 'dtstart');
  return start && rangeOf(start, tzidOf(event, 'dtstart'), lengthOf(event, start, reader), reader);
}

/** Instants named by the event's EXDATE properties (each with its own TZID). */
function excludedInstants(event: Component, reader: Reader): Set<number> {
  const excluded = new Set<number>();
  for (const property of event.getAllProperties('exdate')) {
    const tzid = property.getParameter('tzid');
    for (const value of property.getValues()) {
      if (value instanceof ICAL.Time)
        excluded.add(instantOf(value, typeof tzid === 'string' ? tzid : undefined, reader));
    }
  }
  return excluded;
}

/** The recurring event's instances that reach into the window, except those excluded or overridden. */
function* occurrences(master: Component, replaced: Set<number>, window: Range, reader: Reader): Generator<Range> {
  const start = timeOf(master, 'dtstart');
  if (!start) return;
  const tzid = tzidOf(master, 'dtstart');
  const length = lengthOf(master, start, reader);
  const excluded = excludedInstants(master, reader);
  const expansion = new ICAL.Event(master).iterator();
  for (let count = 0; ; count++) {
    if (count >= MAX_OCCURRENCES) throw new UnreadableCalendarData('a recurring event repeats too often to expand');
    const next = expansion.next();
    if (!next) return;
    const range = rangeOf(next, tzid, length, reader);
    if (range.start >= window.end) return;
    if (range.end > window.start && !excluded.has(range.start) && !replaced.has(range.start)) yield range;
  }
}

function parse(object: CalendarObject): Component[] {
  try {
    const parsed = ICAL.parse(object.data);
    const calendars = (Array.isArray(parsed[0]) ? parsed : [parsed]) as unknown[];
    return calendars.map((jcal) => new ICAL.Component(jcal as ConstructorParameters<typeof ICAL.Component>[0]));
  } catch {
    // ical.js quotes the offending line, which may be an event's title: not repeated here.
    throw new UnreadableCalendarData(`the calendar object ${object.url} is not valid iCalendar`);
  }
}

function busyOfCalendar(calendar: Component, window: Range, hostZone: string): Range[] {
  const definitions = new Map<string, Timezone>();
  for (const definition of calendar.getAllSubcomponents('vtimezone')) {
    const zone = new ICAL.Timezone(definition);
    if (zone.tzid) definitions.set(zone.tzid, zone);
  }
  const reader: Reader = { hostZone, definitions };
  const byUid = new Map<string, Component[]>();
  for (const event of calendar.getAllSubcomponents('vevent')) {
    const uid = String(event.getFirstPropertyValue('uid') ?? '');
    byUid.set(uid, [...(byUid.get(uid) ?? []), event]);
  }
  const ranges: Range[] = [];
  for (const [uid, events] of byUid) {
    // A booked call written here (or accepted from its invitation) is blocked by the database already, with its
    // buffers; read back as a meeting it would keep its own host busy, so a move overlapping its old time would
    // go to another host, and a cancelled call's time would stay taken until the event's delete.
    if (isBookingUid(uid)) continue;
    const isMaster = (event: Component) =>
      !event.hasProperty('recurrence-id') && (event.hasProperty('rrule') || event.hasProperty('rdate'));
    const master = events.find(isMaster);
    const instances = events.filter((event) => !isMaster(event));
    for (const instance of instances) {
      const range = isBusy(instance) ? singleInstance(instance, reader) : undefined;
      if (range) ranges.push(range);
    }
    if (master && isBusy(master)) {
      const replaced = new Set(
        instances.flatMap((instance) => {
          const id = timeOf(instance, 'recurrence-id');
          return id ? [instantOf(id, tzidOf(instance, 'recurrence-id'), reader)] : [];
        }),
      );
      ranges.push(...occurrences(master, replaced, window, reader));
    }
  }
  return ranges;
}

/** The busy times in `window`, merged and clipped to it. */
export function busyTimesOf(objects: CalendarObject[], window: Range, hostZone: string): Range[] {
  const ranges = objects.flatMap((object) =>
    parse(object).flatMap((calendar) => busyOfCalendar(calendar, window, hostZone)),
  );
  return mergeAndClip(ranges, window);
}
