// Booking a real time after the chat's request is saved (issue 33), as pure rules: what a tap or a typed answer
// means while free times are offered, and the calendar calls to make. The widget performs the calls (CalendarCall)
// with src/features/booking/booking-api.ts and hands back their answers (CalendarAnswer), which time-answers.ts reads:
// that part (the parser of "Tuesday morning" and "Perth", the time labels) is loaded when a booking reaches times,
// so the panel's code stays small. The database is the judge of every time: a tap books only if it is still free.
import type { ConfirmAnswer, HoldAnswer, SlotsAnswer } from '../booking/booking-api';
import { mentionsAny } from './match';
import type { ChatScript } from './script-schema';
import type { CallTime, ChatState, MessageLink } from './state';

/** How many free times are offered at once, as reply buttons. */
export const TIMES_OFFERED = 5;

export type CalendarCall =
  | { type: 'findTimes' }
  | { type: 'hold'; email: string; startsAt: string; zone: string }
  | { type: 'confirm'; holdId: string; email: string };

/** What a calendar call answered; `deviceZone` is the browser's zone, used when the visitor named none. */
export type CalendarAnswer =
  | { type: 'findTimes'; answer: SlotsAnswer; deviceZone: string }
  | { type: 'hold'; answer: HoldAnswer }
  | { type: 'confirm'; answer: ConfirmAnswer };

export type Draft = { text: string; isBot: boolean; links?: MessageLink[] };
export type Outcome = { state: ChatState; drafts: Draft[]; calendar?: CalendarCall };

/** The rules loaded with the times (time-answers.ts): how an answer is read, and whether words name a time. */
export type TimeAnswers = {
  calendarAnswered(state: ChatState, answer: CalendarAnswer, script: ChatScript, now: number): Outcome;
  namesTime(text: string, script: ChatScript): boolean;
};

export type Texts = ChatScript['callTimes'];
export const bot = (text: string, links?: MessageLink[]): Draft => ({ text, isBot: true, links });

export const fill = (text: string, values: Record<string, string>) =>
  Object.entries(values).reduce((filled, [name, value]) => filled.split(`{${name}}`).join(value), text);

export function withCallTime(state: ChatState, callTime: CallTime): ChatState {
  return { ...state, callTime };
}

/** Right after a saved request: what is needed to book its time, and the call for free times. */
export function startFinding(state: ChatState, email: string, zoneAnswer: string, preference: string): Outcome {
  return {
    state: withCallTime(state, { phase: 'finding', email, zoneAnswer, preference, offered: [] }),
    drafts: [],
    calendar: { type: 'findTimes' },
  };
}

export const closed = (state: ChatState, callTime: CallTime, text: string): Outcome => {
  const { held: _held, picked: _picked, ...rest } = callTime;
  return { state: withCallTime(state, { ...rest, phase: 'closed', offered: [] }), drafts: [bot(text)] };
};

/** A calendar call that failed (or whose rules could not load): the request stands, the offer stays open. */
export const calendarFailed = (state: ChatState, callTime: CallTime, texts: Texts): Outcome => ({
  state: withCallTime(state, { ...callTime, phase: 'choosing' }),
  drafts: [bot(texts.failure)],
});

/** The change/cancel page of a booked call (src/pages/booking: `/booking#<token>`). */
export const manageLink = (token: string, texts: Texts): MessageLink => ({
  label: texts.manageLabel,
  to: `/booking#${token}`,
});

const sameLabel = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The answer to the question which days or times suit (callTimes.clarify, asked when the visitor's words ruled out
 * times the parser could not place): the wait words close the offer; anything else is the new preferred time, and
 * the free times that fit it are fetched (an answer that names nothing gets the nearest).
 */
function clarified(state: ChatState, callTime: CallTime, text: string, texts: Texts): Outcome {
  if (mentionsAny(text, texts.waitWords)) return closed(state, callTime, texts.waiting);
  return {
    state: withCallTime(state, { ...callTime, phase: 'finding', preference: text.trim() }),
    drafts: [],
    calendar: { type: 'findTimes' },
  };
}

/**
 * A visitor message while times are offered: a time's label books it (one tap: hold, then confirm), a day or a part
 * of the day asks for times that fit it, the wait words close the offer, the other-times words ask for the next
 * times. Anything else is undefined: an ordinary message, with the offer still open. While the chat asks which times
 * suit, the message is the answer (clarified).
 */
export function chooseTime(
  state: ChatState,
  text: string,
  script: ChatScript,
  answers: TimeAnswers | undefined,
): Outcome | undefined {
  const texts = script.callTimes;
  const callTime = state.callTime;
  if (callTime?.phase === 'clarifying') return clarified(state, callTime, text, texts);
  if (!callTime || callTime.phase !== 'choosing') return undefined;
  const picked = callTime.offered.find((time) => sameLabel(time.label, text));
  if (picked) {
    const next: CallTime = { ...callTime, phase: 'booking', picked };
    if (callTime.held?.startsAt === picked.startsAt) {
      return {
        state: withCallTime(state, next),
        drafts: [],
        calendar: { type: 'confirm', holdId: callTime.held.holdId, email: callTime.email },
      };
    }
    const { held: _held, ...rest } = next;
    return {
      state: withCallTime(state, rest),
      drafts: [],
      calendar: { type: 'hold', email: callTime.email, startsAt: picked.startsAt, zone: callTime.zone ?? 'UTC' },
    };
  }
  if (answers?.namesTime(text, script)) {
    const { after: _after, ...rest } = callTime;
    return {
      state: withCallTime(state, { ...rest, phase: 'finding', preference: text.trim() }),
      drafts: [],
      calendar: { type: 'findTimes' },
    };
  }
  if (mentionsAny(text, texts.waitWords)) return closed(state, callTime, texts.waiting);
  if (mentionsAny(text, texts.otherTimesWords)) {
    const last = callTime.offered[callTime.offered.length - 1];
    return {
      state: withCallTime(state, { ...callTime, phase: 'finding', ...(last ? { after: last.startsAt } : {}) }),
      drafts: [],
      calendar: { type: 'findTimes' },
    };
  }
  return undefined;
}

/** "Can I change my time?": the change/cancel link of the call booked in this conversation, or the contact address. */
export function changeRequest(state: ChatState, text: string, script: ChatScript): Outcome | undefined {
  const texts = script.callTimes;
  if (!mentionsAny(text, texts.changeWords)) return undefined;
  const token = state.callTime?.phase === 'booked' ? state.callTime.booked?.manageToken : undefined;
  if (token) return { state, drafts: [bot(texts.manage, [manageLink(token, texts)])] };
  return { state, drafts: [bot(texts.noBookingToChange)] };
}

/** Whether a calendar call is running while the conversation waits for it: the visitor sees the typing indicator. */
export const waitingForCalendar = (state: ChatState) =>
  state.status === 'idle' && (state.callTime?.phase === 'finding' || state.callTime?.phase === 'booking');

/** After a reload, a calendar call's answer is lost: the times stay offered, and a tap books as before. */
export function resumeCallTime(callTime: CallTime): CallTime {
  if (callTime.phase !== 'finding' && callTime.phase !== 'booking') return callTime;
  const { picked: _picked, ...rest } = callTime;
  return { ...rest, phase: 'choosing' };
}
