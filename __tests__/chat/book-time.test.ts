/** @jest-environment node */
// Issue 33: after the request is saved, the chat offers free times that fit what the visitor said, books one on a
// tap (hold, then confirm: the database is the judge), tells a refusal kindly with the next times, keeps the
// request on every failure, and later answers "can I change my time?" with the change/cancel link.
import type { Slot } from '../../src/features/booking/booking-api';
import type { CalendarAnswer } from '../../src/features/chat/call-times';
import {
  initialState,
  onCalendarAnswer as answerWith,
  onSaveResult,
  respond as respondWith,
  resumeRestoredState,
  type EngineResult,
} from '../../src/features/chat/engine';
import * as timeAnswers from '../../src/features/chat/time-answers';
import { isChatState, type ChatState } from '../../src/features/chat/state';
import { suggestionsFor } from '../../src/features/chat/suggestions';
import { chat } from '../fixtures/spec-texts';
import { builtChatScript, TEST_CONTACT_EMAIL as EMAIL } from '../helpers/chat-script';

const script = builtChatScript();
// The widget passes the time rules once loaded (useConversation); these tests have them from the start.
const respond = (state: ChatState, text: string, ...rest: [typeof script, number]) =>
  respondWith(state, text, ...rest, timeAnswers);
const onCalendarAnswer = (state: ChatState, answer: CalendarAnswer, ...rest: [typeof script, number]) =>
  answerWith(state, answer, ...rest, timeAnswers);
const { callTimes } = script;
const NOW = Date.parse('2026-11-25T00:00:00Z'); // Wednesday 25 November, 11 am in Sydney
const TEAM = 'Australia/Sydney';

const slot = (startsAt: string): Slot => ({
  startsAt,
  endsAt: new Date(Date.parse(startsAt) + 30 * 60_000).toISOString(),
});
/** Every half hour from 9 am to 5 pm Sydney (AEDT, UTC+11) on Thursday 26 November to Friday 4 December, weekdays. */
const FREE: Slot[] = [26, 27, 30, 31, 32, 33, 34].flatMap((day) => {
  const date = new Date(Date.UTC(2026, 10, day));
  const weekday = date.getUTCDay();
  if (weekday === 0 || weekday === 6) return [];
  return Array.from({ length: 16 }, (_, index) =>
    slot(new Date(Date.UTC(2026, 10, day, 9 - 11, index * 30)).toISOString()),
  );
});
const found = (slots: Slot[] = FREE, deviceZone = 'Asia/Kolkata'): CalendarAnswer => ({
  type: 'findTimes',
  answer: { status: 'ok', slots, teamTimeZone: TEAM, callMinutes: 30 },
  deviceZone,
});
const texts = (result: EngineResult) => result.replies.map((reply) => reply.text);
const fill = (text: string, values: Record<string, string>) =>
  Object.entries(values).reduce((filled, [key, value]) => filled.split(`{${key}}`).join(value), text);

function saved(zone: string, preference: string): EngineResult {
  let state: ChatState = initialState(script, NOW);
  for (const text of ['book a call', 'Jane Doe', 'jane@acme.com', 'Acme', zone, preference, 'no', 'no']) {
    state = respond(state, text, script, NOW).state;
  }
  return onSaveResult(state, true, script, NOW);
}

function offered(zone: string, preference: string, deviceZone?: string): EngineResult {
  return onCalendarAnswer(saved(zone, preference).state, found(FREE, deviceZone), script, NOW);
}

describe('after the request is saved', () => {
  it('shows the spec’s confirmation, then asks the calendar for free times', () => {
    const result = saved('Perth', 'Tuesday morning');
    expect(texts(result)).toEqual([chat.success]);
    expect(result.calendar).toEqual({ type: 'findTimes' });
    expect(result.state).toMatchObject({ status: 'idle', answers: {}, justBooked: true });
    expect(result.state.callTime).toMatchObject({
      phase: 'finding',
      email: 'jane@acme.com',
      zoneAnswer: 'Perth',
      preference: 'Tuesday morning',
    });
    expect(isChatState(result.state)).toBe(true);
  });

  it('offers the nearest free times that fit, in the zone the visitor named, as buttons', () => {
    const result = offered('Perth', 'Tuesday morning');
    const labels = suggestionsFor(result.state, script, undefined);
    // Tuesday 1 December, 9 am Sydney is 6 am Perth: the first Perth-morning times on a Tuesday.
    expect(labels).toEqual([
      'Tue 1 Dec, 6:00 am',
      'Tue 1 Dec, 6:30 am',
      'Tue 1 Dec, 7:00 am',
      'Tue 1 Dec, 7:30 am',
      'Tue 1 Dec, 8:00 am',
      callTimes.otherTimesLabel,
      callTimes.waitLabel,
    ]);
    expect(texts(result)).toEqual([
      fill(callTimes.pickTime, { preference: 'Tuesday morning', zone: 'Australian Western Standard Time (Perth)' }),
    ]);
    expect(isChatState(result.state)).toBe(true);
  });

  it('reads "after 3pm" on the visitor’s clock', () => {
    const labels = suggestionsFor(offered('AEST', 'any weekday after 3pm').state, script, undefined);
    expect(labels.slice(0, 3)).toEqual(['Thu 26 Nov, 3:00 pm', 'Thu 26 Nov, 3:30 pm', 'Thu 26 Nov, 4:00 pm']);
  });

  it('uses the device’s zone where the answer names none, and says so', () => {
    const result = offered('the usual', '10am', 'Asia/Kolkata');
    expect(texts(result)[1]).toBe(
      fill(callTimes.deviceZone, { zone: 'India Standard Time (Kolkata)', answer: 'the usual' }),
    );
    expect(result.state.callTime?.zone).toBe('Asia/Kolkata');
  });

  it('shows a fixed offset the visitor gave as that offset, and says it does not change', () => {
    const result = offered('GMT+10', 'Friday 10am');
    expect(result.state.callTime).toMatchObject({ zone: 'Etc/GMT-10', offsetZone: true });
    expect(texts(result)[0]).toContain('GMT+10:00');
    expect(texts(result)[1]).toBe(fill(callTimes.offsetZone, { zone: 'GMT+10:00' }));
    // About 10 am on Friday 27 November at GMT+10 starts at 9 am there, 10 am in Sydney (AEDT).
    expect(result.state.callTime?.offered[0]).toMatchObject({
      startsAt: '2026-11-26T23:00:00.000Z',
      label: 'Fri 27 Nov, 9:00 am',
    });
  });

  it('offers the nearest times when none fits, and says so', () => {
    const result = offered('Sydney', 'Saturday morning');
    expect(texts(result)[0]).toBe(
      fill(callTimes.pickTimeNoMatch, {
        preference: 'Saturday morning',
        zone: 'Australian Eastern Daylight Time (Sydney)',
      }),
    );
    expect(result.state.callTime?.offered[0].label).toBe('Thu 26 Nov, 9:00 am');
  });

  it('keeps the request when the calendar cannot be reached or has no times, and says so with the address', () => {
    const failed = onCalendarAnswer(
      saved('Sydney', '3pm').state,
      { type: 'findTimes', answer: { status: 'failed', detail: 'offline' }, deviceZone: TEAM },
      script,
      NOW,
    );
    expect(texts(failed)).toEqual([callTimes.failure]);
    expect(callTimes.failure).toContain(EMAIL);
    const none = onCalendarAnswer(saved('Sydney', '3pm').state, found([]), script, NOW);
    expect(texts(none)).toEqual([callTimes.noTimes]);
    expect(none.state.callTime?.phase).toBe('closed');
  });

  it('keeps the request when the code that reads the times cannot be loaded (offline), and lets the visitor retry', () => {
    const unread = answerWith(saved('Sydney', '3pm').state, found(), script, NOW, undefined);
    expect(texts(unread)).toEqual([callTimes.failure]);
    expect(unread.state.callTime?.phase).toBe('choosing');
    expect(unread.state.callTime?.email).toBe('jane@acme.com');
    expect(suggestionsFor(unread.state, script, undefined)).toEqual([callTimes.otherTimesLabel, callTimes.waitLabel]);
    expect(respond(unread.state, callTimes.otherTimesLabel, script, NOW).calendar).toEqual({ type: 'findTimes' });
  });
});

describe('choosing', () => {
  const choosing = () => offered('Sydney', 'Thursday morning');

  it('books on one tap: hold, then confirm, then the booked call with the team’s zone and the link', () => {
    const tapped = respond(choosing().state, 'Thu 26 Nov, 9:30 am', script, NOW);
    expect(tapped.calendar).toEqual({
      type: 'hold',
      email: 'jane@acme.com',
      startsAt: '2026-11-25T22:30:00.000Z',
      zone: 'Australia/Sydney',
    });
    expect(tapped.replies).toEqual([]);
    const held = onCalendarAnswer(
      tapped.state,
      {
        type: 'hold',
        answer: {
          status: 'held',
          holdId: 'h1',
          startsAt: '2026-11-25T22:30:00.000Z',
          endsAt: '2026-11-25T23:00:00.000Z',
          holdExpiresAt: '2026-11-25T00:10:00Z',
          teamTimeZone: TEAM,
          callMinutes: 30,
        },
      },
      script,
      NOW,
    );
    expect(held.calendar).toEqual({ type: 'confirm', holdId: 'h1', email: 'jane@acme.com' });
    const booked = onCalendarAnswer(
      held.state,
      {
        type: 'confirm',
        answer: {
          status: 'booked',
          bookingId: 'b1',
          startsAt: '2026-11-25T22:30:00.000Z',
          endsAt: '2026-11-25T23:00:00.000Z',
          visitorTimeZone: 'Australia/Sydney',
          teamTimeZone: TEAM,
          callMinutes: 30,
          manageToken: 'secret-token',
        },
      },
      script,
      NOW,
    );
    expect(texts(booked)).toEqual([
      fill(callTimes.booked, {
        day: 'Thursday 26 November',
        time: '9:30 am',
        zone: 'Australian Eastern Daylight Time (Sydney)',
      }),
      callTimes.manage,
    ]);
    expect(booked.replies[1].links).toEqual([{ label: callTimes.manageLabel, to: '/booking#secret-token' }]);
    expect(booked.state.callTime?.phase).toBe('booked');
    expect(isChatState(booked.state)).toBe(true);

    // Later: "can I change my time?" gets the link.
    for (const text of ['can I change my time?', 'I need to reschedule', 'cancel my call']) {
      const change = respond(booked.state, text, script, NOW);
      expect(change.replies[0].links).toEqual([{ label: callTimes.manageLabel, to: '/booking#secret-token' }]);
    }
  });

  it('gives the team’s time beside the visitor’s when the zones differ', () => {
    const state = offered('Perth', 'Tuesday morning').state;
    const tapped = respond(state, 'Tue 1 Dec, 6:00 am', script, NOW);
    const booked = onCalendarAnswer(
      {
        ...tapped.state,
        callTime: { ...tapped.state.callTime!, held: { holdId: 'h', startsAt: '2026-11-30T22:00:00.000Z' } },
      },
      {
        type: 'confirm',
        answer: {
          status: 'booked',
          bookingId: 'b',
          startsAt: '2026-11-30T22:00:00.000Z',
          endsAt: '2026-11-30T22:30:00.000Z',
          visitorTimeZone: 'Australia/Perth',
          teamTimeZone: TEAM,
          callMinutes: 30,
        },
      },
      script,
      NOW,
    );
    expect(texts(booked)).toEqual([
      fill(callTimes.booked, {
        day: 'Tuesday 1 December',
        time: '6:00 am',
        zone: 'Australian Western Standard Time (Perth)',
      }),
      fill(callTimes.teamTime, {
        day: 'Tuesday 1 December',
        time: '9:00 am',
        teamZone: 'Australian Eastern Daylight Time (Sydney)',
      }),
    ]);
  });

  it('tells a taken time kindly, with the next free times as new buttons', () => {
    const tapped = respond(choosing().state, 'Thu 26 Nov, 9:00 am', script, NOW);
    const taken = onCalendarAnswer(
      tapped.state,
      { type: 'hold', answer: { status: 'taken', alternatives: [slot('2026-11-26T23:00:00.000Z')] } },
      script,
      NOW,
    );
    expect(texts(taken)).toEqual([fill(callTimes.taken, { zone: 'Australian Eastern Daylight Time (Sydney)' })]);
    expect(suggestionsFor(taken.state, script, undefined)[0]).toBe('Fri 27 Nov, 10:00 am');
  });

  it('keeps the request on a failure, says so with the address, and a tap on the held time confirms it again', () => {
    const tapped = respond(choosing().state, 'Thu 26 Nov, 9:00 am', script, NOW);
    const held = onCalendarAnswer(
      tapped.state,
      {
        type: 'hold',
        answer: {
          status: 'held',
          holdId: 'h9',
          startsAt: '2026-11-25T22:00:00.000Z',
          endsAt: '2026-11-25T22:30:00.000Z',
          holdExpiresAt: '2026-11-25T00:10:00Z',
          teamTimeZone: TEAM,
          callMinutes: 30,
        },
      },
      script,
      NOW,
    );
    const failed = onCalendarAnswer(
      held.state,
      { type: 'confirm', answer: { status: 'failed', detail: 'offline' } },
      script,
      NOW,
    );
    expect(texts(failed)).toEqual([callTimes.failure]);
    const again = respond(failed.state, 'thu 26 nov, 9:00 AM', script, NOW);
    expect(again.calendar).toEqual({ type: 'confirm', holdId: 'h9', email: 'jane@acme.com' });
  });

  it('asks for other times, times on another day, or closes the offer when the visitor will wait', () => {
    const state = choosing().state;
    const later = respond(state, callTimes.otherTimesLabel, script, NOW);
    expect(later.calendar).toEqual({ type: 'findTimes' });
    expect(later.state.callTime?.after).toBe(state.callTime?.offered.at(-1)?.startsAt);
    const more = onCalendarAnswer(later.state, found(), script, NOW);
    expect(texts(more)[0]).toBe(fill(callTimes.more, { zone: 'Australian Eastern Daylight Time (Sydney)' }));
    expect(more.state.callTime?.offered[0].label).toBe('Thu 26 Nov, 11:30 am');

    const thursday = respond(state, 'something on Friday', script, NOW);
    expect(thursday.state.callTime?.preference).toBe('something on Friday');
    const friday = onCalendarAnswer(thursday.state, found(), script, NOW);
    expect(friday.state.callTime?.offered[0].label).toBe('Fri 27 Nov, 9:00 am');

    const wait = respond(state, callTimes.waitLabel, script, NOW);
    expect(texts(wait)).toEqual([callTimes.waiting]);
    expect(suggestionsFor(wait.state, script, undefined)).toEqual([script.suggestions.bookCall]);
  });

  it('answers a question while times are offered, and keeps them offered', () => {
    const result = respond(choosing().state, 'how much does it cost?', script, NOW);
    expect(result.calendar).toBeUndefined();
    expect(suggestionsFor(result.state, script, undefined)).toContain('Thu 26 Nov, 9:00 am');
  });

  it('offers the times again after a reload during a calendar call', () => {
    const tapped = respond(choosing().state, 'Thu 26 Nov, 9:00 am', script, NOW);
    const restored = resumeRestoredState(JSON.parse(JSON.stringify(tapped.state)), script, NOW);
    expect(restored.callTime?.phase).toBe('choosing');
    expect(isChatState(restored)).toBe(true);
  });
});

describe('without a call booked in this conversation', () => {
  it('answers a change request with the contact address', () => {
    const result = respond(initialState(script, NOW), 'can I change my time?', script, NOW);
    expect(texts(result)).toEqual([callTimes.noBookingToChange]);
    expect(callTimes.noBookingToChange).toContain(EMAIL);
  });
});
