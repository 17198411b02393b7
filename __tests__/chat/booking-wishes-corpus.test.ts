/**
 * @jest-environment node
 */
// The shape issues 28 and 33 ask of their measuring corpora: enough phrasings, from at least five kinds of visitor,
// a held-out third of each list, and no phrasing in two lists. Issue 28's figures are asserted in
// booking-offer.test.ts and issue 33's below, on the tuning lists only; the held-out figures are reported by
// `npm run chat:wishes` (docs/chat.md), never asserted: the held-out lists are never tuned on. Issue 43's (an
// invitation or a link; a price without a call) are asserted on the tuning lists, with a floor under the held-out
// figures measured when the rules were written, so a later change cannot lower them unseen.
import {
  INVITE_OR_PRICE_MUST_NOT_START_HELD_OUT,
  INVITE_OR_PRICE_MUST_NOT_START_TUNING,
  INVITE_WISHES_HELD_OUT,
  INVITE_WISHES_TUNING,
  MUST_NOT_START_HELD_OUT,
  PRICE_WITHOUT_CALL_HELD_OUT,
  PRICE_WITHOUT_CALL_TUNING,
  MUST_NOT_START_TUNING,
  SEE_OR_QUOTE_MUST_NOT_START_HELD_OUT,
  SEE_OR_QUOTE_MUST_NOT_START_TUNING,
  SEE_OR_QUOTE_WISHES_HELD_OUT,
  SEE_OR_QUOTE_WISHES_TUNING,
  WISHES_HELD_OUT,
  WISHES_TUNING,
  type Phrasing,
  type SeeOrQuoteKind,
} from '../fixtures/chat-booking-wishes';
import { builtChatScript } from '../helpers/chat-script';
import {
  answeredFigure,
  firstMessageFigure,
  mustNotStartFigure,
  wishFigure,
} from '../../scripts/chat/booking-wish-figures';

const families = [
  { name: 'booking wishes', tuning: WISHES_TUNING, heldOut: WISHES_HELD_OUT, atLeast: 80 },
  { name: 'must-not-start phrasings', tuning: MUST_NOT_START_TUNING, heldOut: MUST_NOT_START_HELD_OUT, atLeast: 40 },
  {
    name: 'issue 33 booking wishes (see it working, a quote for one service)',
    tuning: SEE_OR_QUOTE_WISHES_TUNING,
    heldOut: SEE_OR_QUOTE_WISHES_HELD_OUT,
    atLeast: 80,
  },
  {
    name: 'issue 33 must-not-start phrasings',
    tuning: SEE_OR_QUOTE_MUST_NOT_START_TUNING,
    heldOut: SEE_OR_QUOTE_MUST_NOT_START_HELD_OUT,
    atLeast: 20,
  },
  {
    name: 'issue 43 wishes for an invitation or a meeting link',
    tuning: INVITE_WISHES_TUNING,
    heldOut: INVITE_WISHES_HELD_OUT,
    atLeast: 30,
  },
  {
    name: 'issue 43 questions whether a call is needed before prices',
    tuning: PRICE_WITHOUT_CALL_TUNING,
    heldOut: PRICE_WITHOUT_CALL_HELD_OUT,
    atLeast: 24,
  },
  {
    name: 'issue 43 must-not-start phrasings',
    tuning: INVITE_OR_PRICE_MUST_NOT_START_TUNING,
    heldOut: INVITE_OR_PRICE_MUST_NOT_START_HELD_OUT,
    atLeast: 15,
  },
];
const kinds = (list: Phrasing[]) => new Set(list.map((phrasing) => phrasing.visitor));

describe.each(families)('$name', ({ tuning, heldOut, atLeast }) => {
  it(`number at least ${atLeast}, a third of them held out`, () => {
    const all = tuning.length + heldOut.length;
    expect(all).toBeGreaterThanOrEqual(atLeast);
    expect(heldOut.length).toBeGreaterThanOrEqual(Math.ceil(all / 3));
  });

  it('come from at least five kinds of visitor, in both lists', () => {
    expect(kinds(tuning).size).toBeGreaterThanOrEqual(5);
    expect(kinds(heldOut).size).toBeGreaterThanOrEqual(5);
  });
});

it.each<SeeOrQuoteKind>(['see it working', 'quote for one service'])(
  'issue 33: a third of the wishes asking "%s" are held out',
  (asks) => {
    const count = (list: typeof SEE_OR_QUOTE_WISHES_TUNING) => list.filter((p) => p.asks === asks).length;
    const heldOut = count(SEE_OR_QUOTE_WISHES_HELD_OUT);
    expect(heldOut).toBeGreaterThanOrEqual(Math.ceil((count(SEE_OR_QUOTE_WISHES_TUNING) + heldOut) / 3));
  },
);

it('holds each phrasing once across all the lists', () => {
  const texts = families.flatMap(({ tuning, heldOut }) => [...tuning, ...heldOut]).map((p) => p.text.toLowerCase());
  expect(texts.length).toBe(new Set(texts).size);
});

it('issue 33: every wish of the tuning list reaches the first booking question within two messages, and none of its must-not-start phrasings starts the flow', () => {
  const script = builtChatScript();
  expect(wishFigure(SEE_OR_QUOTE_WISHES_TUNING, script).misses).toEqual([]);
  expect(mustNotStartFigure(SEE_OR_QUOTE_MUST_NOT_START_TUNING, script).misses).toEqual([]);
});

describe('issue 43', () => {
  const script = builtChatScript();
  const answer = script.priceWithoutCall.reply;

  it('tuning lists: every wish for an invitation or a link reaches the first booking question within two messages (all but one with the first), every question whether a call is needed gets its answer and the offer without starting the flow, and no must-not-start phrasing starts it', () => {
    expect(wishFigure(INVITE_WISHES_TUNING, script).misses).toEqual([]);
    expect(firstMessageFigure(INVITE_WISHES_TUNING, script).count).toBeGreaterThanOrEqual(18);
    expect(answeredFigure(PRICE_WITHOUT_CALL_TUNING, script, answer).misses).toEqual([]);
    expect(mustNotStartFigure(PRICE_WITHOUT_CALL_TUNING, script).misses).toEqual([]);
    expect(wishFigure(PRICE_WITHOUT_CALL_TUNING, script).misses).toEqual([]);
    expect(mustNotStartFigure(INVITE_OR_PRICE_MUST_NOT_START_TUNING, script).misses).toEqual([]);
  });

  // The held-out figures measured when the rules were written (docs/chat.md), as floors (and ceilings for what
  // must not happen); never tuned on.
  it('held-out lists: no lower than when the rules were written', () => {
    expect(wishFigure(INVITE_WISHES_HELD_OUT, script).count).toBeGreaterThanOrEqual(11);
    expect(firstMessageFigure(INVITE_WISHES_HELD_OUT, script).count).toBeGreaterThanOrEqual(8);
    expect(answeredFigure(PRICE_WITHOUT_CALL_HELD_OUT, script, answer).count).toBeGreaterThanOrEqual(4);
    expect(mustNotStartFigure(PRICE_WITHOUT_CALL_HELD_OUT, script).misses.length).toBeLessThanOrEqual(4);
    expect(wishFigure(PRICE_WITHOUT_CALL_HELD_OUT, script).count).toBe(PRICE_WITHOUT_CALL_HELD_OUT.length);
    expect(mustNotStartFigure(INVITE_OR_PRICE_MUST_NOT_START_HELD_OUT, script).misses.length).toBeLessThanOrEqual(2);
  });
});
