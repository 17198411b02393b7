// How the booking functions' answers read in the chat (issue 33): the nearest free times that fit what the visitor
// said, in the zone they named, as buttons; a refusal with the next times; the booked call's day, time and zone.
// Loaded when a chat booking reaches times (useConversation), with the preferred-time parser it needs.
import type { Slot } from '../booking/booking-api';
import { formatDay, formatTime, zoneLabel } from '../booking/time-format';
import { namesSomething, nearestTimes, parsePreference, parseTimeZone } from '../booking/time-preference';
import {
  bot,
  calendarFailed,
  closed,
  fill,
  manageLink,
  TIMES_OFFERED,
  withCallTime,
  type CalendarAnswer,
  type Draft,
  type Outcome,
  type Texts,
} from './call-times';
import type { ChatScript } from './script-schema';
import type { CallTime, ChatState, OfferedTime } from './state';

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

/** The free times found: the nearest that fit what the visitor asked for, as buttons. */
function timesFound(
  state: ChatState,
  callTime: CallTime,
  answer: Extract<CalendarAnswer, { type: 'findTimes' }>,
  texts: Texts,
  now: number,
): Outcome {
  if (answer.answer.status === 'failed') {
    return calendarFailed(state, callTime, texts);
  }
  const preference = parsePreference(callTime.preference, texts);
  if (preference.unclear) {
    // "Not when I'm on site": ask which times suit rather than guess what is ruled out; the answer is read anew, and
    // the zone chosen (and said) with the times it brings.
    const { after: _after, ...asking } = callTime;
    return {
      state: withCallTime(state, { ...asking, phase: 'clarifying', offered: [] }),
      drafts: [bot(fill(texts.clarify, { preference: callTime.preference }))],
    };
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
      case 'sender_limit':
        return closed(state, callTime, texts.senderLimit);
      case 'no_request':
      case 'invalid_time_zone':
        return closed(state, callTime, texts.noRequest);
      case 'failed':
        return calendarFailed(state, callTime, texts);
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
    case 'sender_limit':
      return closed(state, callTime, texts.senderLimit);
    case 'not_found':
      return closed(state, callTime, texts.noRequest);
    case 'failed':
      // The hold is kept: tapping the same time again confirms it.
      return calendarFailed(state, callTime, texts);
  }
}

/**
 * Whether the visitor's words name a day or a time, to ask for or to rule out ("Thursday afternoon", "not Friday"), or
 * rule out one the words cannot place ("not when I'm on site"): then they ask for times that fit, or are asked which.
 */
export function namesTime(text: string, script: ChatScript): boolean {
  const preference = parsePreference(text, script.callTimes);
  return namesSomething(preference) || preference.unclear === true;
}
