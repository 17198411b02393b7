/** @jest-environment node */
// Issue 43: after the request is saved, a preferred time that rules times out ("afternoons, not Thursday", "not
// before 10am") is offered none of them, and one whose words rule out what the parser cannot place ("mornings but
// not when I'm on site") gets a question (callTimes.clarify) instead of a guess; the answer is read as the new
// preferred time. Every text the assistant says is read from content/chat.json.
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
import { isChatState, type ChatState } from '../../src/features/chat/state';
import { suggestionsFor } from '../../src/features/chat/suggestions';
import * as timeAnswers from '../../src/features/chat/time-answers';
import { builtChatScript } from '../helpers/chat-script';

const script = builtChatScript();
const respond = (state: ChatState, text: string) => respondWith(state, text, script, NOW, timeAnswers);
const onCalendarAnswer = (state: ChatState, answer: CalendarAnswer) =>
  answerWith(state, answer, script, NOW, timeAnswers);
const { callTimes } = script;
const NOW = Date.parse('2026-11-25T00:00:00Z'); // Wednesday 25 November, 11 am in Sydney

const slot = (startsAt: string): Slot => ({
  startsAt,
  endsAt: new Date(Date.parse(startsAt) + 30 * 60_000).toISOString(),
});
/** Every half hour from 9 am to 5 pm Sydney (AEDT, UTC+11), Thursday 26 November to Friday 4 December, weekdays. */
const FREE: Slot[] = [26, 27, 30, 31, 32, 33, 34].flatMap((day) => {
  const date = new Date(Date.UTC(2026, 10, day));
  if (date.getUTCDay() === 0 || date.getUTCDay() === 6) return [];
  return Array.from({ length: 16 }, (_, index) =>
    slot(new Date(Date.UTC(2026, 10, day, 9 - 11, index * 30)).toISOString()),
  );
});
const found = (deviceZone = 'Australia/Sydney'): CalendarAnswer => ({
  type: 'findTimes',
  answer: { status: 'ok', slots: FREE, teamTimeZone: 'Australia/Sydney', callMinutes: 30 },
  deviceZone,
});
const texts = (result: EngineResult) => result.replies.map((reply) => reply.text);
const fill = (text: string, values: Record<string, string>) =>
  Object.entries(values).reduce((filled, [key, value]) => filled.split(`{${key}}`).join(value), text);
const labels = (result: EngineResult) => result.state.callTime?.offered.map((time) => time.label) ?? [];

/** The request saved with these answers, then the calendar's free times answered. */
function afterSave(zone: string, preference: string, deviceZone?: string): EngineResult {
  let state: ChatState = initialState(script, NOW);
  for (const text of ['book a call', 'Jane Doe', 'jane@acme.com', 'Acme', zone, preference, 'no', 'no']) {
    state = respond(state, text).state;
  }
  expect(state.status).toBe('saving');
  return onCalendarAnswer(onSaveResult(state, true, script, NOW).state, found(deviceZone));
}

describe('a preferred time that rules times out', () => {
  it('is offered none of the days it rules out', () => {
    const result = afterSave('Sydney', 'afternoons, not Thursday');
    expect(labels(result)[0]).toBe('Fri 27 Nov, 12:00 pm');
    expect(labels(result).some((label) => label.startsWith('Thu'))).toBe(false);
    expect(texts(result)).toEqual([
      fill(callTimes.pickTime, {
        preference: 'afternoons, not Thursday',
        zone: 'Australian Eastern Daylight Time (Sydney)',
      }),
    ]);
  });

  it('reads "no mornings" and "not before 10am" as they are meant, not backwards', () => {
    expect(labels(afterSave('Sydney', 'no mornings please'))[0]).toBe('Thu 26 Nov, 12:00 pm');
    expect(labels(afterSave('Sydney', 'not before 10am'))[0]).toBe('Thu 26 Nov, 10:00 am');
    expect(labels(afterSave('Sydney', 'weekday mornings, not after 10am'))).toEqual([
      'Thu 26 Nov, 9:00 am',
      'Thu 26 Nov, 9:30 am',
      'Fri 27 Nov, 9:00 am',
      'Fri 27 Nov, 9:30 am',
      'Mon 30 Nov, 9:00 am',
    ]);
  });

  it('typed while times are offered, asks for times that fit it', () => {
    const choosing = afterSave('Sydney', 'Thursday or Friday morning');
    expect(labels(choosing)[0]).toBe('Thu 26 Nov, 9:00 am');
    const asked = respond(choosing.state, 'actually any day but Thursday');
    expect(asked.calendar).toEqual({ type: 'findTimes' });
    expect(labels(onCalendarAnswer(asked.state, found()))[0]).toBe('Fri 27 Nov, 9:00 am');
  });
});

describe('where the words rule out a time the parser cannot place', () => {
  const preference = "mornings but not when I'm on site";

  it('asks which days or times suit instead of offering a guess, with the wait button', () => {
    const result = afterSave('Sydney', preference);
    expect(texts(result)).toEqual([fill(callTimes.clarify, { preference })]);
    expect(result.state.callTime).toMatchObject({ phase: 'clarifying', offered: [], preference });
    expect(result.calendar).toBeUndefined();
    expect(suggestionsFor(result.state, script, undefined)).toEqual([callTimes.waitLabel]);
    expect(isChatState(result.state)).toBe(true);
  });

  it('reads the answer as the new preferred time and offers the times that fit it', () => {
    const asked = afterSave('Sydney', preference);
    const answered = respond(asked.state, 'Friday morning then');
    expect(answered.replies).toEqual([]);
    expect(answered.calendar).toEqual({ type: 'findTimes' });
    expect(answered.state.callTime).toMatchObject({ phase: 'finding', preference: 'Friday morning then' });
    const times = onCalendarAnswer(answered.state, found());
    expect(labels(times)[0]).toBe('Fri 27 Nov, 9:00 am');
    expect(texts(times)[0]).toBe(
      fill(callTimes.pickTime, {
        preference: 'Friday morning then',
        zone: 'Australian Eastern Daylight Time (Sydney)',
      }),
    );
  });

  it('says the zone it chose with the times, not with the question', () => {
    const asked = afterSave('the usual', preference, 'Asia/Kolkata');
    expect(texts(asked)).toEqual([fill(callTimes.clarify, { preference })]);
    expect(asked.state.callTime?.zone).toBeUndefined();
    const times = onCalendarAnswer(respond(asked.state, 'any weekday').state, found('Asia/Kolkata'));
    expect(texts(times)[1]).toBe(
      fill(callTimes.deviceZone, { zone: 'India Standard Time (Kolkata)', answer: 'the usual' }),
    );
  });

  it('asks again where the answer is still unclear, and closes the offer when the visitor would rather wait', () => {
    const asked = afterSave('Sydney', preference);
    const again = onCalendarAnswer(respond(asked.state, 'not during school drop off').state, found());
    expect(texts(again)).toEqual([fill(callTimes.clarify, { preference: 'not during school drop off' })]);
    const wait = respond(again.state, callTimes.waitLabel);
    expect(texts(wait)).toEqual([callTimes.waiting]);
    expect(wait.state.callTime?.phase).toBe('closed');
  });

  it('asks too when such words are typed while times are offered', () => {
    const choosing = afterSave('Sydney', 'Tuesday morning');
    const typed = respond(choosing.state, "not when I'm on the tools");
    expect(typed.calendar).toEqual({ type: 'findTimes' });
    const asked = onCalendarAnswer(typed.state, found());
    expect(texts(asked)).toEqual([fill(callTimes.clarify, { preference: "not when I'm on the tools" })]);
    expect(suggestionsFor(asked.state, script, undefined)).toEqual([callTimes.waitLabel]);
  });

  it('keeps the question open after a reload', () => {
    const asked = afterSave('Sydney', preference);
    const restored = resumeRestoredState(JSON.parse(JSON.stringify(asked.state)), script, NOW);
    expect(restored.callTime?.phase).toBe('clarifying');
    expect(isChatState(restored)).toBe(true);
  });

  it('still takes "no thanks" while times are offered as the wish to wait, not as a time ruled out', () => {
    const choosing = afterSave('Sydney', 'Tuesday morning');
    expect(texts(respond(choosing.state, 'no thanks'))).toEqual([callTimes.waiting]);
  });
});
