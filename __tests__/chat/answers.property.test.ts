/** @jest-environment node */
// Properties of answers during a booking: a word such as "stop" inside an answer never cancels or loses
// anything, and a phone number in the phone answer is always kept, whatever else the answer says.
import fc from 'fast-check';
import { initialState, respond } from '../../src/features/chat/engine';
import { STEP_IDS, type ChatState, type StepId } from '../../src/features/chat/state';
import { normaliseAnswer } from '../../src/features/chat/steps';
import { builtChatScript } from '../helpers/chat-script';

const script = builtChatScript();

const ROUTE = ['Jane Doe', 'jane@acme.com', 'Acme Pty Ltd', 'Australia/Sydney', 'Tuesday 3pm', 'acme.com'];

function askedAt(step: StepId): ChatState {
  let state = respond(initialState(script, 0), script.suggestions.bookCall, script, 1).state;
  for (const answer of ROUTE.slice(0, STEP_IDS.indexOf(step))) state = respond(state, answer, script, 1).state;
  return state;
}

const REQUIRED_STEPS: StepId[] = ['full_name', 'email', 'company', 'timezone', 'preferred_datetime'];

// Words of business names, e-mail addresses and times, and the words that cancel when said on their own.
const nameWord = fc.constantFrom(
  'One',
  'Pit',
  'Full',
  'Non-Stop',
  'Plumbing',
  'Media',
  'Auto',
  'Co',
  'Pty',
  'Ltd',
  'Fitness',
  'shop.com.au',
  'work',
  'before',
  'at',
  '5pm',
  'Müller',
  'stop@acme.com',
);
/** Marks that are not words: an answer of only these and "stop" is the request "stop". */
const decoration = fc.constantFrom('&', '🚏', '-', '!');
const cancelWord = fc.constantFrom('stop', 'Stop', 'STOP', 'cancel', 'Cancel', 'Stop!', 'cancel,');

/** An answer that uses a cancel word among other words, so it is not a request to cancel. */
const answerWithCancelWord = fc
  .tuple(
    fc.array(nameWord, { minLength: 1, maxLength: 4 }),
    fc.array(cancelWord, { minLength: 1, maxLength: 2 }),
    fc.array(decoration, { maxLength: 2 }),
  )
  .map((groups) => groups.flat())
  .chain((tokens) => fc.shuffledSubarray(tokens, { minLength: tokens.length }))
  .map((tokens) => tokens.join(' '));

describe('answer properties', () => {
  it('an answer at a required step that merely contains "stop" or "cancel" never cancels or drops an answer', () => {
    fc.assert(
      fc.property(fc.constantFrom(...REQUIRED_STEPS), answerWithCancelWord, (step, answer) => {
        const before = askedAt(step);
        const { state, replies } = respond(before, answer, script, 2);
        expect(state.confirmingCancel).toBeUndefined();
        expect(replies.map((reply) => reply.text)).not.toContain(script.booking.cancelled);
        expect(state.status).toBe('collecting');
        expect(state.answers).toMatchObject(before.answers);
        if (step === 'full_name' || step === 'company') expect(state.answers[step]).toBe(normaliseAnswer(answer));
      }),
      { numRuns: 300 },
    );
  });

  const digits = (min: number, max: number) =>
    fc.array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max }).map((list) => list.join(''));
  const phoneNumber = fc.oneof(
    // 0400 123 456, 0400-123-456, 0400123456
    fc
      .tuple(digits(4, 4), digits(3, 3), digits(3, 3), fc.constantFrom(' ', '-', ''))
      .map(([a, b, c, separator]) => [a, b, c].join(separator)),
    // +61 400 123 456, +44 20 7946 0958
    fc
      .tuple(digits(1, 3), fc.array(digits(3, 4), { minLength: 2, maxLength: 3 }))
      .map(([country, groups]) => `+${country} ${groups.join(' ')}`),
    // (02) 9876 5432, +1 (555) 010-9999
    fc
      .tuple(fc.constantFrom('', '+1 ', '+61 '), digits(1, 3), digits(3, 4), digits(4, 4))
      .map(([country, area, first, last]) => `${country}(${area}) ${first}-${last}`),
  );
  const remark = fc.oneof(
    fc.constantFrom(
      'no',
      'no landline',
      '(no landline)',
      'nope, only mobile',
      'email is better',
      'stick to email',
      'n/a',
      'skip',
      'never mind',
      'cancel',
      'stop',
      "I'd rather not",
      '📱',
      'mobile:',
      '',
    ),
    fc.string({ maxLength: 12 }),
  );

  it('a phone number in the phone answer is always kept, whatever else the answer says', () => {
    const atPhone = askedAt('phone');
    fc.assert(
      fc.property(
        fc
          .tuple(remark, phoneNumber, remark)
          .map(([before, number, after]) => ({ number, answer: `${before} ${number} ${after}` }))
          .filter(({ answer }) => normaliseAnswer(answer).length <= 50),
        ({ number, answer }) => {
          const result = respond(atPhone, answer, script, 2);
          expect(result.effect?.lead.phone).toBe(normaliseAnswer(answer));
          expect(result.effect?.lead.phone).toContain(number);
        },
      ),
      { numRuns: 300 },
    );
  });
});
