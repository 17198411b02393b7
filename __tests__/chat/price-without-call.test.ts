/** @jest-environment node */
// Issue 43 (part 5): a visitor who asks whether a call is needed before seeing prices gets an answer
// (priceWithoutCall.reply, with its link) and the offer of a call, not the booking flow; a visitor who asks to be
// sent an invitation or a meeting link is asking for a call and gets the booking. Every text the assistant says is
// read from content/chat.json.
import { initialState, respond, type EngineResult } from '../../src/features/chat/engine';
import type { ChatState } from '../../src/features/chat/state';
import { suggestionsFor } from '../../src/features/chat/suggestions';
import { builtChatScript, TEST_CONTACT_EMAIL as EMAIL } from '../helpers/chat-script';

const script = builtChatScript();
const { booking, offer, priceWithoutCall } = script;
const start = () => initialState(script, 0);
const say = (state: ChatState, text: string) => respond(state, text, script, 1);
const texts = (result: EngineResult) => result.replies.map((reply) => reply.text);
const pricing = script.topics.find((topic) => topic.id === 'pricing')!;

describe('a price without a call?', () => {
  it.each([
    'do I have to jump on a call to get a price?',
    'can I see pricing without talking to sales',
    'do i need a demo for a quote',
  ])('%j gets the answer with its link and the offer of a call, not the booking', (question) => {
    const result = say(start(), question);
    expect(texts(result)).toEqual([priceWithoutCall.reply, offer.question]);
    expect(result.replies[0].links).toEqual(priceWithoutCall.links);
    expect(result.state).toMatchObject({ status: 'idle', offer: 'asked' });
    expect(suggestionsFor(result.state, script, undefined)).toEqual([
      script.suggestions.acceptOffer,
      script.suggestions.declineOffer,
    ]);
  });

  it('says how to ask about prices without a call, with the contact address and the response time', () => {
    expect(priceWithoutCall.reply).toContain(EMAIL);
    expect(priceWithoutCall.reply).not.toMatch(/\{\w+\}/);
    expect(priceWithoutCall.links.map((link) => link.to)).toContain('/pricing');
  });

  it('books on a yes to the offer, and after a no answers without offering again', () => {
    const asked = say(start(), 'do I have to jump on a call to get a price?');
    const yes = say(asked.state, 'yes please');
    expect(yes.state).toMatchObject({ status: 'collecting', step: 'full_name' });
    expect(texts(yes)).toEqual([booking.start, booking.steps.full_name.prompt]);

    const declined = say(asked.state, 'no thanks');
    expect(texts(declined)).toEqual([offer.declined]);
    expect(texts(say(declined.state, 'is a call necessary to get pricing?'))).toEqual([priceWithoutCall.reply]);
  });

  it('leaves other price questions to the pricing answer, and a wish for a call with a price question books', () => {
    expect(texts(say(start(), 'is the price without gst?'))[0]).toBe(pricing.reply);
    expect(say(start(), 'how much is it, can we talk?').state.status).toBe('collecting');
  });
});

describe('an invitation or a meeting link', () => {
  it.each([
    'can you send me a calendar invite',
    'just send me a zoom link',
    'flick me a meeting invite for next week',
    'pop an invite in my calendar for next week',
  ])('%j starts the booking', (wish) => {
    const result = say(start(), wish);
    expect(result.state).toMatchObject({ status: 'collecting', step: 'full_name' });
  });

  it.each([
    'does the bot send calendar invites to my customers',
    'Does the appointment setter send patients a zoom link?',
    'Will I get a calendar invite after I book?',
    'send me the link to your pricing page',
  ])('%j does not start it', (question) => {
    expect(say(start(), question).state.status).toBe('idle');
  });
});
