// What a visitor said about when and where: the time zone named in an answer ("Perth", "AEST", "GMT+10",
// "Kathmandu") and the days and hours asked for ("Tuesday morning", "after 3pm", "next week", "any weekday
// before 11"), and which free times fit them. Pure: the words come from the content (chat.json's callTimes),
// the calendar from the platform's time-zone data (Intl). No fixed offset is ever computed with, except the one
// a visitor gave ("UTC+10"), which is what they asked for.
import type { Slot } from './booking-api';

type Words = readonly string[];
export type Weekday = 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';
export type Month =
  | 'january'
  | 'february'
  | 'march'
  | 'april'
  | 'may'
  | 'june'
  | 'july'
  | 'august'
  | 'september'
  | 'october'
  | 'november'
  | 'december';

/** The word lists the parser reads with (content/chat.json, callTimes). */
export type TimeWords = {
  zones: readonly { zone: string; words: Words }[];
  offsetWords: Words;
  weekdays: Record<Weekday, Words>;
  todayWords: Words;
  tomorrowWords: Words;
  nextWeekWords: Words;
  workdayWords: Words;
  weekendWords: Words;
  months: Record<Month, Words>;
  timesOfDay: readonly { from: string; until: string; words: Words }[];
  afterWords: Words;
  beforeWords: Words;
  rangeWords: Words;
  amWords: Words;
  pmWords: Words;
};

const WEEKDAYS: readonly Weekday[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const MONTHS: readonly Month[] = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
/** Suffixes of an ordinal day ("14th"): grammar, not a word a marketer would change. */
const ORDINAL = new Set(['st', 'nd', 'rd', 'th']);
/** Words that soften a time ("9ish", "3 pm-ish"). */
const ISH = 'ish';

// ---------------------------------------------------------------------------------------------------------------
// Words

/** Tokens of `text`: words, clock figures ("10:30", "10.30") and the signs + and -. */
function tokens(text: string, known: ReadonlySet<string>): string[] {
  const raw =
    text
      .toLowerCase()
      .replace(/[\u2018\u2019\u02bc]/g, "'")
      .replace(/[\u2013\u2014]/g, '-')
      .match(/\d{1,2}[:.]\d{2}(?!\d)|[\p{L}\p{N}']+|[-+]/gu) ?? [];
  return raw.flatMap((token) => {
    const word = token.replace(/^'+|'+$/g, '');
    if (!word) return [];
    // "3pm", "14th", "9ish" are a figure and a word; "2moro" is a word of a list.
    const split = /^(\d+)(\p{L}+)$/u.exec(word);
    return split && !known.has(word) ? [split[1], split[2]] : [word];
  });
}

const phraseWords = (phrase: string) => tokens(phrase, new Set([phrase.toLowerCase()]));

/** Damerau–Levenshtein distance of at most one: "sydeny" for "sydney", "melborne" for "melbourne". */
function nearlyEqual(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  if (a.length === b.length) {
    return (
      a.slice(i + 1) === b.slice(i + 1) || (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2))
    );
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** The shortest word a near miss is accepted for: shorter words are too easily another word ("wed", "sat"). */
const FUZZY_MIN_LENGTH = 5;

type Match<T> = { start: number; end: number; value: T };

/**
 * Where the phrases of `lists` stand in `said`, skipping tokens in `taken`. A longer phrase wins over one inside it
 * ("late afternoon" over "afternoon"); a word one slip away from a listed word of five letters or more counts
 * when it is no listed word itself.
 */
function findPhrases<T>(
  said: string[],
  lists: readonly { value: T; phrases: Words }[],
  taken: ReadonlySet<number>,
  exact: ReadonlySet<string>,
): Match<T>[] {
  const found: Match<T>[] = [];
  for (const { value, phrases } of lists) {
    for (const phrase of phrases) {
      const needle = phraseWords(phrase);
      if (needle.length === 0) continue;
      for (let start = 0; start + needle.length <= said.length; start += 1) {
        const fits = needle.every((word, offset) => {
          const at = said[start + offset];
          if (taken.has(start + offset)) return false;
          if (at === word) return true;
          return (
            needle.length === 1 &&
            word.length >= FUZZY_MIN_LENGTH &&
            at.length >= FUZZY_MIN_LENGTH &&
            !exact.has(at) &&
            /^\p{L}+$/u.test(at) &&
            nearlyEqual(at, word)
          );
        });
        if (fits) found.push({ start, end: start + needle.length, value });
      }
    }
  }
  // Drop a match inside a longer one of the same lists; of equal ones, the first listed stays.
  return found.filter(
    (match, index) =>
      !found.some(
        (other, otherIndex) =>
          other !== match &&
          other.start <= match.start &&
          other.end >= match.end &&
          (other.end - other.start > match.end - match.start ||
            (other.end - other.start === match.end - match.start && otherIndex < index)),
      ),
  );
}

function allWords(lists: Words[]): Set<string> {
  return new Set(lists.flatMap((list) => list.map((phrase) => phrase.toLowerCase())));
}

// ---------------------------------------------------------------------------------------------------------------
// Time zones

/** The zone an answer names: a zone of the content's list, an IANA name as typed, or a fixed offset it gave. */
export type NamedZone =
  | { kind: 'named'; zone: string }
  /** `minutes` east of UTC as the visitor gave them; `zone` an IANA zone that keeps that offset all year. */
  | { kind: 'offset'; zone: string; minutes: number };

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-AU', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at `instant`, in minutes, as the platform's zone data gives it. */
export function offsetMinutes(zone: string, instant: Date): number {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(instant)
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const found = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!found) return 0;
  return (found[1] === '-' ? -1 : 1) * (Number(found[2]) * 60 + Number(found[3]));
}

const constantZones = new Map<number, string | undefined>();

/**
 * An IANA zone for a fixed offset: Etc/GMT-10 for +10:00 (the Etc names' sign is inverted: POSIX counts west),
 * and for an offset of no whole hours (+05:30, +05:45) the first zone of the platform's list that keeps it all
 * year (checked each quarter over a year), as no Etc zone has one.
 */
export function zoneForOffset(minutes: number, now: Date = new Date()): string | undefined {
  if (minutes === 0) return 'Etc/UTC';
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    const zone = `Etc/GMT${hours > 0 ? '-' : '+'}${Math.abs(hours)}`;
    return isTimeZone(zone) ? zone : undefined;
  }
  if (!constantZones.has(minutes)) {
    const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    const quarters = [0, 1, 2, 3].map((quarter) => new Date(now.getTime() + quarter * 91 * 86_400_000));
    constantZones.set(
      minutes,
      all.find((zone) => quarters.every((instant) => offsetMinutes(zone, instant) === minutes)),
    );
  }
  return constantZones.get(minutes);
}

/** Whole hours between UTC−12 and UTC+14, or with 30 or 45 minutes: the offsets clocks use. */
function plausibleOffset(hours: number, minutes: number): boolean {
  return hours <= 14 && (minutes === 0 || minutes === 30 || minutes === 45);
}

/**
 * The time zone named in `answer`, or undefined where it names none the words know: "Perth" → Australia/Perth,
 * "AEST" → Australia/Sydney, "Australia/Sydney" as typed (the timezone button sends the device's zone so),
 * "GMT+10" → the fixed offset +10:00. An offset wins over a place ("GMT+10 (brisbane-ish)"); of two places, the
 * longer phrase, then the zone listed first.
 */
export function parseTimeZone(answer: string, words: TimeWords, now: Date = new Date()): NamedZone | undefined {
  const iana = answer.match(/[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+/g) ?? [];
  const typed = iana.find((name) => isTimeZone(name));
  if (typed) return { kind: 'named', zone: typed };

  const known = allWords([...words.zones.map((zone) => zone.words), words.offsetWords]);
  const said = tokens(answer, known);
  const offset = findOffset(said, words);
  if (offset !== undefined) {
    if (offset === 0) return { kind: 'named', zone: 'Etc/UTC' };
    const zone = zoneForOffset(offset, now);
    if (zone) return { kind: 'offset', zone, minutes: offset };
  }
  const matches = findPhrases(
    said,
    words.zones.map((zone) => ({ value: zone.zone, phrases: zone.words })),
    new Set(),
    known,
  );
  if (matches.length === 0) return undefined;
  const longest = Math.max(...matches.map((match) => match.end - match.start));
  const zone = matches.find((match) => match.end - match.start === longest)!.value;
  return isTimeZone(zone) ? { kind: 'named', zone } : undefined;
}

/** "UTC+5:30", "gmt +10", "GMT-5", or a bare "+10": minutes east of UTC. */
function findOffset(said: string[], words: TimeWords): number | undefined {
  const offsetWords = new Set(words.offsetWords.map((word) => word.toLowerCase()));
  for (let at = 0; at < said.length; at += 1) {
    const sign = said[at];
    if (sign !== '+' && sign !== '-') continue;
    const before = said[at - 1];
    if (at > 0 && !offsetWords.has(before)) continue;
    const figure = /^(\d{1,2})(?:[:.](\d{2}))?$/.exec(said[at + 1] ?? '');
    if (!figure) {
      if (before && offsetWords.has(before)) return undefined;
      continue;
    }
    let hours = Number(figure[1]);
    let minutes = figure[2] ? Number(figure[2]) : 0;
    // "+1000" style is read as "10" and "00" by the tokens; "+0530" is not offered by anyone in practice.
    if (!figure[2] && said[at + 2] && /^\d{2}$/.test(said[at + 2]) && said[at + 1].length === 2) {
      minutes = Number(said[at + 2]);
    }
    if (!plausibleOffset(hours, minutes) || (sign === '-' && hours > 12)) continue;
    hours = hours * 60 + minutes;
    return sign === '-' ? -hours : hours;
  }
  // "UTC" / "GMT" alone is a zone word, not an offset.
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Days and times

/** Minutes after midnight on the visitor's clock: [from, until). */
export type Window = { from: number; until: number };

export type TimePreference = {
  /** 1 = Monday … 7 = Sunday. */
  weekdays?: number[];
  relative?: 'today' | 'tomorrow';
  nextWeek?: true;
  /** A day of a month (month 1–12), or of whichever month comes next (no month). */
  date?: { month?: number; day: number };
  windows?: Window[];
};

const HOUR = 60;
const DAY = 24 * HOUR;
/** "at 3pm" means from an hour before to two hours after. */
const AT_BEFORE = HOUR;
const AT_AFTER = 2 * HOUR;

const clockMinutes = (text: string) => {
  const [hours, minutes] = text.split(':').map(Number);
  return hours * HOUR + minutes;
};

type Clock = { start: number; end: number; hours: number; minutes: number; meridiem?: 'am' | 'pm'; literal24: boolean };

function clockAt(said: string[], at: number, words: TimeWords, taken: ReadonlySet<number>): Clock | undefined {
  if (taken.has(at)) return undefined;
  const figure = /^(\d{1,2})(?:[:.](\d{2}))?$/.exec(said[at] ?? '');
  if (!figure) return undefined;
  const hours = Number(figure[1]);
  const minutes = figure[2] ? Number(figure[2]) : 0;
  if (hours > 24 || minutes > 59) return undefined;
  let end = at + 1;
  if (said[end] === ISH) end += 1;
  let meridiem: Clock['meridiem'];
  for (const [kind, list] of [
    ['am', words.amWords],
    ['pm', words.pmWords],
  ] as const) {
    for (const phrase of list) {
      const needle = phraseWords(phrase);
      if (needle.length > 0 && needle.every((word, offset) => said[end + offset] === word)) {
        meridiem = kind;
        end += needle.length;
        break;
      }
    }
    if (meridiem) break;
  }
  if (!meridiem && said[end] === ISH) end += 1;
  if (hours > 12 && meridiem) return undefined;
  const literal24 =
    hours === 0 || hours > 12 || (figure[2] !== undefined && figure[1].length === 2 && figure[1].startsWith('0'));
  return { start: at, end, hours, minutes, meridiem, literal24 };
}

/** The time a clock names: am/pm as said; otherwise 1–7 o'clock is afternoon (nobody books a call at 3 am). */
function minutesOf(clock: Clock, meridiem = clock.meridiem): number {
  let hours = clock.hours;
  if (meridiem === 'pm' && hours < 12) hours += 12;
  else if (meridiem === 'am' && hours === 12) hours = 0;
  else if (!meridiem && !clock.literal24 && hours >= 1 && hours <= 7) hours += 12;
  return Math.min(hours * HOUR + clock.minutes, DAY);
}

function endsWith(said: string[], end: number, phrases: Words): boolean {
  return phrases.some((phrase) => {
    const needle = phraseWords(phrase);
    return (
      needle.length > 0 &&
      end - needle.length >= 0 &&
      needle.every((word, offset) => said[end - needle.length + offset] === word)
    );
  });
}

function startsWith(said: string[], start: number, phrases: Words): number {
  for (const phrase of phrases) {
    const needle = phraseWords(phrase);
    if (needle.length > 0 && needle.every((word, offset) => said[start + offset] === word)) return needle.length;
  }
  return 0;
}

/** Windows named by clock times: "after 3pm", "before 11", "between 10 and 2", "9-11am", "at 3". */
function clockWindows(said: string[], words: TimeWords, taken: Set<number>): Window[] {
  const windows: Window[] = [];
  for (let at = 0; at < said.length; at += 1) {
    const first = clockAt(said, at, words, taken);
    if (!first) continue;
    for (let index = first.start; index < first.end; index += 1) taken.add(index);
    const joiner = said[first.end] === '-' ? 1 : startsWith(said, first.end, words.rangeWords);
    const second = joiner > 0 ? clockAt(said, first.end + joiner, words, taken) : undefined;
    if (second) {
      for (let index = first.end; index < second.end; index += 1) taken.add(index);
      const until = minutesOf(second);
      // "9-11am": the first takes the second's am/pm when that puts it first.
      const shared = !first.meridiem && second.meridiem ? minutesOf(first, second.meridiem) : undefined;
      const from = shared !== undefined && shared < until ? shared : minutesOf(first);
      if (from < until) windows.push({ from, until });
      at = second.end - 1;
      continue;
    }
    const time = minutesOf(first);
    if (endsWith(said, first.start, words.beforeWords)) windows.push({ from: 0, until: time });
    else if (endsWith(said, first.start, words.afterWords) || startsWith(said, first.end, words.afterWords) > 0) {
      windows.push({ from: time, until: DAY });
    } else windows.push({ from: Math.max(0, time - AT_BEFORE), until: Math.min(DAY, time + AT_AFTER) });
    at = first.end - 1;
  }
  return windows;
}

/** Days of a month named with a figure: "3 December", "3rd of Dec", "Dec 3", "the 14th". */
function dates(
  said: string[],
  words: TimeWords,
  taken: Set<number>,
  known: ReadonlySet<string>,
): TimePreference['date'] {
  const months = findPhrases(
    said,
    MONTHS.map((month, index) => ({ value: index + 1, phrases: words.months[month] })),
    taken,
    known,
  );
  const dayAt = (at: number): { day: number; width: number } | undefined => {
    const figure = /^(\d{1,2})$/.exec(said[at] ?? '');
    if (!figure || taken.has(at)) return undefined;
    const day = Number(figure[1]);
    if (day < 1 || day > 31) return undefined;
    return { day, width: ORDINAL.has(said[at + 1]) ? 2 : 1 };
  };
  for (const month of months) {
    // "3 December", "3rd of December"
    for (const back of [1, 2, 3]) {
      const found = dayAt(month.start - back);
      if (!found) continue;
      const between = said.slice(month.start - back + found.width, month.start);
      if (between.every((word) => word === 'of')) {
        for (let index = month.start - back; index < month.end; index += 1) taken.add(index);
        return { month: month.value, day: found.day };
      }
    }
    // "December 3", "Dec 3rd"
    const after = dayAt(month.end);
    if (after) {
      for (let index = month.start; index < month.end + after.width; index += 1) taken.add(index);
      return { month: month.value, day: after.day };
    }
  }
  for (let at = 0; at < said.length; at += 1) {
    const found = dayAt(at);
    if (found && found.width === 2) {
      taken.add(at);
      taken.add(at + 1);
      return { day: found.day };
    }
  }
  return undefined;
}

/** Drops windows that hold a narrower one ("first thing in the morning": first thing) and repeats. */
function narrowest(windows: Window[]): Window[] {
  const unique = windows.filter(
    (window, index) =>
      windows.findIndex((other) => other.from === window.from && other.until === window.until) === index,
  );
  return unique.filter(
    (window) => !unique.some((other) => other !== window && other.from >= window.from && other.until <= window.until),
  );
}

function intersect(a: Window[], b: Window[]): Window[] {
  const both = a.flatMap((one) =>
    b.map((two) => ({ from: Math.max(one.from, two.from), until: Math.min(one.until, two.until) })),
  );
  return both.filter((window) => window.from < window.until);
}

/**
 * What `answer` asks for: days (weekdays, today, tomorrow, next week, a date) and windows of the visitor's clock.
 * Parts of the day ("morning") come from the content with their hours; a clock time says when within them
 * ("afternoon after 2" is 2 to 5 pm). An answer that names nothing gives an empty preference.
 */
export function parsePreference(answer: string, words: TimeWords): TimePreference {
  const known = allWords([
    ...WEEKDAYS.map((day) => words.weekdays[day]),
    ...MONTHS.map((month) => words.months[month]),
    words.todayWords,
    words.tomorrowWords,
    words.nextWeekWords,
    words.workdayWords,
    words.weekendWords,
    ...words.timesOfDay.map((part) => part.words),
    words.amWords,
    words.pmWords,
  ]);
  const said = tokens(answer, known);
  const taken = new Set<number>();
  const preference: TimePreference = {};

  const date = dates(said, words, taken, known);
  if (date) preference.date = date;
  const clocks = clockWindows(said, words, taken);

  // "am" next to "I" is the verb.
  for (let at = 0; at < said.length; at += 1)
    if (said[at] === 'am' && (said[at - 1] === 'i' || said[at + 1] === 'i')) taken.add(at);
  const parts = narrowest(
    findPhrases(
      said,
      words.timesOfDay.map((part) => ({
        value: { from: clockMinutes(part.from), until: clockMinutes(part.until) },
        phrases: part.words,
      })),
      taken,
      known,
    ).map((match) => match.value),
  );
  const windows = parts.length > 0 && clocks.length > 0 ? intersect(parts, clocks) : [];
  const chosen = windows.length > 0 ? windows : clocks.length > 0 ? clocks : parts;
  if (chosen.length > 0) preference.windows = [...chosen].sort((a, b) => a.from - b.from || a.until - b.until);

  const days = findPhrases(
    said,
    WEEKDAYS.map((day, index) => ({ value: index + 1, phrases: words.weekdays[day] })),
    taken,
    known,
  ).sort((a, b) => a.start - b.start);
  const weekdays = new Set<number>(days.map((day) => day.value));
  // "mon-fri", "Monday to Friday": every day between.
  for (let index = 0; index + 1 < days.length; index += 1) {
    const [from, to] = [days[index], days[index + 1]];
    const between = said.slice(from.end, to.start);
    const isRange =
      between.length > 0 && (between.join(' ') === '-' || startsWith(between, 0, words.rangeWords) === between.length);
    if (isRange && between.join(' ') !== 'and' && from.value < to.value) {
      for (let day = from.value; day <= to.value; day += 1) weekdays.add(day);
    }
  }
  const has = (list: Words) => findPhrases(said, [{ value: true, phrases: list }], taken, known).length > 0;
  if (has(words.workdayWords)) [1, 2, 3, 4, 5].forEach((day) => weekdays.add(day));
  if (has(words.weekendWords)) [6, 7].forEach((day) => weekdays.add(day));
  if (weekdays.size > 0) preference.weekdays = [...weekdays].sort((a, b) => a - b);
  if (has(words.nextWeekWords)) preference.nextWeek = true;
  if (has(words.tomorrowWords)) preference.relative = 'tomorrow';
  else if (has(words.todayWords)) preference.relative = 'today';
  return preference;
}

export const namesSomething = (preference: TimePreference) => Object.keys(preference).length > 0;

const DAY_NAMES = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / HOUR)).padStart(2, '0')}:${String(minutes % HOUR).padStart(2, '0')}`;

/** A preference in the corpus's words: { days: "next week tue", times: "06:00-12:00" }. */
export function describePreference(preference: TimePreference): { days?: string; times?: string } {
  const days: string[] = [];
  if (preference.date) {
    const { month, day } = preference.date;
    days.push(month ? `date ${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}` : `day ${day}`);
  }
  if (preference.nextWeek) days.push('next week');
  if (preference.relative) days.push(preference.relative);
  if (preference.weekdays) days.push(preference.weekdays.map((day) => DAY_NAMES[day - 1]).join(','));
  const times = preference.windows?.map((window) => `${hhmm(window.from)}-${hhmm(window.until)}`).join(',');
  return { ...(days.length > 0 ? { days: days.join(' ') } : {}), ...(times ? { times } : {}) };
}

// ---------------------------------------------------------------------------------------------------------------
// Free times that fit

type Local = { day: number; weekday: number; month: number; date: number; minutes: number };

const partsFormats = new Map<string, Intl.DateTimeFormat>();
const WEEKDAY_NUMBER: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** `instant` on the clock of `zone`: its calendar day (days since 1970), weekday, month, date and minutes. */
export function localTime(instant: Date, zone: string): Local {
  let format = partsFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      weekday: 'short',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    partsFormats.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  const [year, month, date] = [Number(parts.year), Number(parts.month), Number(parts.day)];
  return {
    day: Date.UTC(year, month - 1, date) / 86_400_000,
    weekday: WEEKDAY_NUMBER[parts.weekday] ?? 0,
    month,
    date,
    minutes: (Number(parts.hour) % 24) * HOUR + Number(parts.minute),
  };
}

/** Whether a call starting at `startsAt` fits the preference on the visitor's clock in `zone`, seen at `now`. */
export function fits(startsAt: string, preference: TimePreference, zone: string, now: Date): boolean {
  const slot = localTime(new Date(startsAt), zone);
  const today = localTime(now, zone);
  if (preference.weekdays && !preference.weekdays.includes(slot.weekday)) return false;
  if (preference.relative === 'today' && slot.day !== today.day) return false;
  if (preference.relative === 'tomorrow' && slot.day !== today.day + 1) return false;
  if (preference.nextWeek) {
    // The week after this one, Monday to Sunday.
    const nextMonday = today.day + (8 - today.weekday);
    if (slot.day < nextMonday || slot.day >= nextMonday + 7) return false;
  }
  if (preference.date) {
    if (slot.date !== preference.date.day) return false;
    if (preference.date.month !== undefined && slot.month !== preference.date.month) return false;
  }
  if (
    preference.windows &&
    !preference.windows.some((window) => slot.minutes >= window.from && slot.minutes < window.until)
  ) {
    return false;
  }
  return true;
}

/**
 * The first `count` free times that fit, in order; where none fits, the first `count` of all (`fitted` false).
 * Only times starting after `after` (an instant) count, for "other times".
 */
export function nearestTimes(
  slots: readonly Slot[],
  preference: TimePreference,
  zone: string,
  now: Date,
  count: number,
  after?: string,
): { slots: Slot[]; fitted: boolean } {
  const ahead = [...slots]
    .filter((slot) => after === undefined || Date.parse(slot.startsAt) > Date.parse(after))
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  const fitting = ahead.filter((slot) => fits(slot.startsAt, preference, zone, now));
  return fitting.length > 0
    ? { slots: fitting.slice(0, count), fitted: true }
    : { slots: ahead.slice(0, count), fitted: false };
}
