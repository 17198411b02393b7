// The suggested-reply buttons for a state. Pressing one sends its label as the visitor's message, so each
// label must itself be understood by the engine (a test checks this against content/chat.json).
import type { ChatScript } from './script-schema';
import type { ChatState } from './state';
import { OPTIONAL_STEPS } from './steps';

/** `timeZone` is the visitor's detected IANA zone (e.g. "Australia/Sydney"), offered at the timezone step. */
export function suggestionsFor(state: ChatState, script: ChatScript, timeZone: string | undefined): string[] {
  const { suggestions } = script;
  if (state.confirmingCancel) return [suggestions.confirmCancel, suggestions.keepBooking];
  switch (state.status) {
    case 'idle':
      // Straight after a booking, offering another would read as if the first one had not gone through.
      return state.justBooked ? [] : [suggestions.bookCall];
    case 'collecting':
      if (state.step === 'timezone') return timeZone ? [timeZone] : [];
      if (state.step && OPTIONAL_STEPS.includes(state.step)) return [suggestions.skip];
      return [];
    case 'failed':
      return [suggestions.retry, suggestions.cancel];
    case 'saving':
      return [];
  }
}

/** The browser's time zone, or undefined where Intl cannot tell. */
export function detectTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
