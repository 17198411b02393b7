// What a visitor's message asks for, beyond the answer to a question: to book a call, or to stop one; and how
// it answers the offer to book one. The words come from the script; the rules that decide between them live here.
import { consistsOf, isRequest, looksLikeWebsite, mentionsAny, phraseStarts, words } from './match';
import type { ChatScript } from './script-schema';

type Booking = ChatScript['booking'];
type Offer = ChatScript['offer'];
type PriceWithoutCall = ChatScript['priceWithoutCall'];

/** Words that make a trigger a noun of a question about the call: "how long is *the* call?", "*your* demo form". */
const DETERMINERS = new Set(['the', 'this', 'that', 'your', 'our']);
/**
 * Words between a product subject and a trigger that show the visitor is the one asking: "is it possible *to*
 * book", "how much is it, can *we* talk". Without them, "can it book", "your bot can make schedule" ask what the
 * product does.
 */
const ASKER_WORDS = new Set(['to', 'we', 'i', 'you', 'u', 'us', 'me']);
/** Asker words that, inside a wish, make the visitor its subject ("can *we* talk"); "ring *me*" may be the product's. */
const ASKER_SUBJECTS = new Set(['we', 'i', 'you', 'u']);
/** How many words may stand between a product subject and a trigger: "your bot *can make* schedule". */
const PRODUCT_REACH = 2;

/**
 * Whether the mention of `phrase` at word `start` follows a product subject: "can *it* book jobs", "*the bot*
 * should ring me". Not when the words between, or the phrase itself, name the asker: "how much is it, can *we*
 * talk".
 */
function followsProduct(said: string[], start: number, phrase: string, booking: Booking): boolean {
  const phraseWords = words(phrase);
  return booking.productSubjects.some((subject) =>
    phraseStarts(said, subject).some((at) => {
      const end = at + words(subject).length;
      const between = said.slice(end, start);
      const askerNamed =
        between.some((word) => ASKER_WORDS.has(word)) || phraseWords.some((word) => ASKER_SUBJECTS.has(word));
      return end <= start && between.length <= PRODUCT_REACH && !askerNamed;
    }),
  );
}

/** "how long is *the* call", "what happens on *the strategy* call": the word before, or the one before that. */
function followsDeterminer(said: string[], start: number): boolean {
  return DETERMINERS.has(said[start - 1]) || DETERMINERS.has(said[start - 2]);
}

/** Whether the message says a call is booked already: "booked it already", "already got a time booked". */
export function saysAlreadyBooked(text: string, booking: Booking): boolean {
  if (mentionsAny(text, booking.bookedPhrases)) return true;
  return mentionsAny(text, booking.alreadyWords) && mentionsAny(text, booking.bookedWords);
}

/**
 * Whether the message asks to see the product working: a see word ("see", "show", "a look") that does not follow a
 * product subject, then a working word ("working", "in action", "looks like"): "can I see it in action", "show me
 * what the support agent looks like". "Does the bot show my prices?" and "where can I see the prices?" do not.
 */
function asksToSeeItWork(said: string[], booking: Booking): boolean {
  return booking.seeWords.some((see) =>
    phraseStarts(said, see).some(
      (start) =>
        !followsProduct(said, start, see, booking) &&
        booking.workingWords.some((working) => phraseStarts(said, working).some((at) => at > start)),
    ),
  );
}

/**
 * Whether the message asks to be sent an invitation or a meeting link (issue 43): a send word ("send", "flick") that
 * does not follow a product subject, then an invite word ("invite", "zoom link"): "can you send me a calendar invite",
 * "flick me a zoom link". "Does the bot send calendar invites?" does not.
 */
function asksForInvite(said: string[], booking: Booking): boolean {
  return booking.sendWords.some((send) =>
    phraseStarts(said, send).some(
      (start) =>
        !followsProduct(said, start, send, booking) &&
        booking.inviteWords.some((invite) => phraseStarts(said, invite).some((at) => at > start)),
    ),
  );
}

/**
 * Whether the message asks for a call: it says a wish ("give us a bell", "how do we kick this off"),
 * asks to see the product working ("can I see it in action") or to be sent an invitation ("send me a zoom link"), or it
 * mentions a trigger ("can we book a call?", "demo pls") other than in a question about the call ("how long
 * is the call?"), about what the product does ("can the bot book meetings?"), or from a visitor who has
 * booked already.
 */
export function asksToBook(text: string, booking: Booking): boolean {
  if (saysAlreadyBooked(text, booking)) return false;
  const said = words(text);
  const wished = booking.wishes.some((wish) =>
    phraseStarts(said, wish).some((start) => !followsProduct(said, start, wish, booking)),
  );
  if (wished || asksToSeeItWork(said, booking) || asksForInvite(said, booking)) return true;
  if (mentionsAny(text, booking.aboutTheCall)) return false;
  return booking.triggers.some((trigger) =>
    phraseStarts(said, trigger).some(
      (start) => !followsDeterminer(said, start) && !followsProduct(said, start, trigger, booking),
    ),
  );
}

/**
 * Whether the message asks if a call is needed before seeing prices (issue 43): a need word ("do I have to",
 * "without"), a price or quote word and a word of a call ("call", "talk", "sales"): "do I have to jump on a call to
 * get a price?", "can I see pricing without talking to sales". Such a question gets an answer and the offer of a call,
 * not the booking. "Is the price without GST?" names no call.
 */
export function asksPriceWithoutCall(text: string, priceWithoutCall: PriceWithoutCall, offer: Offer): boolean {
  return (
    mentionsAny(text, priceWithoutCall.needWords) &&
    mentionsAny(text, offer.quoteWords) &&
    mentionsAny(text, priceWithoutCall.callWords)
  );
}

/**
 * Whether a message also asks a question to answer before booking: "*how much* is it, can we talk?". A question
 * mark alone does not count: in "can I book a demo?" it belongs to the request.
 */
export function asksAQuestion(text: string, booking: Booking): boolean {
  return mentionsAny(text, booking.questionWords);
}

/**
 * Whether the visitor sounds ready to go ahead ("keen", "for our clinic") or asks a price ("how much would the
 * receptionist cost?"): their answer ends with the offer.
 */
export function soundsReady(text: string, offer: Offer): boolean {
  return mentionsAny(text, offer.readyWords) || mentionsAny(text, offer.quoteWords);
}

/**
 * The visitor's answer to the offer to book a call: the message is made of yes words ("sure, do that", "ok
 * please") or of no words ("nah I'm good"), apart from filler words. Anything else is neither and is read
 * as a message of its own.
 */
export function offerAnswer(text: string, offer: Offer, booking: Booking): 'yes' | 'no' | undefined {
  const fillerBesides = (answers: readonly string[]) => {
    const answerWords = new Set(answers.map((answer) => words(answer).join(' ')));
    return booking.fillerWords.filter((word) => !answerWords.has(words(word).join(' ')));
  };
  const yes = consistsOf(text, offer.yesWords, fillerBesides(offer.noWords));
  const no = consistsOf(text, offer.noWords, fillerBesides(offer.yesWords));
  if (yes === no) return undefined;
  return yes ? 'yes' : 'no';
}

/**
 * Whether the message is a request to cancel: the whole message is one ("Cancel", "oh stop please"), or it
 * contains a cancel phrase ("never mind", "cancel my booking") and carries nothing an answer would (a digit,
 * an @ or a web address). So "One Stop Plumbing", "one-stop-shop.com.au" and "any time before I stop work at
 * 5pm" are answers, never requests.
 */
export function asksToCancel(text: string, booking: Booking): boolean {
  if (isRequest(text, booking.cancelRequests, booking.fillerWords)) return true;
  const carriesData = /[\p{N}@]/u.test(text) || looksLikeWebsite(text);
  return !carriesData && mentionsAny(text, booking.cancelPhrases);
}

/**
 * The visitor's answer to "do you want to cancel?": yes, or a message that is nothing but a cancel request
 * or phrase ("stop", "never mind"), discards; no keeps the booking; anything else is neither and is read as
 * the answer to the open question ("Never Mind Records").
 */
export function cancelDecision(text: string, booking: Booking): 'discard' | 'keep' | undefined {
  const discardWords = [...booking.confirmCancelWords, ...booking.cancelRequests, ...booking.cancelPhrases];
  if (isRequest(text, discardWords, booking.fillerWords)) {
    return 'discard';
  }
  if (isRequest(text, booking.keepBookingWords, booking.fillerWords)) return 'keep';
  return undefined;
}
