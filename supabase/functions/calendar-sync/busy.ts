// A host's busy times from the calendar objects a CalDAV server returned: start and end only (titles,
// descriptions and attendees are read by nobody and go nowhere). Servers that expand recurrences send each
// instance; the others send the recurring event itself, expanded here with ical.js (RRULE, RDATE, EXDATE, and
// instances moved or changed by a RECURRENCE-ID override). Free ("TRANSP:TRANSPARENT") and cancelled events and
// instances are not busy. Times with a zone are read in that zone, floating times and all-day dates in the host's
// (an all-day event is busy from midnight to midnight there), all with Intl: see zoned.ts.
import ICAL from 'npm:ical.js@2.2.1';
import { isBookingUid } from '../_shared/booking-uid.ts';
import { CalendarError } from './calendars.ts';
import { mergeAndClip, type Range } from './ranges.ts';
import { isTimeZone, zonedToInstant } from './zoned.ts';

type Component = InstanceType<typeof ICAL.Component>;
type Time = InstanceType<typeof ICAL.Time>;
type Timezone = InstanceType<typeof ICAL.Timezone>;
type Duration = InstanceType<typeof ICAL.Duration>;

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

/** DTEND − DTSTART, or DURATION, or one day for a date and nothing for a date-time (RFC 5545, 3.6.1). */
function lengthOf(event: Component, start: Time): Duration {
  const end = timeOf(event, 'dtend');
  if (end) return end.subtractDate(start);
  const duration = event.getFirstPropertyValue('duration');
  if (duration instanceof ICAL.Duration) return duration;
  return ICAL.Duration.fromData(start.isDate ? { days: 1 } : {});
}

/** One instance: from `start` (wall clock in the zone `tzid`) for the event's length. */
function rangeOf(start: Time, tzid: string | undefined, length: Duration, reader: Reader): Range {
  const end = start.clone();
  end.addDuration(length);
  return { start: instantOf(start, tzid, reader), end: instantOf(end, tzid, reader) };
}

function singleInstance(event: Component, reader: Reader): Range | undefined {
  const start = timeOf(event, 'dtstart');
  return start && rangeOf(start, tzidOf(event, 'dtstart'), lengthOf(event, start), reader);
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
  const length = lengthOf(master, start);
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
