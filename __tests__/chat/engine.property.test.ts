/** @jest-environment node */
import fc from 'fast-check';
import { initialState, onSaveResult, respond, resumeRestoredState } from '../../src/features/chat/engine';
import { cancelDecision } from '../../src/features/chat/intent';
import { isChatState, STEP_IDS, type ChatState } from '../../src/features/chat/state';
import { builtChatScript } from '../helpers/chat-script';

const script = builtChatScript();

// Words the engine reacts to, mixed with arbitrary text, so random conversations reach every step.
const meaningful = fc.constantFrom(
  'book a call',
  'Jane Doe',
  'jane@acme.com',
  'Acme',
  'UTC',
  '3pm',
  'tomorrow 10:30',
  'no',
  'nonprofit.org',
  'stick to email',
  'cancel',
  'stop',
  'One Stop Plumbing',
  'yes',
  'No, carry on',
  'never mind',
  'try again',
  'Skip',
  'pricing?',
  'weather',
  'asdfgh',
  'sure, do that',
  'no thanks',
  'how long is the call?',
  'already booked',
  'give us a bell',
  '',
  '   ',
  '\u200b',
  '<img src=x onerror=alert(1)>',
);
const visitorText = fc.oneof(meaningful, fc.string(), fc.string({ unit: 'binary', maxLength: 40 }));
const action = fc.oneof(
  { arbitrary: visitorText.map((text) => ({ kind: 'say' as const, text })), weight: 5 },
  { arbitrary: fc.boolean().map((ok) => ({ kind: 'saved' as const, ok })), weight: 1 },
  { arbitrary: fc.constant({ kind: 'reload' as const }), weight: 1 },
);
type Action = typeof action extends fc.Arbitrary<infer A> ? A : never;

function apply(state: ChatState, step: Action, now: number): ChatState {
  switch (step.kind) {
    case 'say':
      return respond(state, step.text, script, now).state;
    case 'saved':
      return onSaveResult(state, step.ok, script, now).state;
    case 'reload':
      return resumeRestoredState(JSON.parse(JSON.stringify(state)), script, now);
  }
}

const confirmsCancel = (text: string) => cancelDecision(text, script.booking) === 'discard';

describe('engine properties', () => {
  it('never throws and always leaves a valid, serialisable state', () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 40 }), (actions) => {
        let state = initialState(script, 0);
        actions.forEach((step, index) => {
          state = apply(state, step, index + 1);
          expect(isChatState(state)).toBe(true);
          expect(JSON.parse(JSON.stringify(state))).toEqual(state);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('never loses a collected answer unless the visitor confirms cancelling or the booking is saved', () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 40 }), (actions) => {
        let state = initialState(script, 0);
        actions.forEach((step, index) => {
          const before = state;
          state = apply(state, step, index + 1);
          const dropped = STEP_IDS.some(
            (id) => before.answers[id] !== undefined && state.answers[id] !== before.answers[id],
          );
          if (!dropped) return;
          const cancelled =
            step.kind === 'say' &&
            before.confirmingCancel === true &&
            confirmsCancel(step.text) &&
            state.status === 'idle';
          const saved = step.kind === 'saved' && step.ok && before.status === 'saving';
          expect(cancelled || saved).toBe(true);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('books at the first question on a yes whenever a call was just offered, and never asks twice once declined', () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 40 }), (actions) => {
        let state = initialState(script, 0);
        actions.forEach((step, index) => {
          if (state.offer) {
            expect(respond(state, 'yes', script, index + 1).state).toMatchObject({
              status: 'collecting',
              step: 'full_name',
            });
          }
          const before = state;
          state = apply(state, step, index + 1);
          if (before.offerDeclined) {
            expect(state.offerDeclined).toBe(true);
            expect(state.offer).not.toBe('asked');
          }
        });
      }),
      { numRuns: 300 },
    );
  });

  it('only ever asks to save a request the database accepts', () => {
    const long = (unit: fc.Arbitrary<string>) => fc.oneof(unit, fc.string({ minLength: 1, maxLength: 400 }));
    // One plausible-but-hostile answer per step, each possibly preceded by random attempts.
    const perStep = [
      long(fc.string({ minLength: 1 })),
      fc.oneof(
        fc.emailAddress(),
        fc.tuple(fc.string(), fc.string()).map(([local, domain]) => `${local}@${domain}`),
        fc.string().map((text) => `mail me at ${text}@x.io or a@b@c`),
      ),
      long(fc.string({ minLength: 1 })),
      long(fc.string({ minLength: 1 })),
      fc.oneof(
        fc.string().map((text) => `${text} 10:30`),
        fc.string().map((text) => `${text.repeat(20)} 3pm`),
      ),
      long(visitorText),
      long(visitorText),
    ];
    const conversation = fc.tuple(
      ...perStep.map((answer) => fc.tuple(fc.array(visitorText, { maxLength: 2 }), answer)),
    );
    let saves = 0;
    fc.assert(
      fc.property(conversation, (steps) => {
        let state = respond(initialState(script, 0), 'book a call', script, 1).state;
        for (const text of steps.flat(2)) {
          const result = respond(state, text, script, 2);
          state = result.state;
          if (!result.effect) continue;
          saves += 1;
          const { lead } = result.effect;
          expect(lead.name).toMatch(/\S/);
          expect(lead.name.length).toBeLessThanOrEqual(200);
          expect(lead.email).toMatch(/^[^\s@]+@[^\s@]+$/);
          expect(lead.email.length).toBeLessThanOrEqual(320);
          expect(lead.company).toMatch(/\S/);
          expect(lead.company.length).toBeLessThanOrEqual(200);
          expect(lead.phone.length).toBeLessThanOrEqual(50);
          expect(lead.message.length).toBeLessThanOrEqual(5000);
          expect(lead.message.split('\n')).toHaveLength(4);
        }
      }),
      { numRuns: 300 },
    );
    expect(saves).toBeGreaterThan(10);
  });

  it('adds the visitor message and at least one reply for any non-blank text outside a save', () => {
    fc.assert(
      fc.property(
        fc.array(visitorText, { maxLength: 10 }),
        visitorText.filter((text) => text.trim() !== ''),
        (history, text) => {
          let state = initialState(script, 0);
          for (const earlier of history) state = respond(state, earlier, script, 1).state;
          const result = respond(state, text, script, 2);
          const added = result.state.messages.length - state.messages.length;
          const expectsReply = !result.effect;
          expect(added).toBe(1 + result.replies.length);
          expect(result.replies.length > 0).toBe(expectsReply);
          expect(result.state.messages.find((message) => !message.isBot && message.timestamp === 2)?.text).toBe(
            text.trim(),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
