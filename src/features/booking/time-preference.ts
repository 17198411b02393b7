// What a visitor said about when and where: the time zone named in an answer ("Perth", "AEST", "GMT+10",
// "Kathmandu"), the days and hours asked for ("Tuesday morning", "after 3pm", "next week", "any weekday
// before 11") and those ruled out ("any day but Friday", "no mornings", "not before 10"), and which free times fit
// them. Pure: the words come from the content (chat.json's callTimes),
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
  /** Rule out the days and times that follow ("not", "no mornings"); followed by none, they rule nothing out. */
  notWords: Words;
  /** Rule out what follows too ("except", "avoid"); followed by no day or time, the answer is unclear. */
  exceptWords: Words;
  /** Rule out the days and times before them ("fridays are out", "mondays don't work"). */
  outWords: Words;
  /** A "no" or "not" that rules nothing out ("not fussed", "no worries"). */
  noMatterWords: Words;
  /** After a not or except word, a time the words cannot place ("not when I'm on site", "not this week"). */
  unclearWords: Words;
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

/** Marks that end a part of a sentence ("no mornings, afternoons are best"); a full stop ends one too. */
const MARKS = new Set([',', ';', '!', '?']);

/**
 * Tokens of `text`: words, clock figures ("10:30", "10.30") and the signs + and -; with `marks`, the marks that end
 * a part of a sentence too (a full stop after a word as a comma: "a.m." keeps its own). "Thursday's" of a listed
 * word is the word and "is".
 */
function tokens(text: string, known: ReadonlySet<string>, marks = false): string[] {
  let lower = text
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u2013\u2014]/g, '-');
  if (marks) lower = lower.replace(/(\p{L}{2,}|\d)\.(?=\s|$)/gu, '$1,');
  const raw =
    lower.match(
      marks ? /\d{1,2}[:.]\d{2}(?!\d)|[\p{L}\p{N}']+|[-+]|[,;!?]/gu : /\d{1,2}[:.]\d{2}(?!\d)|[\p{L}\p{N}']+|[-+]/gu,
    ) ?? [];
  return raw.flatMap((token) => {
    const word = token.replace(/^'+|'+$/g, '');
    if (!word) return [];
    // "3pm", "14th", "9ish" are a figure and a word; "2moro" is a word of a list.
    const split = /^(\d+)(\p{L}+)$/u.exec(word);
    if (split && !known.has(word)) return [split[1], split[2]];
    const possessive = /^(.+)'s$/u.exec(word);
    return possessive && known.has(possessive[1]) ? [possessive[1], 'is'] : [word];
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

/** Days and hours: all that are named must hold (a Tuesday, in the morning). */
export type DaysAndTimes = {
  /** 1 = Monday … 7 = Sunday. */
  weekdays?: number[];
  relative?: 'today' | 'tomorrow';
  nextWeek?: true;
  /** A day of a month (month 1–12), or of whichever month comes next (no month). */
  date?: { month?: number; day: number };
  windows?: Window[];
};

export type TimePreference = DaysAndTimes & {
  /** Days and hours ruled out ("not Friday afternoon"): a time that fits one of them does not fit. */
  excluded?: DaysAndTimes[];
  /** Something is ruled out that the words cannot place ("not when I'm on site"): ask rather than guess. */
  unclear?: true;
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

/** How many words of the longest of `phrases` end just before word `end` (0 for none). */
function endingLength(said: string[], end: number, phrases: Words): number {
  let longest = 0;
  for (const phrase of phrases) {
    const needle = phraseWords(phrase);
    if (
      needle.length > longest &&
      end - needle.length >= 0 &&
      needle.every((word, offset) => said[end - needle.length + offset] === word)
    ) {
      longest = needle.length;
    }
  }
  return longest;
}

function startsWith(said: string[], start: number, phrases: Words): number {
  for (const phrase of phrases) {
    const needle = phraseWords(phrase);
    if (needle.length > 0 && needle.every((word, offset) => said[start + offset] === word)) return needle.length;
  }
  return 0;
}

/**
 * A day or time the answer names, with the words it stands on: days (a weekday, "weekdays", tomorrow, next week, a
 * date), a part of the day ("morning"), or a clock window ("between 10 and 2", "at 3"). A limit ("after 3pm",
 * "before 11", "after lunch") is a clock window open to one end of the day, and under a not word the other way round
 * ("not before 10" is from 10).
 */
type Term = { start: number; end: number } & (
  | { kind: 'days'; days: DaysAndTimes }
  | { kind: 'part'; window: Window }
  | { kind: 'clock'; window: Window; limit?: 'from' | 'until' }
);

/** A limit the other way round: "not before 10" is from 10, "not after 3" until 3. */
function flipped(term: Extract<Term, { kind: 'clock' }>): Extract<Term, { kind: 'clock' }> {
  return term.limit === 'from'
    ? { ...term, window: { from: 0, until: term.window.from }, limit: 'until' }
    : { ...term, window: { from: term.window.until, until: DAY }, limit: 'from' };
}

/**
 * A limit at `time` (the words `start` to `end`), from the after or before word just before it, the longer where
 * both end there ("no earlier than" over "earlier than"); for a clock time also from an after word just after it
 * ("3pm onwards").
 */
function limitAt(
  said: string[],
  start: number,
  end: number,
  time: { from: number; until: number },
  words: TimeWords,
  clock: boolean,
): { start: number; end: number; window: Window; limit: 'from' | 'until' } | undefined {
  const before = endingLength(said, start, words.beforeWords);
  const after = endingLength(said, start, words.afterWords);
  if (before > 0 && before >= after)
    return { start: start - before, end, window: { from: 0, until: time.from }, limit: 'until' };
  if (after > 0) return { start: start - after, end, window: { from: time.until, until: DAY }, limit: 'from' };
  const onwards = clock ? startsWith(said, end, words.afterWords) : 0;
  if (onwards > 0) return { start, end: end + onwards, window: { from: time.until, until: DAY }, limit: 'from' };
  return undefined;
}

/** Windows named by clock times: "after 3pm", "before 11", "between 10 and 2", "9-11am", "at 3". */
function clockTerms(said: string[], words: TimeWords, taken: Set<number>): Term[] {
  const terms: Term[] = [];
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
      if (from < until) terms.push({ kind: 'clock', start: first.start, end: second.end, window: { from, until } });
      at = second.end - 1;
      continue;
    }
    const time = minutesOf(first);
    const limit = limitAt(said, first.start, first.end, { from: time, until: time }, words, true);
    terms.push(
      limit
        ? { kind: 'clock', ...limit }
        : {
            kind: 'clock',
            start: first.start,
            end: first.end,
            window: { from: Math.max(0, time - AT_BEFORE), until: Math.min(DAY, time + AT_AFTER) },
          },
    );
    at = first.end - 1;
  }
  return terms;
}

/** Days of a month named with a figure: "3 December", "3rd of Dec", "Dec 3", "the 14th". */
function dateTerm(said: string[], words: TimeWords, taken: Set<number>, known: ReadonlySet<string>): Term | undefined {
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
  const term = (start: number, end: number, date: DaysAndTimes['date']): Term => {
    for (let index = start; index < end; index += 1) taken.add(index);
    return { kind: 'days', start, end, days: { date } };
  };
  for (const month of months) {
    // "3 December", "3rd of December"
    for (const back of [1, 2, 3]) {
      const found = dayAt(month.start - back);
      if (!found) continue;
      const between = said.slice(month.start - back + found.width, month.start);
      if (between.every((word) => word === 'of')) {
        return term(month.start - back, month.end, { month: month.value, day: found.day });
      }
    }
    // "December 3", "Dec 3rd"
    const after = dayAt(month.end);
    if (after) return term(month.start, month.end + after.width, { month: month.value, day: after.day });
  }
  for (let at = 0; at < said.length; at += 1) {
    const found = dayAt(at);
    if (found && found.width === 2) return term(at, at + 2, { day: found.day });
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
 * Limits from one side and from the other make one window ("after 9 but not after 3": 9 to 3); where they do not
 * meet ("before 11 or after 3") each stays.
 */
function joinLimits(clocks: Extract<Term, { kind: 'clock' }>[]): Window[] {
  const froms = clocks.filter((clock) => clock.limit === 'from').map((clock) => clock.window.from);
  const untils = clocks.filter((clock) => clock.limit === 'until').map((clock) => clock.window.until);
  const windows = clocks.map((clock) => clock.window);
  if (froms.length === 0 || untils.length === 0) return windows;
  const joined = { from: Math.max(...froms), until: Math.min(...untils) };
  if (joined.from >= joined.until) return windows;
  return [...clocks.filter((clock) => !clock.limit).map((clock) => clock.window), joined];
}

/** The days and hours named by `terms`: parts of the day narrowed by clock times ("afternoon after 2"). */
function daysAndTimes(terms: Term[]): DaysAndTimes {
  const result: DaysAndTimes = {};
  const parts = narrowest(terms.flatMap((term) => (term.kind === 'part' ? [term.window] : [])));
  const clocks = joinLimits(terms.flatMap((term) => (term.kind === 'clock' ? [term] : [])));
  const both = parts.length > 0 && clocks.length > 0 ? intersect(parts, clocks) : [];
  const windows = both.length > 0 ? both : clocks.length > 0 ? clocks : parts;
  const weekdays = new Set<number>();
  for (const term of terms) {
    if (term.kind !== 'days') continue;
    const { days } = term;
    days.weekdays?.forEach((day) => weekdays.add(day));
    if (days.date && !result.date) result.date = days.date;
    if (days.nextWeek) result.nextWeek = true;
    // Tomorrow wins over today ("tomorrow, or tonight").
    if (days.relative && result.relative !== 'tomorrow') result.relative = days.relative;
  }
  if (weekdays.size > 0) result.weekdays = [...weekdays].sort((a, b) => a - b);
  if (windows.length > 0) result.windows = [...windows].sort((a, b) => a.from - b.from || a.until - b.until);
  return result;
}

/** Small words inside a run of days and times: "not *on the* weekend", "no mondays *or* fridays". */
const BETWEEN_WORDS = new Set(['on', 'in', 'at', 'the', 'a', 'an', 'any', 'of', 'my', 'our', 'is', 'are']);
/** Words that join days or times of one list: "not Tuesday *or* Thursday". */
const JOINERS = new Set(['or', 'and', 'nor', '&', '/']);
/** How many other words may stand between a not word and what it rules out: "not *really keen on* mondays". */
const NOT_REACH = 2;

type Cue = { start: number; end: number; kind: 'not' | 'except' | 'out' };
type Scope = { cue: Cue; groups: Term[][]; skipped: number[] };

/**
 * What `answer` asks for: days (weekdays, today, tomorrow, next week, a date) and windows of the visitor's
 * clock, and the days and windows it rules out. Parts of the day ("morning") come from the content with their
 * hours; a clock time says when within them ("afternoon after 2" is 2 to 5 pm). A not word ("not", "except") rules
 * out the days and times after it, up to the end of their list ("not Tuesday or Thursday"); an out word ("are out",
 * "don't work") those before it; a clock limit under one is a limit the other way ("not before 10" is from 10). A
 * not word followed by a time the words cannot place ("not when I'm on site"), or an except word followed by none,
 * makes the answer unclear. An answer that names nothing gives an empty preference.
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
    words.notWords,
    words.exceptWords,
    words.outWords,
    words.noMatterWords,
    words.unclearWords,
  ]);
  const said = tokens(answer, known, true);
  const taken = new Set<number>();
  const terms: Term[] = [];

  // A "no" that rules nothing out ("no worries") is no not word.
  for (const match of findPhrases(said, [{ value: true, phrases: words.noMatterWords }], taken, known)) {
    for (let index = match.start; index < match.end; index += 1) taken.add(index);
  }
  const date = dateTerm(said, words, taken, known);
  if (date) terms.push(date);
  terms.push(...clockTerms(said, words, taken));

  // "am" next to "I" is the verb.
  for (let at = 0; at < said.length; at += 1)
    if (said[at] === 'am' && (said[at - 1] === 'i' || said[at + 1] === 'i')) taken.add(at);
  const parts = findPhrases(
    said,
    words.timesOfDay.map((part) => ({
      value: { from: clockMinutes(part.from), until: clockMinutes(part.until) },
      phrases: part.words,
    })),
    taken,
    known,
  );
  for (const part of parts) {
    // "after lunch" is from its end, "before lunch" until it starts.
    const limit = limitAt(said, part.start, part.end, part.value, words, false);
    terms.push(
      limit ? { kind: 'clock', ...limit } : { kind: 'part', start: part.start, end: part.end, window: part.value },
    );
  }

  const days = findPhrases(
    said,
    WEEKDAYS.map((day, index) => ({ value: index + 1, phrases: words.weekdays[day] })),
    taken,
    known,
  ).sort((a, b) => a.start - b.start);
  // "mon-fri", "Monday to Friday": every day between, one term.
  for (let index = 0; index < days.length; index += 1) {
    const [from, to] = [days[index], days[index + 1]];
    const between = to ? said.slice(from.end, to.start) : [];
    const isRange =
      between.length > 0 && (between.join(' ') === '-' || startsWith(between, 0, words.rangeWords) === between.length);
    if (to && isRange && between.join(' ') !== 'and' && from.value < to.value) {
      const range = Array.from({ length: to.value - from.value + 1 }, (_, offset) => from.value + offset);
      terms.push({ kind: 'days', start: from.start, end: to.end, days: { weekdays: range } });
      index += 1;
    } else terms.push({ kind: 'days', start: from.start, end: from.end, days: { weekdays: [from.value] } });
  }
  const dayWords: [Words, DaysAndTimes][] = [
    [words.workdayWords, { weekdays: [1, 2, 3, 4, 5] }],
    [words.weekendWords, { weekdays: [6, 7] }],
    [words.nextWeekWords, { nextWeek: true }],
    [words.tomorrowWords, { relative: 'tomorrow' }],
    [words.todayWords, { relative: 'today' }],
  ];
  for (const [list, named] of dayWords) {
    for (const match of findPhrases(said, [{ value: true, phrases: list }], taken, known)) {
      terms.push({ kind: 'days', start: match.start, end: match.end, days: named });
    }
  }

  const scopes = notScopes(said, terms, words, taken, known);
  const ruledOut = new Set<Term>();
  const flips = new Map<Term, Term>();
  const excluded: DaysAndTimes[] = [];
  let unclear = false;
  for (const scope of scopes) {
    const found = scope.groups.flat();
    if (found.length === 0) {
      // "not when I'm on site" rules out a time the words cannot place; "no thanks" rules out none.
      const vague = scope.skipped.some((at) => startsWith(said, at, words.unclearWords) > 0);
      if (scope.cue.kind === 'except' || vague) unclear = true;
      continue;
    }
    for (const group of scope.groups) {
      const kept: Term[] = [];
      for (const term of group) {
        if (ruledOut.has(term) || flips.has(term)) continue;
        if (term.kind === 'clock' && term.limit) flips.set(term, flipped(term));
        else {
          ruledOut.add(term);
          kept.push(term);
        }
      }
      const item = daysAndTimes(kept);
      if (Object.keys(item).length > 0) excluded.push(item);
    }
  }
  const positive = terms.filter((term) => !ruledOut.has(term)).map((term) => flips.get(term) ?? term);
  const preference: TimePreference = daysAndTimes(positive);
  if (excluded.length > 0) preference.excluded = excluded;
  if (unclear) preference.unclear = true;
  return preference;
}

/**
 * The terms that cover word `at`, with those they overlap: "this arvo" is today and the afternoon, and both are
 * ruled out in "not this arvo".
 */
function termsAt(terms: Term[], at: number): Term[] {
  const found = terms.filter((term) => term.start <= at && at < term.end);
  for (let grown = true; grown && found.length > 0;) {
    const from = Math.min(...found.map((term) => term.start));
    const until = Math.max(...found.map((term) => term.end));
    const more = terms.filter((term) => !found.includes(term) && term.start < until && term.end > from);
    found.push(...more);
    grown = more.length > 0;
  }
  return found;
}

/** The days and times each not, except and out word rules out, in groups joined by "or", "and" or commas. */
function notScopes(
  said: string[],
  terms: Term[],
  words: TimeWords,
  taken: ReadonlySet<number>,
  known: ReadonlySet<string>,
): Scope[] {
  const covered = new Set(taken);
  for (const term of terms) for (let index = term.start; index < term.end; index += 1) covered.add(index);
  const cues: Cue[] = [];
  const outs = findPhrases(said, [{ value: true, phrases: words.outWords }], covered, known);
  for (const out of outs) {
    cues.push({ start: out.start, end: out.end, kind: 'out' });
    for (let index = out.start; index < out.end; index += 1) covered.add(index);
  }
  for (const [kind, list] of [
    ['except', words.exceptWords],
    ['not', words.notWords],
  ] as const) {
    for (const match of findPhrases(said, [{ value: true, phrases: list }], covered, known)) {
      cues.push({ start: match.start, end: match.end, kind });
      for (let index = match.start; index < match.end; index += 1) covered.add(index);
    }
  }
  const cueAt = (at: number) => cues.some((cue) => cue.start === at);
  const termsHere = (at: number) => termsAt(terms, at);
  /** Whether a day or time follows word `at`, past small words. */
  const termFrom = (at: number) => {
    while (at < said.length && BETWEEN_WORDS.has(said[at])) at += 1;
    return termsHere(at).length > 0;
  };
  /** "monday, wednesday or friday": a comma inside a list of days or times that ends with "or" or "and". */
  const listGoesOn = (comma: number) => {
    let at = comma + 1;
    for (;;) {
      while (at < said.length && BETWEEN_WORDS.has(said[at])) at += 1;
      const here = termsHere(at);
      if (here.length === 0) return false;
      at = Math.max(...here.map((term) => term.end));
      while (at < said.length && BETWEEN_WORDS.has(said[at])) at += 1;
      if (said[at] === ',') at += 1;
      else return JOINERS.has(said[at]) && termFrom(at + 1);
    }
  };

  return cues.map((cue): Scope => {
    const groups: Term[][] = [[]];
    const skipped: number[] = [];
    const add = (found: Term[]) => {
      for (const term of found) if (!groups.some((group) => group.includes(term))) groups[groups.length - 1].push(term);
    };
    if (cue.kind === 'out') {
      // Back from "are out" over the days and times before it.
      let at = cue.start - 1;
      let seen = false;
      while (at >= 0) {
        const here = termsHere(at);
        if (here.length > 0) {
          add(here);
          seen = true;
          at = Math.min(...here.map((term) => term.start)) - 1;
        } else if (BETWEEN_WORDS.has(said[at])) at -= 1;
        else if (seen && JOINERS.has(said[at]) && termsHere(at - 1).length > 0) {
          groups.push([]);
          at -= 1;
        } else break;
      }
      return { cue, groups: groups.filter((group) => group.length > 0), skipped };
    }
    let at = cue.end;
    let seen = false;
    while (at < said.length) {
      const here = termsHere(at);
      if (here.length > 0) {
        add(here);
        seen = true;
        at = Math.max(...here.map((term) => term.end));
        continue;
      }
      const word = said[at];
      if (cueAt(at)) break;
      if (seen && ((word === ',' && listGoesOn(at)) || (JOINERS.has(word) && termFrom(at + 1)))) {
        groups.push([]);
        at += 1;
        continue;
      }
      if (MARKS.has(word) || JOINERS.has(word)) break;
      if (BETWEEN_WORDS.has(word)) {
        at += 1;
        continue;
      }
      if (seen || skipped.length >= NOT_REACH) break;
      skipped.push(at);
      at += 1;
    }
    return { cue, groups: groups.filter((group) => group.length > 0), skipped };
  });
}

const namedKeys = ['weekdays', 'relative', 'nextWeek', 'date', 'windows', 'excluded'] as const;

/** Whether the answer names a day or a time, to ask for or to rule out. */
export const namesSomething = (preference: TimePreference) => namedKeys.some((key) => preference[key] !== undefined);

const DAY_NAMES = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / HOUR)).padStart(2, '0')}:${String(minutes % HOUR).padStart(2, '0')}`;

function describeDays(preference: DaysAndTimes): string | undefined {
  const days: string[] = [];
  if (preference.date) {
    const { month, day } = preference.date;
    days.push(month ? `date ${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}` : `day ${day}`);
  }
  if (preference.nextWeek) days.push('next week');
  if (preference.relative) days.push(preference.relative);
  if (preference.weekdays) days.push(preference.weekdays.map((day) => DAY_NAMES[day - 1]).join(','));
  return days.length > 0 ? days.join(' ') : undefined;
}

const describeTimes = (windows: readonly Window[] | undefined) =>
  windows && windows.length > 0
    ? [...windows]
        .sort((a, b) => a.from - b.from || a.until - b.until)
        .map((window) => `${hhmm(window.from)}-${hhmm(window.until)}`)
        .join(',')
    : undefined;

/**
 * A preference in the corpus's words: { days: "next week tue", times: "06:00-12:00" }, with what it rules out as
 * not ("fri; 06:00-12:00": the items of weekdays alone merged, those of times alone merged, sorted) and ask when it
 * is unclear.
 */
export function describePreference(preference: TimePreference): {
  days?: string;
  times?: string;
  not?: string;
  ask?: true;
} {
  const days = describeDays(preference);
  const times = describeTimes(preference.windows);
  const items: string[] = [];
  const weekdaysOnly = new Set<number>();
  const timesOnly: Window[] = [];
  for (const item of preference.excluded ?? []) {
    const named = Object.keys(item);
    if (named.length === 1 && item.weekdays) item.weekdays.forEach((day) => weekdaysOnly.add(day));
    else if (named.length === 1 && item.windows) timesOnly.push(...item.windows);
    else items.push([describeDays(item), describeTimes(item.windows)].filter(Boolean).join(' '));
  }
  if (weekdaysOnly.size > 0) items.push(describeDays({ weekdays: [...weekdaysOnly].sort((a, b) => a - b) })!);
  if (timesOnly.length > 0) items.push(describeTimes(timesOnly)!);
  return {
    ...(days ? { days } : {}),
    ...(times ? { times } : {}),
    ...(items.length > 0 ? { not: items.sort().join('; ') } : {}),
    ...(preference.unclear ? { ask: true as const } : {}),
  };
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

/** Whether a time (`slot`, seen on `today`) is on the days and in the hours named. */
function within(slot: Local, today: Local, named: DaysAndTimes): boolean {
  if (named.weekdays && !named.weekdays.includes(slot.weekday)) return false;
  if (named.relative === 'today' && slot.day !== today.day) return false;
  if (named.relative === 'tomorrow' && slot.day !== today.day + 1) return false;
  if (named.nextWeek) {
    // The week after this one, Monday to Sunday.
    const nextMonday = today.day + (8 - today.weekday);
    if (slot.day < nextMonday || slot.day >= nextMonday + 7) return false;
  }
  if (named.date) {
    if (slot.date !== named.date.day) return false;
    if (named.date.month !== undefined && slot.month !== named.date.month) return false;
  }
  if (named.windows && !named.windows.some((window) => slot.minutes >= window.from && slot.minutes < window.until)) {
    return false;
  }
  return true;
}

/**
 * Whether a call starting at `startsAt` fits the preference on the visitor's clock in `zone`, seen at `now`: on the
 * days and in the hours asked for, and in none of those ruled out.
 */
export function fits(startsAt: string, preference: TimePreference, zone: string, now: Date): boolean {
  const slot = localTime(new Date(startsAt), zone);
  const today = localTime(now, zone);
  if (!within(slot, today, preference)) return false;
  return !(preference.excluded ?? []).some((item) => Object.keys(item).length > 0 && within(slot, today, item));
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
