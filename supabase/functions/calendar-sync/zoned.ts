// Wall-clock times in an IANA zone turned into instants with Intl, never a fixed offset: the offset is read for
// the instant itself, so a day with a daylight-saving change (23 or 25 hours long; 23.5 or 24.5 on Lord Howe
// Island, whose clocks move by half an hour) comes out right.
export type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

export function isTimeZone(zone: string): boolean {
  try {
    formatterFor(zone);
    return true;
  } catch {
    return false;
  }
}

/** Milliseconds `zone` is ahead of UTC at `instant`. */
function offsetMs(instant: number, zone: string): number {
  const parts = Object.fromEntries(
    formatterFor(zone)
      .formatToParts(new Date(instant))
      .map((part) => [part.type, Number(part.value)]),
  );
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant at which clocks in `zone` show `time`. A time skipped by a change to summer time is read with the
 * offset from before the change (02:30 on a night clocks jump from 02:00 to 03:00 is 03:30), as RFC 5545 says.
 */
export function zonedToInstant(time: WallClock, zone: string): number {
  const asUtc = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
  const before = offsetMs(asUtc - 86_400_000, zone);
  const after = offsetMs(asUtc + 86_400_000, zone);
  // Of the (at most two) offsets around this day, the one that maps back to the same wall clock; for a skipped
  // time neither does, and the earlier offset gives the RFC's reading.
  for (const offset of before === after ? [before] : [before, after]) {
    const candidate = asUtc - offset;
    if (offsetMs(candidate, zone) === offset) return candidate;
  }
  return asUtc - before;
}
