// Times as a visitor reads them: in an IANA zone, with the platform's time-zone data (Intl), never a fixed
// offset. The site writes Australian English ("Thursday 26 November", "9:00 am").
import type { Slot } from './booking-api';

const LOCALE = 'en-AU';

/** The zone the visitor's device is set to; UTC where the browser does not say. */
export function detectTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat(LOCALE, { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${zone}|${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(LOCALE, { ...options, timeZone: zone });
    formatters.set(key, made);
  }
  return made;
}

/** "Thursday 26 November" */
export const formatDay = (instant: string, zone: string) =>
  formatter(zone, { weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(instant));

/** "9:00 am" */
export const formatTime = (instant: string, zone: string) =>
  formatter(zone, { hour: 'numeric', minute: '2-digit' }).format(new Date(instant));

/** "YYYY-MM-DD" of `instant` on the clock of `zone`. */
export function dayKey(instant: string, zone: string): string {
  const parts = formatter(zone, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(instant));
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** The zone's name at `instant`: "Australian Eastern Daylight Time", or "GMT+05:45" where it has none. */
export function zoneName(zone: string, instant: string = new Date().toISOString()): string {
  const part = formatter(zone, { timeZoneName: 'long' })
    .formatToParts(new Date(instant))
    .find((item) => item.type === 'timeZoneName');
  return part?.value ?? zone;
}

/** "Australian Eastern Daylight Time (Sydney)": the name people know, and the place that tells zones apart. */
export function zoneLabel(zone: string, instant?: string): string {
  const place = placeName(zone);
  const name = zoneName(zone, instant);
  return place === zone || name.includes(place) || name.includes(idPlace(zone)) ? name : `${name} (${place})`;
}

/** Places whose IANA name is an older spelling (browsers still report some: Asia/Calcutta) or reads oddly. */
const PLACE_NAMES: Record<string, string> = {
  Asmera: 'Asmara',
  Calcutta: 'Kolkata',
  Canary: 'Canary Islands',
  Chatham: 'Chatham Islands',
  Christmas: 'Christmas Island',
  Cocos: 'Cocos Islands',
  DumontDUrville: 'Dumont d’Urville',
  Easter: 'Easter Island',
  Enderbury: 'Kanton',
  Faeroe: 'Faroe Islands',
  Godthab: 'Nuuk',
  Ho_Chi_Minh: 'Ho Chi Minh City',
  Katmandu: 'Kathmandu',
  Kiev: 'Kyiv',
  Lord_Howe: 'Lord Howe Island',
  Norfolk: 'Norfolk Island',
  Ponape: 'Pohnpei',
  Rangoon: 'Yangon',
  Saigon: 'Ho Chi Minh City',
  Truk: 'Chuuk',
};

/** The IANA name's last part as written: "Lord Howe" for Australia/Lord_Howe. */
const idPlace = (zone: string) => zone.split('/').pop()!.replace(/_/g, ' ');

/**
 * The place as people name it: "Sydney", "Kolkata" (for Asia/Calcutta too), "Lord Howe Island", and with the
 * state or country of the Americas' three-part names: "Knox, Indiana".
 */
export function placeName(zone: string): string {
  const parts = zone.split('/');
  const last = parts[parts.length - 1];
  const place = PLACE_NAMES[last] ?? idPlace(zone);
  return parts.length > 2 ? `${place}, ${parts[1].replace(/_/g, ' ')}` : place;
}

/** The zone's offset from GMT at `instant`, from the platform's IANA data: "GMT+11", "GMT+5:45", "GMT". */
export function zoneOffset(zone: string, instant: Date | string = new Date()): string {
  const part = formatter(zone, { timeZoneName: 'shortOffset' })
    .formatToParts(new Date(instant))
    .find((item) => item.type === 'timeZoneName');
  const offset = (part?.value ?? 'GMT').replace(/^UTC/, 'GMT').replace('\u2212', '-');
  return offset === 'GMT+0' || offset === 'GMT-0' ? 'GMT' : offset;
}

/** A zone as the zone picker lists it: "Perth (GMT+8)", with the offset it has at `instant`. */
export const zoneChoiceLabel = (zone: string, instant: Date | string = new Date()) =>
  `${placeName(zone)} (${zoneOffset(zone, instant)})`;

export type DayOfSlots = { key: string; label: string; slots: Slot[] };

/** The slots by the visitor's calendar day, in order: a call at 11:30 pm and one at 12:30 am are two days. */
export function groupByDay(slots: Slot[], zone: string): DayOfSlots[] {
  const days: DayOfSlots[] = [];
  for (const slot of [...slots].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))) {
    const key = dayKey(slot.startsAt, zone);
    const last = days[days.length - 1];
    if (last?.key === key) last.slots.push(slot);
    else days.push({ key, label: formatDay(slot.startsAt, zone), slots: [slot] });
  }
  return days;
}

/** Fills {day}, {time}, {zone} and {teamZone} for a call at `instant`; other placeholders stay. */
export function fillTime(text: string, instant: string, zone: string, teamZone?: string): string {
  return text
    .replaceAll('{day}', formatDay(instant, zone))
    .replaceAll('{time}', formatTime(instant, zone))
    .replaceAll('{zone}', zoneLabel(zone, instant))
    .replaceAll('{teamZone}', teamZone ? zoneLabel(teamZone, instant) : '{teamZone}');
}
