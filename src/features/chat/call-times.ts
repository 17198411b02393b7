// Booking a real time after the chat's request is saved (issue 33), as pure rules: which free times to offer
// (from the visitor's preferred-time answer, in the zone they named), what a tap or a typed answer means, and what
// each answer of the booking functions says. The widget performs the calendar calls (CalendarCall) with
// src/features/booking/booking-api.ts and hands back their answers (CalendarAnswer). The database is the judge of
// every time: a tap books only if it is still free.
import type { ConfirmAnswer, HoldAnswer, Slot, SlotsAnswer } from '../booking/booking-api';
import { formatDay, formatTime, zoneLabel } from '../booking/time-format';
import { namesSomething, nearestTimes, parsePreference, parseTimeZone } from '../booking/time-preference';
import { mentionsAny } from './match';
import type { ChatScript } from './script-schema';
import type { CallTime, ChatState, MessageLink, OfferedTime } from './state';

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

type Texts = ChatScript['callTimes'];
const bot = (text: string, links?: MessageLink[]): Draft => ({ text, isBot: true, links });

/** The zone as the visitor reads it: "Australian Western Standard Time (Perth)", or "GMT+10:00" for an offset. */
export function zoneName(zone: string, offset: boolean, instant?: string): string {
  if (!offset && !zone.startsWith('Etc/GMT')) return zoneLabel(zone, instant);
  const part = new Intl.DateTimeFormat('en-AU', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(instant ? new Date(instant) : new Date())
    .find((item) => item.type === 'timeZoneName');
  return part?.value ?? zone;
}

/** A button's label: "Tue 1 Dec, 9:00 am" on the visitor's clock. */
export function timeLabel(startsAt: string, zone: string): string {
  const day = new Intl.DateTimeFormat('en-AU', { timeZone: zone, weekday: 'short', day: 'numeric', month: 'short' })
    .format(new Date(startsAt))
    .replace(/,/g, '');
  return `${day}, ${formatTime(startsAt, zone)}`;
}

const offered = (slots: readonly Slot[], zone: string): OfferedTime[] =>
  slots.map((slot) => ({ ...slot, label: timeLabel(slot.startsAt, zone) }));

const fill = (text: string, values: Record<string, string>) =>
  Object.entries(values).reduce((filled, [name, value]) => filled.split(`{${name}}`).join(value), text);

function withCallTime(state: ChatState, callTime: CallTime): ChatState {
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

/** The free times found: the nearest that fit what the visitor asked for, as buttons. */
function timesFound(
  state: ChatState,
  callTime: CallTime,
  answer: Extract<CalendarAnswer, { type: 'findTimes' }>,
  texts: Texts,
  now: number,
): Outcome {
  if (answer.answer.status === 'failed') {
    return { state: withCallTime(state, { ...callTime, phase: 'choosing' }), drafts: [bot(texts.failure)] };
  }
  const notes: Draft[] = [];
  let { zone } = callTime;
  let offsetZone = callTime.offsetZone;
  if (zone === undefined) {
    const named = parseTimeZone(callTime.zoneAnswer, texts, new Date(now));
    zone = named?.zone ?? answer.deviceZone;
    offsetZone = named?.kind === 'offset' ? true : undefined;
    if (!named) {
      notes.push(bot(fill(texts.deviceZone, { zone: zoneName(zone, false), answer: callTime.zoneAnswer })));
    } else if (offsetZone) notes.push(bot(fill(texts.offsetZone, { zone: zoneName(zone, true) })));
  }
  const preference = parsePreference(callTime.preference, texts);
  const found = nearestTimes(answer.answer.slots, preference, zone, new Date(now), TIMES_OFFERED, callTime.after);
  const next: CallTime = { ...callTime, zone, ...(offsetZone ? { offsetZone } : {}), phase: 'choosing' };
  if (found.slots.length === 0) {
    // Nothing (more) to book online: the times already offered stay, or the visitor waits for the e-mail.
    if (callTime.after !== undefined && callTime.offered.length > 0) {
      return { state: withCallTime(state, next), drafts: [bot(texts.noMore)] };
    }
    return { state: withCallTime(state, { ...next, phase: 'closed', offered: [] }), drafts: [bot(texts.noTimes)] };
  }
  const values = {
    preference: callTime.preference,
    zone: zoneName(zone, Boolean(offsetZone), found.slots[0].startsAt),
  };
  const text = callTime.after !== undefined ? texts.more : found.fitted ? texts.pickTime : texts.pickTimeNoMatch;
  return {
    state: withCallTime(state, { ...next, offered: offered(found.slots, zone) }),
    drafts: [bot(fill(text, values)), ...notes],
  };
}

/** A refused time: said kindly, with the next free times (the refusal's alternatives) as new buttons. */
function refused(state: ChatState, callTime: CallTime, text: string, alternatives: Slot[]): Outcome {
  const zone = callTime.zone ?? 'UTC';
  const { held: _held, picked: _picked, ...rest } = callTime;
  const values = { zone: zoneName(zone, Boolean(callTime.offsetZone), alternatives[0]?.startsAt) };
  if (alternatives.length === 0) {
    return {
      state: withCallTime(state, { ...rest, phase: 'finding', after: undefined }),
      drafts: [bot(fill(text, values))],
      calendar: { type: 'findTimes' },
    };
  }
  const sorted = [...alternatives].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  return {
    state: withCallTime(state, { ...rest, phase: 'choosing', offered: offered(sorted.slice(0, TIMES_OFFERED), zone) }),
    drafts: [bot(fill(text, values))],
  };
}

const closed = (state: ChatState, callTime: CallTime, text: string): Outcome => {
  const { held: _held, picked: _picked, ...rest } = callTime;
  return { state: withCallTime(state, { ...rest, phase: 'closed', offered: [] }), drafts: [bot(text)] };
};

/** The answer of a calendar call. Ignored unless that call is the one the conversation waits for. */
export function calendarAnswered(state: ChatState, answer: CalendarAnswer, script: ChatScript, now: number): Outcome {
  const texts = script.callTimes;
  const callTime = state.callTime;
  const none = { state, drafts: [] };
  if (!callTime) return none;
  if (answer.type === 'findTimes') {
    if (callTime.phase !== 'finding') return none;
    // The visitor has started another booking meanwhile: the times are not offered in the middle of its questions.
    if (state.status !== 'idle')
      return { state: withCallTime(state, { ...callTime, phase: 'closed', offered: [] }), drafts: [] };
    return timesFound(state, callTime, answer, texts, now);
  }
  if (callTime.phase !== 'booking' || !callTime.picked) return none;
  const picked = callTime.picked;
  if (answer.type === 'hold') {
    const held = answer.answer;
    switch (held.status) {
      case 'held':
        return {
          state: withCallTime(state, { ...callTime, held: { holdId: held.holdId, startsAt: picked.startsAt } }),
          drafts: [],
          calendar: { type: 'confirm', holdId: held.holdId, email: callTime.email },
        };
      case 'taken':
        return refused(state, callTime, texts.taken, held.alternatives);
      case 'too_soon':
      case 'too_far':
      case 'outside_hours':
      case 'day_full':
        return refused(state, callTime, texts.unavailable, held.alternatives);
      case 'already_booked':
        return closed(state, callTime, texts.alreadyBooked);
      case 'no_request':
      case 'invalid_time_zone':
        return closed(state, callTime, texts.noRequest);
      case 'failed':
        return { state: withCallTime(state, { ...callTime, phase: 'choosing' }), drafts: [bot(texts.failure)] };
    }
  }
  const confirmed = answer.answer;
  switch (confirmed.status) {
    case 'booked': {
      const zone = callTime.zone ?? confirmed.visitorTimeZone;
      const offset = Boolean(callTime.offsetZone);
      const at = confirmed.startsAt;
      const when = { day: formatDay(at, zone), time: formatTime(at, zone), zone: zoneName(zone, offset, at) };
      const drafts = [bot(fill(texts.booked, when))];
      if (confirmed.teamTimeZone && confirmed.teamTimeZone !== zone) {
        drafts.push(
          bot(
            fill(texts.teamTime, {
              day: formatDay(at, confirmed.teamTimeZone),
              time: formatTime(at, confirmed.teamTimeZone),
              teamZone: zoneName(confirmed.teamTimeZone, false, at),
            }),
          ),
        );
      }
      if (confirmed.manageToken) drafts.push(bot(texts.manage, [manageLink(confirmed.manageToken, texts)]));
      const { held: _held, picked: _picked, after: _after, ...rest } = callTime;
      return {
        state: withCallTime(state, {
          ...rest,
          phase: 'booked',
          offered: [],
          booked: {
            startsAt: at,
            teamZone: confirmed.teamTimeZone,
            ...(confirmed.manageToken ? { manageToken: confirmed.manageToken } : {}),
          },
        }),
        drafts,
      };
    }
    case 'taken':
      return refused(state, callTime, texts.taken, confirmed.alternatives);
    case 'already_booked':
      return closed(state, callTime, texts.alreadyBooked);
    case 'not_found':
      return closed(state, callTime, texts.noRequest);
    case 'failed':
      // The hold is kept: tapping the same time again confirms it.
      return { state: withCallTime(state, { ...callTime, phase: 'choosing' }), drafts: [bot(texts.failure)] };
  }
}

/** The change/cancel page of a booked call (src/pages/booking: `/booking#<token>`). */
export const manageLink = (token: string, texts: Texts): MessageLink => ({
  label: texts.manageLabel,
  to: `/booking#${token}`,
});

const sameLabel = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * A visitor message while times are offered: a time's label books it (one tap: hold, then confirm), a day or a part
 * of the day asks for times that fit it, the wait words close the offer, the other-times words ask for the next
 * times. Anything else is undefined: an ordinary message, with the offer still open.
 */
export function chooseTime(state: ChatState, text: string, script: ChatScript): Outcome | undefined {
  const texts = script.callTimes;
  const callTime = state.callTime;
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
  if (namesSomething(parsePreference(text, texts))) {
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
