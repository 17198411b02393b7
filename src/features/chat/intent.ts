// What a visitor's message asks for, beyond the answer to a question: to book a call, or to stop one.
// The words come from the script; the rules that decide between them live here.
import { isRequest, looksLikeWebsite, mentionsAny } from './match';
import type { ChatScript } from './script-schema';

type Booking = ChatScript['booking'];

/** "Can we book a call?", "Do you do demos?", "Interested in scheduling a consultation". */
export function asksToBook(text: string, booking: Booking): boolean {
  return mentionsAny(text, booking.triggers);
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
