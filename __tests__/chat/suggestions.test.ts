/** @jest-environment node */
// A suggested-reply button does what it says whatever a marketer calls it: the engine reads a pressed label as
// the words it stands for, not by finding those words in the label.
import chatJson from '../../content/chat.json';
import { initialState, onSaveResult, respond } from '../../src/features/chat/engine';
import { chatScript, type ChatScript } from '../../src/features/chat/script-schema';
import type { ChatState } from '../../src/features/chat/state';
import { NOT_PROVIDED } from '../../src/features/chat/steps';
import { suggestionsFor } from '../../src/features/chat/suggestions';

const real = chatScript.parse(chatJson);
/** Labels that share no word with anything the engine listens for. */
const renamed: ChatScript = {
  ...real,
  suggestions: {
    bookCall: 'Zebra one',
    skip: 'Zebra two',
    retry: 'Zebra three',
    cancel: 'Zebra four',
    confirmCancel: 'Zebra five',
    keepBooking: 'Zebra six',
    acceptOffer: 'Zebra seven',
    declineOffer: 'Zebra eight',
  },
};

describe.each([
  ['as written in content/chat.json', real],
  ['renamed to words the engine does not listen for', renamed],
])('suggested replies %s', (_name, script) => {
  const { suggestions } = script;
  let now = 0;
  const press = (state: ChatState, label: string) => {
    expect(suggestionsFor(state, script, 'Australia/Sydney')).toContain(label);
    return respond(state, label, script, ++now);
  };
  const say = (state: ChatState, text: string) => respond(state, text, script, ++now).state;
  const atWebsiteStep = () => {
    let state = press(initialState(script, 0), suggestions.bookCall).state;
    expect(state).toMatchObject({ status: 'collecting', step: 'full_name' });
    for (const answer of ['Ada Lovelace', 'ada@example.com', 'Engines', 'Australia/Sydney', 'Tuesday 10am'])
      state = say(state, answer);
    expect(state.step).toBe('website');
    return state;
  };
  const failedSave = () => {
    const atPhone = press(atWebsiteStep(), suggestions.skip).state;
    const saving = press(atPhone, suggestions.skip);
    return onSaveResult(saving.state, false, script, ++now).state;
  };

  it('book a call, then skip the website and the phone', () => {
    const afterWebsite = press(atWebsiteStep(), suggestions.skip).state;
    expect(afterWebsite).toMatchObject({ step: 'phone', answers: { website: NOT_PROVIDED } });
    const saving = press(afterWebsite, suggestions.skip);
    expect(saving.state.status).toBe('saving');
    expect(saving.effect?.lead.phone).toBe(NOT_PROVIDED);
    // The transcript shows what the visitor pressed.
    expect(saving.state.messages.filter((message) => !message.isBot).at(-1)?.text).toBe(suggestions.skip);
  });

  it('accept the offer to book a call, or decline it', () => {
    const offered = say(initialState(script, 0), 'asdfgh');
    expect(suggestionsFor(offered, script, undefined)).toEqual([suggestions.acceptOffer, suggestions.declineOffer]);
    expect(press(offered, suggestions.acceptOffer).state).toMatchObject({ status: 'collecting', step: 'full_name' });
    const declined = press(offered, suggestions.declineOffer).state;
    expect(declined).toMatchObject({ status: 'idle', offerDeclined: true });
    expect(suggestionsFor(declined, script, undefined)).toEqual([suggestions.bookCall]);
  });

  it('retry after a failed save', () => {
    const retried = press(failedSave(), suggestions.retry);
    expect(retried.state.status).toBe('saving');
    expect(retried.effect?.lead.name).toBe('Ada Lovelace');
  });

  it('cancel after a failed save, confirmed or taken back', () => {
    const asked = press(failedSave(), suggestions.cancel).state;
    expect(asked.confirmingCancel).toBe(true);
    const kept = press(asked, suggestions.keepBooking).state;
    expect(kept).toMatchObject({ status: 'failed', answers: { full_name: 'Ada Lovelace' } });
    const discarded = press(press(kept, suggestions.cancel).state, suggestions.confirmCancel).state;
    expect(discarded).toMatchObject({ status: 'idle', answers: {} });
  });
});
