// The suggested-reply buttons for a state. Pressing one sends its label as the visitor's message; the engine
// reads a pressed label as the words it stands for, so a marketer may word the buttons however they like.
import type { ChatScript } from './script-schema';
import type { ChatState } from './state';

/** A button: what it says, and the visitor words it means (the first of the list the engine listens to). */
type Suggestion = { label: string; means: string };

function offered(state: ChatState, script: ChatScript, timeZone: string | undefined): Suggestion[] {
  const { suggestions, booking, offer } = script;
  if (state.confirmingCancel)
    return [
      { label: suggestions.confirmCancel, means: booking.confirmCancelWords[0] },
      { label: suggestions.keepBooking, means: booking.keepBookingWords[0] },
    ];
  switch (state.status) {
    case 'idle':
      if (state.offer === 'asked')
        return [
          { label: suggestions.acceptOffer, means: offer.yesWords[0] },
          { label: suggestions.declineOffer, means: offer.noWords[0] },
        ];
      // Asked which times suit: the answer is typed, or the visitor waits for the e-mail.
      if (state.callTime?.phase === 'clarifying') {
        return [{ label: script.callTimes.waitLabel, means: script.callTimes.waitWords[0] }];
      }
      if (state.callTime?.phase === 'choosing') {
        const { callTimes } = script;
        return [
          ...state.callTime.offered.map((time) => ({ label: time.label, means: time.label })),
          { label: callTimes.otherTimesLabel, means: callTimes.otherTimesWords[0] },
          { label: callTimes.waitLabel, means: callTimes.waitWords[0] },
        ];
      }
      // Straight after a booking, offering another would read as if the first one had not gone through; while
      // its time is being found or booked, nothing is offered either, nor once a time is booked.
      if (state.callTime?.phase === 'finding' || state.callTime?.phase === 'booking') return [];
      if (state.callTime?.phase === 'booked') return [];
      return state.justBooked ? [] : [{ label: suggestions.bookCall, means: booking.triggers[0] }];
    case 'collecting':
      if (state.step === 'timezone') return timeZone ? [{ label: timeZone, means: timeZone }] : [];
      if (state.step === 'website') return [{ label: suggestions.skip, means: booking.websiteSkipWords[0] }];
      if (state.step === 'phone') return [{ label: suggestions.skip, means: booking.noPhoneWords[0] }];
      return [];
    case 'failed':
      return [
        { label: suggestions.retry, means: booking.retryWords[0] },
        { label: suggestions.cancel, means: booking.cancelRequests[0] },
      ];
    case 'saving':
      return [];
  }
}

/** `timeZone` is the visitor's detected IANA zone (e.g. "Australia/Sydney"), offered at the timezone step. */
export function suggestionsFor(state: ChatState, script: ChatScript, timeZone: string | undefined): string[] {
  return offered(state, script, timeZone).map((suggestion) => suggestion.label);
}

/** What a message means if it is one of the labels offered in this state (as pressed or typed), else itself. */
export function meaningOf(text: string, state: ChatState, script: ChatScript): string {
  const pressed = text.trim().toLowerCase();
  return offered(state, script, undefined).find((item) => item.label.trim().toLowerCase() === pressed)?.means ?? text;
}

let detectedTimeZone: { zone: string | undefined } | undefined;

/**
 * The browser's time zone, or undefined where Intl cannot tell. Asked only when the timezone step is reached:
 * the first `Intl.DateTimeFormat()` loads locale data (~70 ms at a phone's 4x CPU slowdown), too much to spend while the
 * panel is rendered ahead of a tap.
 */
export function visitorTimeZone(): string | undefined {
  if (!detectedTimeZone) {
    try {
      detectedTimeZone = { zone: Intl.DateTimeFormat().resolvedOptions().timeZone || undefined };
    } catch {
      detectedTimeZone = { zone: undefined };
    }
  }
  return detectedTimeZone.zone;
}
