// Whole conversations typed into the rendered widget, as the browser tests once drove them on the built site
// (docs/testing.md, "Browser tests replaced by component tests"): what the assistant answers at each turn, the
// lead handed to the lead module (whose row is tested in __tests__/lib/leads.test.ts and stored as sent,
// __tests__/contract/inserts.test.ts), failures and their retries, and the offer of a call after the fallback.
// Texts the specification fixes come from spec-texts; every other one from the chat script in content/.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import React from 'react';
import { submitConsultationRequest, type ConsultationLead } from '../../src/lib/leads';
import { ChatLauncher } from '../../src/features/chat/ChatLauncher';
import { chat } from '../fixtures/spec-texts';
import { builtChatScript, TEST_CONTACT_EMAIL as EMAIL } from '../helpers/chat-script';
import { bubbleTextsOf } from '../helpers/chat-log';

jest.mock('../../src/lib/leads', () => ({ submitConsultationRequest: jest.fn(), preloadLeadClient: jest.fn() }));
// The free times offered after a saved request are ChatBookTime.test.tsx's subject: here the calendar has none.
jest.mock('../../src/features/booking/booking-api', () => ({
  fetchSlots: () => Promise.resolve({ status: 'ok', slots: [], teamTimeZone: 'Australia/Sydney', callMinutes: 30 }),
}));
const submit = jest.mocked(submitConsultationRequest);

const script = builtChatScript();
const { ui, booking, suggestions } = script;
const { steps } = booking;
const FAILURE = chat.failure.replace('{email}', EMAIL);

let user: ReturnType<typeof userEvent.setup>;

beforeEach(() => {
  jest.useFakeTimers();
  jest.spyOn(Math, 'random').mockReturnValue(0.5);
  user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  window.sessionStorage.clear();
  submit.mockReset();
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const input = () => screen.getByRole('textbox', { name: ui.inputLabel });
const log = () => screen.getByRole('log', { name: ui.conversationLabel });
const bubbleTexts = () => bubbleTextsOf(log());

/** Lets every held-back reply (and a pending save) finish, one typing pause at a time. */
async function flushReplies() {
  for (let index = 0; index < 6; index += 1) await act(() => jest.advanceTimersByTimeAsync(1200));
}

async function openChat() {
  render(<ChatLauncher script={script} contactEmail={EMAIL} />);
  await user.click(screen.getByRole('button', { name: ui.launcherLabel }));
  await screen.findByRole('dialog', { name: ui.panelTitle });
  await flushReplies();
}

/** Types the message into the message box and sends it with Enter; returns what the assistant said after it. */
async function say(text: string): Promise<string[]> {
  const before = bubbleTexts().length + 1; // the visitor's own bubble
  await user.type(input(), text);
  await user.keyboard('{Enter}');
  await flushReplies();
  return bubbleTexts().slice(before);
}

async function tap(label: string): Promise<string[]> {
  const before = bubbleTexts().length + 1;
  await user.click(screen.getByRole('button', { name: label }));
  await flushReplies();
  return bubbleTexts().slice(before);
}

/** Answers the booking's questions up to the phone number. */
async function bookUpToPhone(answers: { name: string; email: string; website: string }) {
  expect(await say('Hi, can I book a call?')).toEqual([booking.start, steps.full_name.prompt]);
  expect(await say(answers.name)).toEqual([steps.email.prompt]);
  expect(await say(answers.email)).toEqual([steps.company.prompt]);
  expect(await say('Ark Logistics')).toEqual([steps.timezone.prompt]);
  expect(await say('Australia/Sydney')).toEqual([steps.preferred_datetime.prompt]);
  expect(await say('Tuesday morning')).toEqual([steps.website.prompt]);
  expect(await say(answers.website)).toEqual([steps.phone.prompt]);
}

const chatLead = (
  lead: Omit<ConsultationLead, 'message'>,
  wishes: { zone: string; time: string; website: string },
) => ({
  ...lead,
  message: `Timezone: ${wishes.zone}\nPreferred time: ${wishes.time}\nWebsite: ${wishes.website}\nSource: Website chatbot`,
});

describe('a booking typed like a visitor', () => {
  it('asks again after an answer without an e-mail address or a time, and saves the request in the documented format', async () => {
    submit.mockResolvedValue({ ok: true });
    await openChat();
    expect(await say('Hi, can I book a call?')).toEqual([booking.start, steps.full_name.prompt]);
    expect(await say('Noah Williams')).toEqual([steps.email.prompt]);
    expect(await say('my email is secret')).toEqual([chat.invalid.email]);
    expect(await say("it's noah.chat@example.com")).toEqual([steps.company.prompt]);
    expect(await say('Ark Logistics')).toEqual([steps.timezone.prompt]);
    expect(await say('Australia/Sydney')).toEqual([steps.preferred_datetime.prompt]);
    expect(await say('whenever suits')).toEqual([chat.invalid.preferred_datetime]);
    expect(await say('Tuesday morning')).toEqual([steps.website.prompt]);
    expect(await say('nonprofit.org')).toEqual([steps.phone.prompt]);
    expect((await say("I'd rather stick to email"))[0]).toBe(chat.success);

    expect(submit.mock.calls).toEqual([
      [
        chatLead(
          { name: 'Noah Williams', email: 'noah.chat@example.com', company: 'Ark Logistics', phone: 'Not provided' },
          { zone: 'Australia/Sydney', time: 'Tuesday morning', website: 'nonprofit.org' },
        ),
        'chat',
      ],
    ]);
    // Another booking is not offered straight away.
    expect(screen.queryByRole('button', { name: suggestions.bookCall })).toBeNull();
  });

  it('books "One Stop Plumbing" for "Friday PM" with a phone answer that says "no", and asks before a "stop" discards anything', async () => {
    submit.mockResolvedValue({ ok: true });
    await openChat();
    expect(await say('Our customers cancel last minute, can we book a call?')).toEqual([
      booking.start,
      steps.full_name.prompt,
    ]);
    expect(await say('Tomás Ó Briain')).toEqual([steps.email.prompt]);
    expect(await say('tomas.onestop@example.com')).toEqual([steps.company.prompt]);
    expect(await say('One Stop Plumbing')).toEqual([steps.timezone.prompt]);
    expect(await say('stop')).toEqual([booking.confirmCancel]);
    expect(await tap(suggestions.keepBooking)).toEqual([booking.bookingKept, steps.timezone.prompt]);
    expect(await say('Australia/Brisbane')).toEqual([steps.preferred_datetime.prompt]);
    expect(await say('Friday PM')).toEqual([steps.website.prompt]);
    expect(await say('one-stop-shop.com.au')).toEqual([steps.phone.prompt]);
    expect((await say('0400 123 456 (no landline)'))[0]).toBe(chat.success);

    expect(submit.mock.calls).toEqual([
      [
        chatLead(
          {
            name: 'Tomás Ó Briain',
            email: 'tomas.onestop@example.com',
            company: 'One Stop Plumbing',
            phone: '0400 123 456 (no landline)',
          },
          { zone: 'Australia/Brisbane', time: 'Friday PM', website: 'one-stop-shop.com.au' },
        ),
        'chat',
      ],
    ]);
    expect(screen.queryByRole('button', { name: suggestions.bookCall })).toBeNull();
  });
});

describe('a save that fails', () => {
  const ruth = chatLead(
    { name: 'Ruth Ames', email: 'http500.chat@example.com', company: 'Ark Logistics', phone: '+61 400 000 111' },
    { zone: 'Australia/Sydney', time: 'Tuesday morning', website: 'Not provided' },
  );

  it('when the API answers with an error: the failure message with the e-mail, and "try again" typed sends the same request once more', async () => {
    submit.mockResolvedValueOnce({ ok: false, reason: 'rejected', detail: 'boom' }).mockResolvedValueOnce({ ok: true });
    await openChat();
    await bookUpToPhone({ name: 'Ruth Ames', email: 'http500.chat@example.com', website: "no, we don't have one" });
    expect(await say('+61 400 000 111')).toEqual([FAILURE]);
    expect(submit).toHaveBeenCalledTimes(1);

    expect((await say('try again'))[0]).toBe(chat.success);
    expect(submit.mock.calls).toEqual([
      [ruth, 'chat'],
      [ruth, 'chat'],
    ]);
  });

  it('when the API cannot be reached: the failure message, and the retry button sends the same request once more', async () => {
    submit.mockResolvedValueOnce({ ok: false, reason: 'network' }).mockResolvedValueOnce({ ok: true });
    await openChat();
    await bookUpToPhone({ name: 'Noor Haddad', email: 'down.chat@example.com', website: 'www.no-limits.com' });
    expect(await say('no')).toEqual([FAILURE]);

    expect((await tap(suggestions.retry))[0]).toBe(chat.success);
    const noor = chatLead(
      { name: 'Noor Haddad', email: 'down.chat@example.com', company: 'Ark Logistics', phone: 'Not provided' },
      { zone: 'Australia/Sydney', time: 'Tuesday morning', website: 'www.no-limits.com' },
    );
    expect(submit.mock.calls).toEqual([
      [noor, 'chat'],
      [noor, 'chat'],
    ]);
  });
});

describe('words, not substrings', () => {
  it('shows markup as text; "I use facebook" gets the fallback and the offer of a call, which one tap accepts', async () => {
    await openChat();
    const markup = '<img src=x onerror="window.pwned=1"> <b>hello</b>';
    const greeting = script.smallTalk.find((topic) => topic.id === 'greeting')!.reply;
    expect(await say(markup)).toEqual([greeting]);
    expect(within(log()).getByText(markup)).toBeInTheDocument();
    expect(log().querySelector('img, b')).toBeNull();
    expect((window as unknown as { pwned?: number }).pwned).toBeUndefined();

    expect(await say('I use facebook')).toEqual([script.fallback, script.offer.question]);
    const replies = screen.getByRole('group', { name: ui.suggestionsLabel });
    await user.click(within(replies).getByRole('button', { name: suggestions.acceptOffer }));
    await flushReplies();
    expect(bubbleTexts().slice(-2)).toEqual([booking.start, steps.full_name.prompt]);
    expect(submit).not.toHaveBeenCalled();
  });
});
