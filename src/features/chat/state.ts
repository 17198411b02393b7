// The chat's state: plain JSON so it can be kept in sessionStorage, and a check that a stored value
// still has this shape (it may come from an older release or be tampered with).

export const STEP_IDS = [
  'full_name',
  'email',
  'company',
  'timezone',
  'preferred_datetime',
  'website',
  'phone',
] as const;
export type StepId = (typeof STEP_IDS)[number];

export type Answers = Partial<Record<StepId, string>>;

export type MessageLink = { label: string; to: string };

export type ChatMessage = {
  id: string;
  text: string;
  isBot: boolean;
  /** Milliseconds since the epoch. */
  timestamp: number;
  links?: MessageLink[];
};

/**
 * idle: no booking in progress. collecting: asking `step`. saving: all answers given, the save is running.
 * failed: the save failed; the answers are kept until the visitor retries or cancels.
 */
export type BookingStatus = 'idle' | 'collecting' | 'saving' | 'failed';

/** A free time offered as a reply button: its label is what the button says (and what typing it means). */
export type OfferedTime = { startsAt: string; endsAt: string; label: string };

/**
 * Booking a real time after the request was saved (issue 33). finding: the free times are being fetched.
 * choosing: times are offered. clarifying: the visitor's words rule out times the parser cannot place, and the chat
 * asks which suit (issue 43). booking: the picked time is being held and confirmed. booked: done. closed: the
 * visitor waits for the team's e-mail (or nothing can be booked online); the request stands in every phase.
 */
export type CallTimePhase = 'finding' | 'choosing' | 'clarifying' | 'booking' | 'booked' | 'closed';
export const CALL_TIME_PHASES: readonly CallTimePhase[] = [
  'finding',
  'choosing',
  'clarifying',
  'booking',
  'booked',
  'closed',
];

export type CallTime = {
  phase: CallTimePhase;
  /** The request's e-mail address: the database books on the request stored with it. */
  email: string;
  /** The answers to the timezone and preferred-time questions; `preference` becomes what the visitor asks since. */
  zoneAnswer: string;
  preference: string;
  /** The IANA zone the times are shown in, once chosen; `offsetZone` when it stands for an offset the visitor gave. */
  zone?: string;
  offsetZone?: true;
  /** Only times after this instant are offered ("other times"). */
  after?: string;
  offered: OfferedTime[];
  /** The time being booked, and its hold once the database gave one. */
  picked?: OfferedTime;
  held?: { holdId: string; startsAt: string };
  booked?: { startsAt: string; teamZone: string; manageToken?: string };
};

export type ChatState = {
  version: 1;
  messages: ChatMessage[];
  status: BookingStatus;
  /** The step being asked; null unless status is 'collecting'. */
  step: StepId | null;
  answers: Answers;
  /** Next message number, so ids stay unique however many messages are dropped from the front. */
  nextId: number;
  /**
   * Set while the bot asks whether to discard the answers (after "cancel" during a booking or after a
   * failed save); the status and answers are those the visitor returns to when they carry on.
   */
  confirmingCancel?: true;
  /** Set on the idle state right after a booking was saved, until the visitor's next message. */
  justBooked?: true;
  /**
   * Set on the idle state after a reply that offers a call, until the visitor's next message, which is read
   * against it (yes books, no declines): 'asked' when the reply ended with the offer's yes/no question (the
   * yes/no buttons show), 'mentioned' when it only said a call can be booked (the greeting).
   */
  offer?: 'asked' | 'mentioned';
  /** The visitor said no to the offer: it is not asked again in this conversation. */
  offerDeclined?: true;
  /** Booking a time for the last saved request, from the moment it was saved. */
  callTime?: CallTime;
};

/** The longest message the message box takes (characters). */
export const MAX_MESSAGE_LENGTH = 1000;

/** Older messages are dropped beyond this, to keep sessionStorage small. */
export const MAX_MESSAGES = 200;

export function isStepId(value: unknown): value is StepId {
  return typeof value === 'string' && (STEP_IDS as readonly string[]).includes(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isMessage(value: unknown): value is ChatMessage {
  if (!isRecord(value)) return false;
  const { id, text, isBot, timestamp, links } = value;
  return (
    typeof id === 'string' &&
    typeof text === 'string' &&
    typeof isBot === 'boolean' &&
    typeof timestamp === 'number' &&
    Number.isFinite(timestamp) &&
    (links === undefined ||
      (Array.isArray(links) &&
        links.every((item) => isRecord(item) && typeof item.label === 'string' && typeof item.to === 'string')))
  );
}

const isText = (value: unknown): value is string => typeof value === 'string';
const isInstant = (value: unknown): value is string => isText(value) && !Number.isNaN(Date.parse(value));

function isOfferedTime(value: unknown): value is OfferedTime {
  return isRecord(value) && isInstant(value.startsAt) && isInstant(value.endsAt) && isText(value.label);
}

function isCallTime(value: unknown): value is CallTime {
  if (!isRecord(value)) return false;
  const { phase, email, zoneAnswer, preference, zone, offsetZone, after, offered, picked, held, booked } = value;
  return (
    (CALL_TIME_PHASES as readonly unknown[]).includes(phase) &&
    isText(email) &&
    isText(zoneAnswer) &&
    isText(preference) &&
    (zone === undefined || isText(zone)) &&
    (offsetZone === undefined || offsetZone === true) &&
    (after === undefined || isInstant(after)) &&
    Array.isArray(offered) &&
    offered.every(isOfferedTime) &&
    (picked === undefined || isOfferedTime(picked)) &&
    (held === undefined || (isRecord(held) && isText(held.holdId) && isInstant(held.startsAt))) &&
    (booked === undefined ||
      (isRecord(booked) &&
        isInstant(booked.startsAt) &&
        isText(booked.teamZone) &&
        (booked.manageToken === undefined || isText(booked.manageToken))))
  );
}

/** The answers held in each status: exactly the steps before the current one, or all of them while saving. */
function answersFitStatus(status: BookingStatus, step: StepId | null, answers: Answers): boolean {
  const given = STEP_IDS.filter((id) => answers[id] !== undefined);
  switch (status) {
    case 'idle':
      return step === null && given.length === 0;
    case 'collecting':
      return step !== null && given.join() === STEP_IDS.slice(0, STEP_IDS.indexOf(step)).join();
    case 'saving':
    case 'failed':
      return step === null && given.length === STEP_IDS.length;
  }
}

export function isChatState(value: unknown): value is ChatState {
  if (!isRecord(value)) return false;
  const {
    version,
    messages,
    status,
    step,
    answers,
    nextId,
    confirmingCancel,
    justBooked,
    offer,
    offerDeclined,
    callTime,
  } = value;
  if (version !== 1) return false;
  if (!Array.isArray(messages) || !messages.every(isMessage) || messages.length > MAX_MESSAGES) return false;
  if (status !== 'idle' && status !== 'collecting' && status !== 'saving' && status !== 'failed') return false;
  if (step !== null && !isStepId(step)) return false;
  if (!isRecord(answers)) return false;
  if (!Object.entries(answers).every(([key, answer]) => isStepId(key) && typeof answer === 'string')) return false;
  if (typeof nextId !== 'number' || !Number.isInteger(nextId) || nextId < 0) return false;
  if (
    confirmingCancel !== undefined &&
    (confirmingCancel !== true || (status !== 'collecting' && status !== 'failed'))
  ) {
    return false;
  }
  if (justBooked !== undefined && (justBooked !== true || status !== 'idle')) return false;
  if (offer !== undefined && ((offer !== 'asked' && offer !== 'mentioned') || status !== 'idle')) return false;
  if (offerDeclined !== undefined && offerDeclined !== true) return false;
  if (callTime !== undefined && !isCallTime(callTime)) return false;
  return answersFitStatus(status, step, answers as Answers);
}
