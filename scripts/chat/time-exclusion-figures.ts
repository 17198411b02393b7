// Issue 43's figures for answers that rule times out (__tests__/fixtures/chat-time-exclusions.ts), on the parser as
// it is: how many are read as written down (or asked about, where the words cannot place what is ruled out), how
// many get a question they did not need, and how many would be offered a time they rule out. Pure: the parser, the
// built chat script's words and a fixed grid of free times.
import type { ExclusionCase } from '../../__tests__/fixtures/chat-time-exclusions';
import type { Slot } from '../../src/features/booking/booking-api';
import {
  describePreference,
  fits,
  nearestTimes,
  parsePreference,
  type TimePreference,
  type TimeWords,
  type Window,
} from '../../src/features/booking/time-preference';

/** What the parser reads, in the corpus's canonical form (not and ask where it reads them). */
export type Reading = { days?: string; times?: string; not?: string; ask?: true };

export function readingOf(text: string, words: TimeWords): Reading {
  return describePreference(parsePreference(text, words)) as Reading;
}

/** Read as written down: the same days, times and exclusions, and no question; or a question where one is due. */
export function readRight(item: ExclusionCase, got: Reading): boolean {
  if (item.ask) return got.ask === true;
  return !got.ask && got.days === item.days && got.times === item.times && got.not === item.not;
}

// The corpus's canonical strings as preferences, to judge the times offered by what the visitor meant.
const DAY_NAMES = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

function preferenceOf(days: string | undefined, times: string | undefined): TimePreference {
  const preference: TimePreference = {};
  const said = (days ?? '').split(' ').filter(Boolean);
  for (let at = 0; at < said.length; at += 1) {
    const word = said[at];
    if (word === 'next' && said[at + 1] === 'week') {
      preference.nextWeek = true;
      at += 1;
    } else if (word === 'today' || word === 'tomorrow') preference.relative = word;
    else if (word === 'date') {
      const [month, day] = said[(at += 1)].split('-').map(Number);
      preference.date = { month, day };
    } else if (word === 'day') preference.date = { day: Number(said[(at += 1)]) };
    else preference.weekdays = word.split(',').map((name) => DAY_NAMES.indexOf(name) + 1);
  }
  if (times) {
    preference.windows = times.split(',').map((range): Window => {
      const [from, until] = range.split('-');
      return { from: minutes(from), until: minutes(until) };
    });
  }
  return preference;
}

/** Whether a time fits what the visitor meant: their days and times, and none of what they ruled out. */
function meant(item: ExclusionCase, zone: string, now: Date): (startsAt: string) => boolean {
  const wanted = preferenceOf(item.days, item.times);
  const ruledOut = (item.not ?? '')
    .split('; ')
    .filter(Boolean)
    .map((part) => {
      const times = part.split(' ').find((word) => /^\d\d:\d\d-/.test(word));
      const days = part
        .split(' ')
        .filter((word) => word !== times)
        .join(' ');
      return preferenceOf(days || undefined, times);
    });
  return (startsAt) =>
    fits(startsAt, wanted, zone, now) && !ruledOut.some((excluded) => fits(startsAt, excluded, zone, now));
}

export const FIGURE_ZONE = 'Australia/Sydney';
export const FIGURE_NOW = new Date('2026-11-25T00:00:00Z'); // Wednesday 25 November, 11 am in Sydney

/** Free times every half hour from 8 am to 6 pm in Sydney, Monday to Friday, for three weeks from FIGURE_NOW. */
export function figureSlots(): Slot[] {
  const slots: Slot[] = [];
  // 26 November 2026 00:00 in Sydney (AEDT, UTC+11) is 25 November 13:00 UTC.
  const firstDay = Date.parse('2026-11-25T13:00:00Z');
  for (let day = 0; day < 21; day += 1) {
    const midnight = firstDay + day * 86_400_000;
    const weekday = new Date(midnight + 11 * 3_600_000).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    for (let half = 16; half < 36; half += 1) {
      const start = midnight + half * 1_800_000;
      slots.push({ startsAt: new Date(start).toISOString(), endsAt: new Date(start + 1_800_000).toISOString() });
    }
  }
  return slots;
}

/**
 * Whether the chat would offer, as times that fit, one the answer rules out or does not ask for: the first five of
 * `slots` the parser's reading fits. An answer the parser asks about is offered nothing.
 */
export function offersRuledOut(item: ExclusionCase, words: TimeWords, slots: readonly Slot[]): boolean {
  const preference = parsePreference(item.text, words);
  if ((preference as { unclear?: true }).unclear) return false;
  const offered = nearestTimes(slots, preference, FIGURE_ZONE, FIGURE_NOW, 5);
  if (!offered.fitted) return false;
  const ok = meant(item, FIGURE_ZONE, FIGURE_NOW);
  return offered.slots.some((slot) => !ok(slot.startsAt));
}

export type ExclusionFigures = {
  of: number;
  read: number;
  /** Answers that are no question's business asked about anyway. */
  askedNeedlessly: ExclusionCase[];
  /** Answers that need a question, read (and offered times) without one. */
  notAsked: ExclusionCase[];
  /** Answers (that need no question) offered a time, as fitting, that they rule out or do not ask for. */
  offeredRuledOut: ExclusionCase[];
  misses: { item: ExclusionCase; got: Reading }[];
};

export function exclusionFigures(list: readonly ExclusionCase[], words: TimeWords): ExclusionFigures {
  const slots = figureSlots();
  const figures: ExclusionFigures = {
    of: list.length,
    read: 0,
    askedNeedlessly: [],
    notAsked: [],
    offeredRuledOut: [],
    misses: [],
  };
  for (const item of list) {
    const got = readingOf(item.text, words);
    if (readRight(item, got)) figures.read += 1;
    else figures.misses.push({ item, got });
    if (!item.ask && got.ask) figures.askedNeedlessly.push(item);
    if (item.ask && !got.ask) figures.notAsked.push(item);
    if (!item.ask && offersRuledOut(item, words, slots)) figures.offeredRuledOut.push(item);
  }
  return figures;
}
