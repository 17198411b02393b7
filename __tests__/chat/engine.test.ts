/** @jest-environment node */
import {
  initialState,
  onSaveResult,
  respond,
  resumeRestoredState,
  type EngineResult,
} from '../../src/features/chat/engine';
import { isChatState, MAX_MESSAGES } from '../../src/features/chat/state';
import { builtChatScript, TEST_CONTACT_EMAIL as EMAIL } from '../helpers/chat-script';
import { conversation } from '../helpers/converse';
import { chat, claims } from '../fixtures/spec-texts';

const script = builtChatScript();
const { booking } = script;

const SUCCESS = chat.success;
const FAILURE = chat.failure.replace('{email}', EMAIL);

const start = () => initialState(script, 0);

/** Sends each text in turn and returns the last turn's result. */
const converse = conversation(script);

const replyTexts = (result: EngineResult) => result.replies.map((reply) => reply.text);

const ANSWERS_UP_TO_WEBSITE = ['Jane Doe', 'jane@acme.com', 'Acme Pty Ltd', 'Australia/Sydney', 'Tuesday morning'];

describe('start of a conversation', () => {
  it('holds the greeting as a bot message', () => {
    const state = start();
    expect(state.messages).toEqual([{ id: 'm1', text: script.greeting, isBot: true, timestamp: 0 }]);
    expect(state).toMatchObject({ status: 'idle', step: null, answers: {} });
  });

  it('ignores blank input', () => {
    const state = start();
    expect(respond(state, '   \n ', script, 5)).toEqual({ state, replies: [] });
  });

  it('records the visitor message as text with its time, and the replies after it', () => {
    const result = respond(start(), '  <b>Hi</b>  ', script, 42);
    expect(result.state.messages[1]).toEqual({ id: 'm2', text: '<b>Hi</b>', isBot: false, timestamp: 42 });
    expect(result.state.messages.slice(2)).toEqual(result.replies);
    expect(result.replies[0]).toMatchObject({ id: 'm3', isBot: true, timestamp: 42 });
  });
});

describe('starting the booking flow', () => {
  it.each([
    'I want to book a demo',
    'Can we schedule a call?',
    'DEMO please',
    "I'd like to make a booking",
    'Book a strategy call',
  ])('starts on %j', (text) => {
    const result = converse(start(), text);
    expect(replyTexts(result)).toEqual([booking.start, booking.steps.full_name.prompt]);
    expect(result.state).toMatchObject({ status: 'collecting', step: 'full_name', answers: {} });
  });

  it.each(['I found you on Facebook', 'Do you do total recall?', 'What about callbacks?'])(
    'does not start on %j (words, not substrings)',
    (text) => {
      expect(converse(start(), text).state.status).toBe('idle');
    },
  );

  it('does not start a new flow for "cancel my booking"', () => {
    const result = converse(start(), 'I need to cancel my booking');
    expect(replyTexts(result)).toEqual([booking.nothingToCancel]);
    expect(booking.nothingToCancel).toContain(EMAIL);
    expect(result.state.status).toBe('idle');
  });
});

describe('booking steps', () => {
  const inFlow = () => converse(start(), 'book a call').state;

  it('asks the steps in order: full_name, email, company, timezone, preferred_datetime, website, phone', () => {
    let state = inFlow();
    const asked: string[] = [];
    for (const answer of [...ANSWERS_UP_TO_WEBSITE, 'acme.com']) {
      const result = converse(state, answer);
      asked.push(result.state.step ?? '');
      expect(replyTexts(result)).toEqual([booking.steps[result.state.step!].prompt]);
      state = result.state;
    }
    expect(asked).toEqual(['email', 'company', 'timezone', 'preferred_datetime', 'website', 'phone']);
  });

  it.each([
    ['full_name', [], '\u200b', chat.invalid.full_name],
    ['email', ['Jane'], 'jane at acme dot com', chat.invalid.email],
    ['company', ['Jane', 'jane@acme.com'], '\u200b\u200b', chat.invalid.company],
    ['timezone', ['Jane', 'jane@acme.com', 'Acme'], '\u2060', chat.invalid.timezone],
    ['preferred_datetime', ['Jane', 'jane@acme.com', 'Acme', 'AEST'], 'Tuesday', chat.invalid.preferred_datetime],
  ])('rejects an invalid %s with the spec reply and stays on the step', (step, before, invalid, reply) => {
    const asked = converse(inFlow(), ...before).state;
    expect(asked.step).toBe(step);
    const result = converse(asked, invalid);
    expect(replyTexts(result)).toEqual([reply]);
    expect(result.state).toMatchObject({ status: 'collecting', step, answers: asked.answers });
  });

  it('keeps the e-mail address found in the answer', () => {
    const result = converse(inFlow(), 'Jane', 'Sure, it is jane@acme.com.');
    expect(result.state.answers.email).toBe('jane@acme.com');
  });

  it.each(['3pm', 'tomorrow 10:30', 'Tuesday morning', 'Friday afternoon', 'any evening', '9 am'])(
    'accepts %j as a preferred time',
    (time) => {
      const result = converse(inFlow(), 'Jane', 'jane@acme.com', 'Acme', 'AEST', time);
      expect(result.state.answers.preferred_datetime).toBe(time);
      expect(result.state.step).toBe('website');
    },
  );

  it('records answers on one line with single spaces', () => {
    const result = converse(inFlow(), '  Jane \n  Doe ');
    expect(result.state.answers.full_name).toBe('Jane Doe');
  });

  it.each([
    ['full_name', [], 'J'.repeat(201), 200],
    ['company', ['Jane', 'jane@acme.com'], 'A'.repeat(201), 200],
    ['phone', ['Jane', 'jane@acme.com', 'Acme', 'AEST', '3pm', 'acme.com'], '0'.repeat(51), 50],
  ])('asks for a shorter %s beyond the database limit', (step, before, long, max) => {
    const asked = converse(inFlow(), ...before).state;
    const result = converse(asked, long);
    expect(replyTexts(result)).toEqual([booking.tooLong.replace('{max}', String(max))]);
    expect(result.state).toMatchObject({ step, answers: asked.answers });
    expect(converse(asked, long.slice(0, max)).state.answers[step as 'phone']).toBe(long.slice(0, max));
  });

  it('accepts "Noah" as a name', () => {
    expect(converse(inFlow(), 'Noah').state.answers.full_name).toBe('Noah');
  });

  describe('website (optional)', () => {
    const atWebsite = () => converse(inFlow(), ...ANSWERS_UP_TO_WEBSITE).state;
    it.each(['no', "I don't have one", 'None yet', 'Skip', 'nope', 'I don’t'])('%j records Not provided', (answer) => {
      const result = converse(atWebsite(), answer);
      expect(result.state.answers.website).toBe('Not provided');
      expect(result.state.step).toBe('phone');
    });
    it.each(['nonprofit.org', 'www.no-limits.com', 'https://acme.io', 'notably.com'])('%j is kept', (answer) => {
      expect(converse(atWebsite(), answer).state.answers.website).toBe(answer);
    });
  });

  describe('phone (optional)', () => {
    const atPhone = () => converse(inFlow(), ...ANSWERS_UP_TO_WEBSITE, 'acme.com').state;
    it.each(['email is fine', "I'd rather stick to email", 'no', 'No thanks', 'Skip', 'e-mail please'])(
      '%j means no phone',
      (answer) => {
        const result = converse(atPhone(), answer);
        expect(result.effect?.lead.phone).toBe('Not provided');
      },
    );
    it.each(['+61 400 123 456', '0400 123 456 (Noah)'])('%j is kept as the phone', (answer) => {
      expect(converse(atPhone(), answer).effect?.lead.phone).toBe(answer);
    });
  });
});

describe('completing and saving', () => {
  const complete = () => converse(start(), 'book a call', ...ANSWERS_UP_TO_WEBSITE, 'no', '0400 123 456');

  it('asks for a save with the consultation request in the documented format', () => {
    const result = complete();
    expect(result.replies).toEqual([]);
    expect(result.effect).toEqual({
      type: 'save',
      lead: {
        name: 'Jane Doe',
        email: 'jane@acme.com',
        company: 'Acme Pty Ltd',
        phone: '0400 123 456',
        message:
          'Timezone: Australia/Sydney\nPreferred time: Tuesday morning\nWebsite: Not provided\nSource: Website chatbot',
      },
    });
    expect(result.state).toMatchObject({ status: 'saving', step: null });
  });

  it('confirms success with the spec text and resets the flow and answers', () => {
    const result = onSaveResult(complete().state, true, script, 99);
    expect(replyTexts(result)).toEqual([SUCCESS]);
    expect(result.state).toMatchObject({ status: 'idle', step: null, answers: {}, justBooked: true });
    expect(isChatState(result.state)).toBe(true);
    // Only until the next message: a new booking can start as usual.
    const next = converse(result.state, 'Book a strategy call');
    expect(next.state).not.toHaveProperty('justBooked');
    expect(next.state.status).toBe('collecting');
  });

  it('reports failure with the spec text and the e-mail, keeping every answer', () => {
    const saving = complete().state;
    const result = onSaveResult(saving, false, script, 99);
    expect(replyTexts(result)).toEqual([FAILURE]);
    expect(result.state).toMatchObject({ status: 'failed', answers: saving.answers });
  });

  it('retries the same request with one message after a failure', () => {
    const failed = onSaveResult(complete().state, false, script, 99).state;
    const retry = converse(failed, script.suggestions.retry);
    expect(retry.effect).toEqual(complete().effect);
    expect(retry.state.status).toBe('saving');
    expect(replyTexts(onSaveResult(retry.state, true, script, 100))).toEqual([SUCCESS]);
  });

  it('after a failure, cancel discards the answers and anything else explains the choice', () => {
    const failed = onSaveResult(complete().state, false, script, 99).state;
    expect(replyTexts(converse(failed, 'hmm what now?'))).toEqual([booking.retryPrompt]);
    expect(converse(failed, 'hmm what now?').state.answers).toEqual(failed.answers);
    const asked = converse(failed, script.suggestions.cancel);
    expect(replyTexts(asked)).toEqual([booking.confirmCancel]);
    expect(replyTexts(converse(asked.state, script.suggestions.keepBooking))).toEqual([
      booking.bookingKept,
      booking.retryPrompt,
    ]);
    const cancelled = converse(asked.state, script.suggestions.confirmCancel);
    expect(replyTexts(cancelled)).toEqual([booking.cancelled]);
    expect(cancelled.state).toMatchObject({ status: 'idle', answers: {} });
  });

  it('asks the visitor to wait while saving', () => {
    const result = converse(complete().state, 'hello?');
    expect(replyTexts(result)).toEqual([booking.stillSaving]);
    expect(result.effect).toBeUndefined();
    expect(result.state.status).toBe('saving');
  });

  it('ignores a save outcome when no save is running', () => {
    const state = start();
    expect(onSaveResult(state, true, script, 5)).toEqual({ state, replies: [] });
  });

  it('turns a save interrupted by a reload into a failure that can be retried', () => {
    const saving = complete().state;
    const resumed = resumeRestoredState(saving, script, 200);
    expect(resumed.status).toBe('failed');
    expect(resumed.answers).toEqual(saving.answers);
    expect(resumed.messages.at(-1)?.text).toBe(booking.interrupted);
    expect(resumeRestoredState(start(), script, 200)).toEqual(start());
  });
});

describe('cancelling and restarting', () => {
  it.each(['cancel', 'Stop', 'please STOP this', 'Cancel booking', 'Never mind', 'oh forget it 🙄'])(
    '%j asks before discarding the answers given, and "yes" discards them',
    (text) => {
      const asked = converse(start(), 'book a demo', 'Jane', 'jane@acme.com', text);
      expect(replyTexts(asked)).toEqual([booking.confirmCancel]);
      expect(asked.state).toMatchObject({ status: 'collecting', step: 'company', confirmingCancel: true });
      expect(asked.state.answers).toEqual({ full_name: 'Jane', email: 'jane@acme.com' });
      const cancelled = converse(asked.state, script.suggestions.confirmCancel);
      expect(replyTexts(cancelled)).toEqual([booking.cancelled]);
      expect(cancelled.state).toMatchObject({ status: 'idle', step: null, answers: {} });
      expect(cancelled.state).not.toHaveProperty('confirmingCancel');
    },
  );

  it('"no, carry on" keeps every answer and asks the open question again', () => {
    const asked = converse(start(), 'book a demo', 'Jane', 'jane@acme.com', 'stop');
    const kept = converse(asked.state, script.suggestions.keepBooking);
    expect(replyTexts(kept)).toEqual([booking.bookingKept, booking.steps.company.prompt]);
    expect(kept.state).toMatchObject({ status: 'collecting', step: 'company', answers: asked.state.answers });
    expect(kept.state).not.toHaveProperty('confirmingCancel');
  });

  it.each(['never mind', 'Stop!', 'yes please'])('%j at the cancel question discards the answers', (text) => {
    const asked = converse(start(), 'book a demo', 'Jane', 'jane@acme.com', 'forget it');
    const result = converse(asked.state, text);
    expect(replyTexts(result)).toEqual([booking.cancelled]);
    expect(result.state).toMatchObject({ status: 'idle', answers: {} });
  });

  it('an answer typed instead of yes or no is taken as the answer to the open question', () => {
    const asked = converse(start(), 'book a demo', 'Jane', 'jane@acme.com', 'cancel');
    const answered = converse(asked.state, 'Acme Pty Ltd');
    expect(answered.state.answers.company).toBe('Acme Pty Ltd');
    expect(replyTexts(answered)).toEqual([booking.steps.timezone.prompt]);
  });

  it('cancels at once when no answer has been given yet, as there is nothing to lose', () => {
    const result = converse(start(), 'book a demo', 'cancel');
    expect(replyTexts(result)).toEqual([booking.cancelled]);
    expect(result.state).toMatchObject({ status: 'idle', answers: {} });
  });

  it.each([
    ['company', 'One Stop Plumbing', ['Jane', 'jane@acme.com']],
    ['company', 'Full Stop Media', ['Jane', 'jane@acme.com']],
    ['full_name', 'Stopford Cancellara', []],
    ['preferred_datetime', 'any time before I stop work at 5pm', ['Jane', 'jane@acme.com', 'Acme', 'AEST']],
  ])('reads %s %j as an answer, not a request to cancel', (step, answer, before) => {
    const asked = converse(start(), 'book a demo', ...before);
    expect(asked.state.step).toBe(step);
    expect(converse(asked.state, answer).state.answers[step as 'company']).toBe(answer);
  });

  it('"stop" outside a flow says there is nothing to cancel', () => {
    expect(replyTexts(converse(start(), 'stop'))).toEqual([booking.nothingToCancel]);
  });
});

describe('keyword replies outside a flow', () => {
  const topic = (id: string) => [...script.topics, ...script.smallTalk].find((item) => item.id === id)!;
  const ask = (text: string) => converse(start(), text).replies;

  it.each([
    ['What services do you offer?', 'services'],
    ['Can you help capture leads into our CRM?', 'lead-capture'],
    ['Do you have a customer support agent?', 'support-agent'],
    ['Tell me about appointment setting and reminders', 'appointment-setting'],
    ['How does the AI voice receptionist work?', 'voice-receptionist'],
    ['How much does it cost?', 'pricing'],
    ["What's your pricing?", 'pricing'],
    ['What results do clients get? ROI?', 'results'],
    ['Does it integrate with HubSpot?', 'integrations'],
    ['How does it work?', 'how-it-works'],
    ['Can I talk to a human?', 'human'],
    ['Hello', 'greeting'],
    ['Thanks!', 'thanks'],
  ])('%j gets the %s reply, and the offer to book a call where the topic makes it', (text, id) => {
    expect(ask(text).map((reply) => reply.text)).toEqual([
      topic(id).reply,
      ...(topic(id).offer ? [script.offer.question] : []),
    ]);
  });

  it('pricing: no public prices, a custom quote, and a link to /pricing', () => {
    const [reply] = ask('How much does it cost?');
    expect(reply.text).toBe(topic('pricing').reply);
    expect(reply.text).not.toMatch(/[$€£]\s?\d/);
    expect(reply.links).toEqual(topic('pricing').links);
    expect(reply.links?.map((link) => link.to)).toEqual(['/pricing']);
  });

  it('results: the claims', () => {
    const [reply] = ask('What results can I expect?');
    for (const figure of [
      claims.costReductionUpTo,
      claims.costReductionRange,
      claims.uptime,
      claims.returnMultiple,
      `${claims.returnWindowDays} days`,
      claims.noShowReduction,
    ]) {
      expect(reply.text).toContain(figure);
    }
  });

  it('contact: the site e-mail address', () => {
    expect(ask('How can I contact you?')[0].text).toContain(EMAIL);
  });

  it('has no links on replies whose topic has none', () => {
    expect(ask('Hello')[0]).not.toHaveProperty('links');
  });

  it.each([
    "What's the weather like?",
    'Any news today?',
    'Who won the sports final?',
    'Got a good recipe?',
    'What do you think about politics?',
    'Hi! Will it rain tomorrow?',
  ])('%j is off-topic: outside scope, offering a call', (text) => {
    expect(ask(text).map((reply) => reply.text)).toEqual([script.offTopic.reply]);
    expect(script.offTopic.reply).toMatch(/outside/);
    expect(script.offTopic.reply).toMatch(/strategy call/);
  });

  it('falls back to a helpful default, with the offer to book a call', () => {
    expect(ask('asdfgh').map((reply) => reply.text)).toEqual([script.fallback, script.offer.question]);
  });
});

describe('state bookkeeping', () => {
  it(`keeps at most ${MAX_MESSAGES} messages with unique ids`, () => {
    let state = start();
    for (let index = 0; index < 150; index += 1) state = converse(state, 'hello').state;
    expect(state.messages).toHaveLength(MAX_MESSAGES);
    expect(new Set(state.messages.map((message) => message.id)).size).toBe(MAX_MESSAGES);
    expect(isChatState(state)).toBe(true);
  });
});
