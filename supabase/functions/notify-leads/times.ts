// How a call's time is written, from IANA zone names with Intl (never a fixed offset): in the e-mails
// (booking-render.ts) and in `npm run leads` (dev/leads/bookings.ts), which imports this file as it is. No imports,
// so Node can load it too.

/** "New York" for America/New_York, "Lord Howe" for Australia/Lord_Howe, "UTC" for UTC. */
export function placeOf(zone: string): string {
  const last = zone.split('/').pop() ?? zone;
  return zone.startsWith('Etc/') ? zone.slice(4) : last.replaceAll('_', ' ');
}

export function part(instant: Date, zone: string, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat('en-AU', { timeZone: zone, ...options }).format(instant);
}

/** The offset `zone` has at `instant`, as "GMT+11", "GMT-5", "GMT+5:45" or "GMT". */
export function offsetAt(instant: Date, zone: string): string {
  return (
    new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' })
      .formatToParts(instant)
      .find((piece) => piece.type === 'timeZoneName')?.value ?? zone
  );
}

/** "Thursday 26 November 2026 at 10:00 am New York time (GMT-5)". */
export function describeTime(instant: Date, zone: string): string {
  const day = part(instant, zone, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  const time = part(instant, zone, { hour: 'numeric', minute: '2-digit' });
  return `${day} at ${time} ${placeOf(zone)} time (${offsetAt(instant, zone)})`;
}

/** "Thu 26 Nov, 10:00 am", for subjects. */
export function shortTime(instant: Date, zone: string): string {
  const pieces = new Intl.DateTimeFormat('en-AU', { timeZone: zone, weekday: 'short', day: 'numeric', month: 'short' })
    .formatToParts(instant)
    .filter((piece) => piece.type !== 'literal')
    .map((piece) => piece.value);
  return `${pieces.join(' ')}, ${part(instant, zone, { hour: 'numeric', minute: '2-digit' })}`;
}
