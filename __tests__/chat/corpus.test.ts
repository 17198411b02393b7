/** @jest-environment node */
// The visitor corpus (__tests__/fixtures/chat-corpus.ts) through the engine: what each opening message
// gets, what each answer records at its step, and whole conversations down to the request saved.
import { initialState, onSaveResult, respond, type EngineResult } from '../../src/features/chat/engine';
import { STEP_IDS, type ChatState, type StepId } from '../../src/features/chat/state';
import { ANSWERS, CONVERSATIONS, OPENINGS, type AnswerOutcome, type OpeningOutcome } from '../fixtures/chat-corpus';
import { builtChatScript } from '../helpers/chat-script';

const script = builtChatScript();
const { booking } = script;

/** Valid answers for every step, used to reach the step under test. */
const ROUTE: Record<StepId, string> = {
  full_name: 'Jane Doe',
  email: 'jane@acme.com',
  company: 'Acme Pty Ltd',
  timezone: 'Australia/Sydney',
  preferred_datetime: 'Tuesday morning',
  website: 'acme.com',
  phone: '0400 123 456',
};

function converse(state: ChatState, texts: string[]): EngineResult {
  let result: EngineResult = { state, replies: [] };
  for (const text of texts) result = respond(result.state, text, script, 1);
  return result;
}

function askedAt(step: StepId): ChatState {
  const before = STEP_IDS.slice(0, STEP_IDS.indexOf(step)).map((id) => ROUTE[id]);
  const state = converse(initialState(script, 0), [script.suggestions.bookCall, ...before]).state;
  expect(state).toMatchObject({ status: 'collecting', step });
  return state;
}

function openingOutcome(result: EngineResult): OpeningOutcome {
  const first = result.replies[0]?.text;
  if (first === booking.start && result.state.status === 'collecting') return 'starts a booking';
  if (first === booking.nothingToCancel) return 'nothing to cancel';
  if (first === script.offTopic.reply) return 'off-topic reply';
  if (first === script.fallback) return 'fallback';
  const topic = script.topics.find((item) => item.reply === first);
  if (topic) return `topic ${topic.id}`;
  const smallTalk = script.smallTalk.find((item) => item.reply === first);
  if (smallTalk) return `small talk ${smallTalk.id}`;
  throw new Error(`unexpected reply ${JSON.stringify(first)}`);
}

function answerOutcome(step: StepId, result: EngineResult): AnswerOutcome {
  const { state, replies } = result;
  if (state.confirmingCancel || (state.status === 'idle' && replies[0]?.text === booking.cancelled)) {
    return 'asks to cancel';
  }
  if (state.status === 'collecting' && state.step === step) return 'refused';
  const recorded = step === 'phone' ? result.effect?.lead.phone : state.answers[step];
  if (recorded === undefined) throw new Error(`nothing recorded at ${step}`);
  return { records: recorded };
}

describe('visitor corpus', () => {
  it('has at least 200 realistic messages and answers', () => {
    const conversationTurns = CONVERSATIONS.reduce((sum, { turns }) => sum + turns.length, 0);
    expect(OPENINGS.length + ANSWERS.length + conversationTurns).toBeGreaterThanOrEqual(200);
    expect(new Set(OPENINGS.map(([message]) => message)).size).toBe(OPENINGS.length);
  });

  describe('first messages', () => {
    it.each(OPENINGS)('%j → %s', (message, outcome) => {
      expect(openingOutcome(respond(initialState(script, 0), message, script, 1))).toEqual(outcome);
    });
  });

  describe('answers at each step', () => {
    it.each(ANSWERS)('%s %j → %j', (step, answer, outcome) => {
      expect(answerOutcome(step, respond(askedAt(step), answer, script, 1))).toEqual(outcome);
    });
  });

  describe('conversations', () => {
    it.each(CONVERSATIONS)('$name', ({ turns, saves }) => {
      const result = converse(initialState(script, 0), turns);
      if (!saves) {
        expect(result.effect).toBeUndefined();
        expect(result.state).toMatchObject({ status: 'idle', answers: {} });
        return;
      }
      expect(result.effect).toEqual({ type: 'save', lead: saves });
      const done = onSaveResult(result.state, true, script, 2);
      expect(done.replies.map((reply) => reply.text)).toEqual([
        "Thanks, I've booked your details — our team will send you calendar options shortly.",
      ]);
    });
  });
});
