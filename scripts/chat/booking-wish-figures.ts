// Issue 28's figures, on the engine as it is: the share of booking-wish phrasings that reach the booking
// flow's first question within two messages (the phrasing, then "yes" when the first reply did not start it),
// and the share of must-not-start phrasings that start it. Pure: the engine and the built chat script only.
import { initialState, respond } from '../../src/features/chat/engine';
import type { ChatState } from '../../src/features/chat/state';
import type { ChatScript } from '../../src/features/chat/script-schema';
import type { Phrasing } from '../../__tests__/fixtures/chat-booking-wishes';

const atFirstQuestion = (state: ChatState) => state.status === 'collecting' && state.step === 'full_name';

/** Whether the flow's first question is reached after `text`, or after `text` and then "yes". */
export function reachesBooking(text: string, script: ChatScript): boolean {
  const first = respond(initialState(script, 0), text, script, 1).state;
  if (atFirstQuestion(first)) return true;
  return atFirstQuestion(respond(first, 'yes', script, 2).state);
}

/** Whether `text` alone starts the flow. */
export function startsBooking(text: string, script: ChatScript): boolean {
  return respond(initialState(script, 0), text, script, 1).state.status === 'collecting';
}

export type Figure = { share: number; count: number; of: number; misses: Phrasing[] };

function figure(list: Phrasing[], counts: (text: string) => boolean, missIf: boolean): Figure {
  const hits = list.filter((phrasing) => counts(phrasing.text));
  return {
    share: list.length ? hits.length / list.length : 0,
    count: hits.length,
    of: list.length,
    misses: list.filter((phrasing) => counts(phrasing.text) === missIf),
  };
}

/** Wishes: misses are the ones that do not reach the question. Must-not-start: misses are the ones that start it. */
export const firstMessageFigure = (list: Phrasing[], script: ChatScript) =>
  figure(list, (text) => startsBooking(text, script), false);
export const wishFigure = (list: Phrasing[], script: ChatScript) =>
  figure(list, (text) => reachesBooking(text, script), false);
export const mustNotStartFigure = (list: Phrasing[], script: ChatScript) =>
  figure(list, (text) => startsBooking(text, script), true);

/**
 * Issue 43: the question "do I have to jump on a call to get a price?" gets its answer (`answer`, the reply of
 * content/chat.json's priceWithoutCall) and the offer of a call, and the first message does not start the flow.
 * Misses are the ones that do not.
 */
export function answeredFigure(list: Phrasing[], script: ChatScript, answer: string | undefined): Figure {
  return figure(
    list,
    (text) => {
      const first = respond(initialState(script, 0), text, script, 1);
      return (
        first.state.status === 'idle' &&
        first.state.offer === 'asked' &&
        answer !== undefined &&
        first.replies.some((reply) => reply.text === answer)
      );
    },
    false,
  );
}
