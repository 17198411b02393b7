// The booking questions, in order: what each accepts and what it records. The wording (prompt, reply
// when invalid) lives in the script; the rules live here.
import { findEmail, findPhoneNumber, looksLikeWebsite, mentionsAny, mentionsTime } from './match';
import type { ChatScript } from './script-schema';
import { STEP_IDS, type StepId } from './state';
import { withoutNul } from '../../lib/stored-text';

/** Recorded for the website or phone when the visitor has none or skips the question. */
export const NOT_PROVIDED = 'Not provided';

type Booking = ChatScript['booking'];

type StepRule = {
  /** The value to record for `answer` (already trimmed, one line), or undefined when it is not acceptable. */
  accept: (answer: string, booking: Booking) => string | undefined;
  /**
   * The longest value recorded, in characters. Name, e-mail, company and phone match the database's
   * column limits; the others keep the combined message (limit 5000) well within bounds.
   */
  maxLength: number;
};

const anyText = (maxLength: number): StepRule => ({ accept: (answer) => answer || undefined, maxLength });

export const STEP_RULES: Record<StepId, StepRule> = {
  full_name: anyText(200),
  email: { accept: (answer) => findEmail(answer), maxLength: 320 },
  company: anyText(200),
  timezone: anyText(100),
  preferred_datetime: {
    accept: (answer, booking) =>
      mentionsTime(answer, booking.timeOfDayWords, booking.meridiemWords) ? answer : undefined,
    maxLength: 200,
  },
  website: {
    // An address wins over the skip words, so "nonprofit.org" or "one-stop-shop.com.au" is kept.
    accept: (answer, booking) =>
      looksLikeWebsite(answer) || !mentionsAny(answer, booking.websiteSkipWords) ? answer : NOT_PROVIDED,
    maxLength: 300,
  },
  phone: {
    // A number wins over the no-phone words: "0400 123 456 (no landline)" is kept as typed.
    accept: (answer, booking) =>
      findPhoneNumber(answer) !== undefined || !mentionsAny(answer, booking.noPhoneWords) ? answer : NOT_PROVIDED,
    maxLength: 50,
  },
};

export function firstStep(): StepId {
  return STEP_IDS[0];
}

export function stepAfter(step: StepId): StepId | null {
  return STEP_IDS[STEP_IDS.indexOf(step) + 1] ?? null;
}

/**
 * One line, single spaces, no invisible characters or NUL: answers end up in a line-based message, so line
 * breaks are not kept, and an answer of only zero-width characters counts as empty.
 */
export function normaliseAnswer(text: string): string {
  return withoutNul(text).replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
}

const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF]/g;
