// The conversation as a pure function: (state, what the visitor typed, script, time) → new state, the bot's
// replies and, when a booking is complete, the save to perform; after it, the calendar calls that book a real
// time (call-times.ts). The widget renders the state, paces the replies and performs the save and the calendar
// calls, then reports their outcomes with onSaveResult and onCalendarAnswer.
import type { ConsultationLead } from '../../lib/leads';
import {
  asksAQuestion,
  asksPriceWithoutCall,
  asksToBook,
  asksToCancel,
  cancelDecision,
  offerAnswer,
  saysAlreadyBooked,
  soundsReady,
} from './intent';
import {
  calendarFailed,
  changeRequest,
  chooseTime,
  manageLink,
  resumeCallTime,
  startFinding,
  waitingForCalendar,
  type CalendarAnswer,
  type CalendarCall,
  type Outcome,
  type TimeAnswers,
} from './call-times';
import { meaningOf } from './suggestions';
import { chatBookingLead } from './lead';
import { countMentions, mentionsAny } from './match';
import type { ChatScript, ChatTopic } from './script-schema';
import { MAX_MESSAGES, type ChatMessage, type ChatState, type MessageLink } from './state';
import { firstStep, normaliseAnswer, stepAfter, STEP_RULES } from './steps';

export type SaveEffect = { type: 'save'; lead: ConsultationLead };

export type EngineResult = {
  state: ChatState;
  /** The bot messages added by this turn (also present in state.messages). */
  replies: ChatMessage[];
  effect?: SaveEffect;
  /** A call to the booking functions, after the request was saved (issue 33). */
  calendar?: CalendarCall;
};

type Draft = { text: string; isBot: boolean; links?: MessageLink[] };

function append(state: ChatState, drafts: Draft[], now: number): { state: ChatState; added: ChatMessage[] } {
  const added = drafts.map((draft, index): ChatMessage => ({
    id: `m${state.nextId + index}`,
    text: draft.text,
    isBot: draft.isBot,
    timestamp: now,
    ...(draft.links && draft.links.length > 0 ? { links: draft.links.map(({ label, to }) => ({ label, to })) } : {}),
  }));
  const messages = [...state.messages, ...added].slice(-MAX_MESSAGES);
  return { state: { ...state, messages, nextId: state.nextId + added.length }, added };
}

function say(state: ChatState, drafts: Draft[], now: number, effect?: SaveEffect): EngineResult {
  const { state: next, added } = append(state, drafts, now);
  return effect ? { state: next, replies: added, effect } : { state: next, replies: added };
}

const bot = (text: string, links?: MessageLink[]): Draft => ({ text, isBot: true, links });

function sayOutcome(outcome: Outcome, now: number, before: Draft[] = []): EngineResult {
  const result = say(outcome.state, [...before, ...outcome.drafts], now);
  return outcome.calendar ? { ...result, calendar: outcome.calendar } : result;
}

/** The state without the flags that last only for one turn or one question. */
function settled(state: ChatState): ChatState {
  const { confirmingCancel: _confirming, justBooked: _booked, offer: _offer, ...rest } = state;
  return rest;
}

function idle(state: ChatState): ChatState {
  return { ...settled(state), status: 'idle', step: null, answers: {} };
}

/** A conversation holding only the greeting: the first one, and the widget's "Start over". */
export function initialState(script: ChatScript, now: number): ChatState {
  const empty: ChatState = { version: 1, messages: [], status: 'idle', step: null, answers: {}, nextId: 1 };
  const greeting = [bot(script.greeting)];
  return append(withOffer(empty, greeting, script), greeting, now).state;
}

/** The idle state after `replies`, open to a yes when they offer a call. */
function withOffer(state: ChatState, replies: Draft[], script: ChatScript, asked = false): ChatState {
  if (asked) return { ...state, offer: 'asked' };
  const mentioned = replies.some((reply) => mentionsAny(reply.text, script.offer.mentions));
  return mentioned ? { ...state, offer: 'mentioned' } : state;
}

/** The reply with most matching keywords; ties go to the topic listed first. */
function bestTopic(text: string, topics: readonly ChatTopic[]): ChatTopic | undefined {
  let best: ChatTopic | undefined;
  let bestScore = 0;
  for (const topic of topics) {
    const score = countMentions(text, topic.keywords);
    if (score > bestScore) {
      best = topic;
      bestScore = score;
    }
  }
  return best;
}

function startBooking(state: ChatState, before: Draft[], script: ChatScript, now: number): EngineResult {
  const step = firstStep();
  const { booking } = script;
  return say(
    { ...state, status: 'collecting', step },
    [...before, bot(booking.start), bot(booking.steps[step].prompt)],
    now,
  );
}

/** A time is booked in this conversation: what is said speaks of that call, and no other call is offered. */
const callBooked = (state: ChatState) => state.callTime?.phase === 'booked';

/** A topic's reply, or its booked reply once a time is booked here (the reply may promise to find one). */
function topicReply(state: ChatState, topic: ChatTopic): Draft {
  return bot(callBooked(state) && topic.bookedReply ? topic.bookedReply : topic.reply, topic.links);
}

/** A reply outside a booking; it ends with the offer to book a call where the script or the visitor calls for one. */
function answer(state: ChatState, reply: Draft, script: ChatScript, now: number, offers: boolean): EngineResult {
  // While free times are offered for the request just saved, they are the way to a call; once one is booked,
  // there is none to offer: no second offer, and no yes taken as a request for another call.
  if (callBooked(state)) return say(state, [reply], now);
  const asked = offers && !state.offerDeclined && state.callTime?.phase !== 'choosing';
  const drafts = asked ? [reply, bot(script.offer.question)] : [reply];
  return say(withOffer(state, drafts, script, asked), drafts, now);
}

/**
 * "I've booked": with a time booked in this conversation, that call (and its change/cancel link); otherwise the
 * script's answer for a booking made elsewhere.
 */
function alreadyBookedReply(state: ChatState, script: ChatScript): Draft {
  if (!callBooked(state)) return bot(script.booking.alreadyBooked);
  const token = state.callTime?.booked?.manageToken;
  return bot(script.callTimes.bookedHere, token ? [manageLink(token, script.callTimes)] : undefined);
}

function replyOutsideFlow(
  offered: ChatState['offer'],
  state: ChatState,
  text: string,
  script: ChatScript,
  now: number,
): EngineResult {
  const { booking, offer } = script;
  if (offered) {
    const decision = offerAnswer(text, offer, booking);
    if (decision === 'yes') return startBooking(state, [], script, now);
    if (decision === 'no') return say({ ...state, offerDeclined: true }, [bot(offer.declined)], now);
  }
  const wantsToCancel = asksToCancel(text, booking);
  const alreadyBooked = saysAlreadyBooked(text, booking);
  // "Can I change my time?": the link of the call booked in this conversation, else the contact address. A cancel
  // request with no call booked here keeps its answer (below).
  const change = changeRequest(state, text, script);
  if (change && (state.callTime?.phase === 'booked' || !(wantsToCancel || alreadyBooked))) {
    return sayOutcome(change, now);
  }
  const wantsCall = asksToBook(text, booking);
  // "cancel my booking" is about an earlier booking, not a request for a new one; "our customers cancel last
  // minute, can we book a call?" asks to book.
  if (wantsToCancel && (wantsCall || alreadyBooked)) return say(state, [bot(booking.nothingToCancel)], now);
  if (alreadyBooked) return say(state, [alreadyBookedReply(state, script)], now);
  // "Do I have to jump on a call to get a price?" asks a question: its answer, then the offer of a call.
  if (asksPriceWithoutCall(text, script.priceWithoutCall, offer)) {
    const { reply, links } = script.priceWithoutCall;
    return answer(state, bot(reply, links), script, now, true);
  }
  const topic = bestTopic(text, script.topics);
  if (wantsCall) {
    // "How much is it, can we talk?" gets the answer and the booking.
    const answered = topic && asksAQuestion(text, booking) ? [topicReply(state, topic)] : [];
    return startBooking(state, answered, script, now);
  }
  const ready = soundsReady(text, offer);
  if (topic) return answer(state, topicReply(state, topic), script, now, topic.offer || ready);
  if (mentionsAny(text, script.offTopic.keywords)) return answer(state, bot(script.offTopic.reply), script, now, ready);
  if (wantsToCancel) return say(state, [bot(booking.nothingToCancel)], now);
  const smallTalk = bestTopic(text, script.smallTalk);
  if (smallTalk) return answer(state, topicReply(state, smallTalk), script, now, smallTalk.offer || ready);
  return answer(state, bot(script.fallback), script, now, true);
}

/** A cancel request with answers already given is confirmed first; with none, there is nothing to lose. */
function requestCancel(state: ChatState, script: ChatScript, now: number): EngineResult {
  const { booking } = script;
  if (Object.keys(state.answers).length === 0) return say(idle(state), [bot(booking.cancelled)], now);
  return say({ ...state, confirmingCancel: true }, [bot(booking.confirmCancel)], now);
}

/** The question open in a booking: the current step's prompt, or after a failed save the retry choice. */
function openQuestion(state: ChatState, script: ChatScript): string {
  const { booking } = script;
  return state.status === 'collecting' && state.step ? booking.steps[state.step].prompt : booking.retryPrompt;
}

/** `carryOn` is the booking as it was before the visitor asked to cancel. */
function answerCancelQuestion(carryOn: ChatState, text: string, script: ChatScript, now: number): EngineResult {
  const { booking } = script;
  switch (cancelDecision(text, booking)) {
    case 'discard':
      return say(idle(carryOn), [bot(booking.cancelled)], now);
    case 'keep':
      return say(carryOn, [bot(booking.bookingKept), bot(openQuestion(carryOn, script))], now);
    default:
      // Anything else carries on and is read as the answer to the open question, even if it contains a cancel
      // phrase: typed again after the question, "Never Mind Records" is a company name.
      return carryOn.status === 'failed'
        ? chooseAfterFailedSave(carryOn, text, script, now)
        : recordAnswer(carryOn, text, script, now);
  }
}

function answerStep(state: ChatState, text: string, script: ChatScript, now: number): EngineResult {
  if (asksToCancel(text, script.booking)) return requestCancel(state, script, now);
  return recordAnswer(state, text, script, now);
}

function recordAnswer(state: ChatState, text: string, script: ChatScript, now: number): EngineResult {
  const { booking } = script;
  const step = state.step ?? firstStep();
  const rule = STEP_RULES[step];
  const value = rule.accept(normaliseAnswer(text), booking);
  if (value !== undefined && value.length > rule.maxLength) {
    return say(state, [bot(booking.tooLong.split('{max}').join(String(rule.maxLength)))], now);
  }
  if (value === undefined) {
    const copy = booking.steps[step];
    // Only required steps can reject an answer, and they all have an invalid reply.
    return say(state, [bot('invalid' in copy ? copy.invalid : copy.prompt)], now);
  }
  const answers = { ...state.answers, [step]: value };
  const next = stepAfter(step);
  if (next) return say({ ...state, answers, step: next }, [bot(booking.steps[next].prompt)], now);
  return say({ ...state, answers, status: 'saving', step: null }, [], now, {
    type: 'save',
    lead: chatBookingLead(answers),
  });
}

function afterFailedSave(state: ChatState, text: string, script: ChatScript, now: number): EngineResult {
  if (asksToCancel(text, script.booking)) return requestCancel(state, script, now);
  return chooseAfterFailedSave(state, text, script, now);
}

function chooseAfterFailedSave(state: ChatState, text: string, script: ChatScript, now: number): EngineResult {
  const { booking } = script;
  if (mentionsAny(text, booking.retryWords)) {
    return say({ ...state, status: 'saving' }, [], now, { type: 'save', lead: chatBookingLead(state.answers) });
  }
  return say(state, [bot(booking.retryPrompt)], now);
}

/**
 * One visitor turn. Blank text changes nothing. `script` must already have its placeholders filled
 * (see fillPlaceholders), and `now` is the time stamped on the new messages. While free times are offered,
 * `answers` (time-answers.ts) tells whether the words ask for other days or times.
 */
export function respond(
  state: ChatState,
  visitorText: string,
  script: ChatScript,
  now: number,
  answers?: TimeAnswers,
): EngineResult {
  const text = visitorText.trim();
  if (!text) return { state, replies: [] };
  // The one-turn flags end with this message; the cancel question is answered from the state before it.
  const withVisitor = append(settled(state), [{ text, isBot: false }], now).state;
  const meant = meaningOf(text, state, script);
  if (state.confirmingCancel) return answerCancelQuestion(withVisitor, meant, script, now);
  switch (state.status) {
    case 'idle': {
      if (state.callTime?.phase === 'booking') {
        return say(withVisitor, [bot(script.callTimes.stillWorking)], now);
      }
      const chosen = chooseTime(withVisitor, meant, script, answers);
      if (chosen) return sayOutcome(chosen, now);
      return replyOutsideFlow(state.offer, withVisitor, meant, script, now);
    }
    case 'collecting':
      return answerStep(withVisitor, meant, script, now);
    case 'saving':
      return say(withVisitor, [bot(script.booking.stillSaving)], now);
    case 'failed':
      return afterFailedSave(withVisitor, meant, script, now);
  }
}

/**
 * The outcome of the save requested by a 'save' effect. Ignored unless a save is in progress. A saved request
 * gets the specification's confirmation, then the calendar call for free times to book (issue 33).
 */
export function onSaveResult(state: ChatState, ok: boolean, script: ChatScript, now: number): EngineResult {
  if (state.status !== 'saving') return { state, replies: [] };
  if (!ok) return say({ ...state, status: 'failed' }, [bot(script.booking.failure)], now);
  const { answers } = state;
  const saved = { ...idle(state), justBooked: true } as const;
  const finding = startFinding(saved, answers.email ?? '', answers.timezone ?? '', answers.preferred_datetime ?? '');
  return sayOutcome(finding, now, [bot(script.booking.success)]);
}

/**
 * The answer of a calendar call requested as `calendar`, read with `answers` (time-answers.ts), or undefined when
 * that code could not be loaded. Ignored unless the conversation waits for it.
 */
export function onCalendarAnswer(
  state: ChatState,
  answer: CalendarAnswer,
  script: ChatScript,
  now: number,
  answers: TimeAnswers | undefined,
): EngineResult {
  if (answers) return sayOutcome(answers.calendarAnswered(state, answer, script, now), now);
  if (!waitingForCalendar(state) || !state.callTime) return { state, replies: [] };
  return sayOutcome(calendarFailed(state, state.callTime, script.callTimes), now);
}

/**
 * A state restored after a reload cannot still be saving: that request's outcome is unknown. The answers
 * are kept and the visitor is told they can send them again.
 */
export function resumeRestoredState(state: ChatState, script: ChatScript, now: number): ChatState {
  if (state.callTime) state = { ...state, callTime: resumeCallTime(state.callTime) };
  if (state.status !== 'saving') return state;
  return say({ ...state, status: 'failed' }, [bot(script.booking.interrupted)], now).state;
}
