/** @jest-environment node */
// Issue 28: the assistant hears a wish for a call in visitors' own words, does not start a booking for a mere
// mention, and where it offers a call reads the next message as the answer to that offer. Visitor phrasings are
// test data; every text the assistant says is read from content/chat.json.
import { initialState, type EngineResult } from '../../src/features/chat/engine';
import type { ChatState } from '../../src/features/chat/state';
import { suggestionsFor } from '../../src/features/chat/suggestions';
import { MUST_NOT_START_TUNING, WISHES_TUNING } from '../fixtures/chat-booking-wishes';
import { builtChatScript, TEST_CONTACT_EMAIL as EMAIL } from '../helpers/chat-script';
import { conversation } from '../helpers/converse';
import { mustNotStartFigure, wishFigure } from '../../scripts/chat/booking-wish-figures';

const script = builtChatScript();
const { booking, offer } = script;
const START = [booking.start, booking.steps.full_name.prompt];

const converse = conversation(script);
const start = () => initialState(script, 0);
const texts = (result: EngineResult) => result.replies.map((reply) => reply.text);
const topic = (id: string) => script.topics.find((item) => item.id === id)!;
const atFirstQuestion = (state: ChatState) => state.status === 'collecting' && state.step === 'full_name';

describe('hearing the wish', () => {
  it.each([
    'how do we get the ball rolling',
    'put me in touch with your team',
    "I'd like to see it working for my business",
    'fancy a quick chat, when are you free?',
    'give us a bell',
    'have a yarn?',
    'keen to hop on a call',
    'can i pick your brains',
  ])('%j starts the booking at its first question', (text) => {
    const result = converse(start(), text);
    expect(texts(result)).toEqual(START);
    expect(atFirstQuestion(result.state)).toBe(true);
  });

  it('answers the question and books when a message asks both: "how much is it, can we talk?"', () => {
    const result = converse(start(), 'how much is it, can we talk?');
    expect(texts(result)).toEqual([topic('pricing').reply, ...START]);
    expect(result.replies[0].links).toEqual(topic('pricing').links);
    expect(atFirstQuestion(result.state)).toBe(true);
  });

  it('reaches the first question within two messages for every booking wish of the tuning list, and starts for none of its must-not-start phrasings', () => {
    expect(wishFigure(WISHES_TUNING, script).misses).toEqual([]);
    expect(mustNotStartFigure(MUST_NOT_START_TUNING, script).misses).toEqual([]);
  });
});

describe('seeing it working, a quote for one service (issue 33)', () => {
  it.each([
    'show me what the support agent looks like on a real site',
    'can i have a look at it working on a shopify site',
    'I want to see how is working the receptionist',
  ])('%j, a wish to see the product working, starts the booking at its first question', (text) => {
    // A message that also asks a question ("what …") gets the topic's answer first.
    const result = converse(start(), text);
    expect(texts(result).slice(-2)).toEqual(START);
    expect(atFirstQuestion(result.state)).toBe(true);
  });

  it.each([
    ['How much would the voice receptionist cost for my clinic?', 'voice-receptionist'],
    ['can I get a quote on lead capture', 'lead-capture'],
    ['what would the customer support bot set me back for a small online shop', 'support-agent'],
  ])('%j, a quote for one service, gets the %s answer and the offer; yes books', (text, id) => {
    const result = converse(start(), text);
    expect(texts(result)).toEqual([topic(id).reply, offer.question]);
    expect(result.state).toMatchObject({ status: 'idle', offer: 'asked' });
    expect(atFirstQuestion(converse(result.state, 'yes').state)).toBe(true);
  });

  it.each(['does the chatbot show my prices to customers', 'where do i see the invoices', 'what does it do'])(
    '%j, about the product, starts no booking',
    (text) => {
      expect(converse(start(), text).state.status).toBe('idle');
    },
  );
});

describe('not overreaching', () => {
  it.each(['how long is the call?', 'Is the strategy call really free?', 'what happens on the strategy call'])(
    '%j, a question about the call, gets the answer and the offer',
    (text) => {
      const result = converse(start(), text);
      expect(texts(result)).toEqual([topic('strategy-call').reply, offer.question]);
      expect(result.state).toMatchObject({ status: 'idle', offer: 'asked' });
    },
  );

  it.each(['I already booked', 'already booked thx', "we've booked, when will we hear back?"])(
    '%j, from a visitor who has booked, gets how to change it and no new booking',
    (text) => {
      const result = converse(start(), text);
      expect(texts(result)).toEqual([booking.alreadyBooked]);
      expect(booking.alreadyBooked).toContain(EMAIL);
      expect(result.state.status).toBe('idle');
    },
  );

  it.each([
    ['can it book jobs into my calendar automatically', 'appointment-setting'],
    ['Does the system schedule appointments for patients directly?', 'appointment-setting'],
    ['Can the receptionist handle after-hours calls?', 'voice-receptionist'],
  ])('%j, a question about what the product does, gets the %s answer', (text, id) => {
    const result = converse(start(), text);
    expect(result.replies[0].text).toBe(topic(id).reply);
    expect(result.state.status).toBe('idle');
  });

  it('"cancel my booking" outside a booking gets the contact address, not a booking', () => {
    expect(texts(converse(start(), 'cancel my booking'))).toEqual([booking.nothingToCancel]);
  });

  it('a wish that names the product is still a wish: "is it possible to schedule a meeting with your team?"', () => {
    expect(atFirstQuestion(converse(start(), 'is it possible to schedule a meeting?').state)).toBe(true);
  });
});

describe('the offer', () => {
  const offered = () => {
    const result = converse(start(), 'asdfgh');
    expect(texts(result)).toEqual([script.fallback, offer.question]);
    expect(suggestionsFor(result.state, script, undefined)).toEqual([
      script.suggestions.acceptOffer,
      script.suggestions.declineOffer,
    ]);
    return result.state;
  };

  it.each(['yes', 'Yes!', 'sure, do that', 'ok please', 'yep', 'yes please mate', 'sounds good', 'Sure thing 👍'])(
    '%j accepts it: the booking starts at its first question',
    (text) => {
      const result = converse(offered(), text);
      expect(texts(result)).toEqual(START);
      expect(atFirstQuestion(result.state)).toBe(true);
    },
  );

  it.each(['no', 'no thanks', 'nah im good', 'not right now, thanks', 'maybe later'])(
    '%j declines it: a short acknowledgement, and the offer is not asked again in this conversation',
    (text) => {
      const declined = converse(offered(), text);
      expect(texts(declined)).toEqual([offer.declined]);
      expect(declined.state).toMatchObject({ status: 'idle', offerDeclined: true });
      expect(declined.state).not.toHaveProperty('offer');
      expect(texts(converse(declined.state, 'asdfgh'))).toEqual([script.fallback]);
      expect(texts(converse(declined.state, 'How much does it cost?'))).toEqual([topic('pricing').reply]);
      // A wish of their own still books.
      expect(atFirstQuestion(converse(declined.state, 'actually, can we book a call?').state)).toBe(true);
    },
  );

  it.each(['haha ok', 'ok thanks', 'What results do clients get?'])(
    '%j is neither: it is read as a message of its own',
    (text) => {
      const result = converse(offered(), text);
      expect(result.state.status).toBe('idle');
      expect(texts(result)).not.toEqual([offer.declined]);
    },
  );

  it('lasts one message: a yes after another reply in between does not book', () => {
    const between = converse(offered(), 'What results do clients get?');
    expect(between.state).not.toHaveProperty('offer');
    expect(converse(between.state, 'yes').state.status).toBe('idle');
  });

  it('is asked after a topic reply when the visitor sounds ready', () => {
    const result = converse(start(), 'keen to sort out our lead follow up');
    expect(texts(result)).toEqual([topic('lead-capture').reply, offer.question]);
  });

  it('is not asked after a plain topic question', () => {
    expect(texts(converse(start(), 'Do you integrate with HubSpot?'))).toEqual([topic('integrations').reply]);
  });
});

describe('every reply that mentions booking a call accepts a yes; none mentions it without', () => {
  // An independent reading of "mentions booking a call", not the engine's: a strategy call, or the bot booking one.
  const mentionsBooking = (text: string) => /strategy call|\bbook (you|a call|one)\b/i.test(text);
  const outsideFlowReplies: [string, () => EngineResult][] = [
    ['the greeting', () => ({ state: start(), replies: start().messages })],
    ...[...script.topics, ...script.smallTalk].map((item): [string, () => EngineResult] => [
      `the ${item.id} reply`,
      () => converse(start(), item.keywords[0]),
    ]),
    ['the off-topic reply', () => converse(start(), script.offTopic.keywords[0])],
    ['the fallback', () => converse(start(), 'asdfgh')],
  ];

  it.each(outsideFlowReplies)('%s', (_name, reach) => {
    const reached = reach();
    const mentioned = reached.replies.some((reply) => mentionsBooking(reply.text));
    expect(atFirstQuestion(converse(reached.state, 'yes').state)).toBe(mentioned);
  });
});
