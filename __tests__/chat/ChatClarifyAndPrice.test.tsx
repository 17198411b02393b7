// Issue 43 through the rendered widget, with the booking functions' client mocked: a preferred time that rules out
// what the chat cannot place gets a question with the wait button, and the answer brings the times that fit it; a
// visitor asking whether a call is needed before prices gets the answer, its link and the offer's buttons.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import React from 'react';
import { fetchSlots, type Slot } from '../../src/features/booking/booking-api';
import { ChatLauncher } from '../../src/features/chat/ChatLauncher';
import { submitConsultationRequest } from '../../src/lib/leads';
import { chat } from '../fixtures/spec-texts';
import { builtChatScript, TEST_CONTACT_EMAIL as EMAIL } from '../helpers/chat-script';
import { bubbleTextsOf } from '../helpers/chat-log';

jest.mock('../../src/lib/leads', () => ({ submitConsultationRequest: jest.fn() }));
jest.mock('../../src/features/booking/booking-api');
const submit = jest.mocked(submitConsultationRequest);
const slots = jest.mocked(fetchSlots);

const script = builtChatScript();
const { ui, callTimes, offer, suggestions, priceWithoutCall } = script;
const TEAM = 'Australia/Sydney';
const NOW = new Date('2026-11-25T00:00:00Z');
const slot = (startsAt: string): Slot => ({
  startsAt,
  endsAt: new Date(Date.parse(startsAt) + 30 * 60_000).toISOString(),
});
// Thursday 26 November, 9:00 and 9:30 am in Sydney (AEDT), and Friday 27 at 9:00 am.
const FREE = ['2026-11-25T22:00:00.000Z', '2026-11-25T22:30:00.000Z', '2026-11-26T22:00:00.000Z'].map(slot);

let user: ReturnType<typeof userEvent.setup>;

beforeEach(() => {
  jest.useFakeTimers({ now: NOW });
  jest.spyOn(Math, 'random').mockReturnValue(0.5);
  user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  window.sessionStorage.clear();
  submit.mockReset().mockResolvedValue({ ok: true });
  slots.mockReset().mockResolvedValue({ status: 'ok', slots: FREE, teamTimeZone: TEAM, callMinutes: 30 });
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const input = () => screen.getByRole('textbox', { name: ui.inputLabel });
const log = () => screen.getByRole('log', { name: ui.conversationLabel });
const bubbleTexts = () => bubbleTextsOf(log());
const fill = (text: string, values: Record<string, string>) =>
  Object.entries(values).reduce((filled, [key, value]) => filled.split(`{${key}}`).join(value), text);

async function flushReplies() {
  for (let index = 0; index < 8; index += 1) await act(() => jest.advanceTimersByTimeAsync(1200));
}

async function say(text: string) {
  await user.type(input(), text);
  await user.keyboard('{Enter}');
  await flushReplies();
}

async function openChat() {
  render(<ChatLauncher script={script} contactEmail={EMAIL} />);
  await user.click(screen.getByRole('button', { name: ui.launcherLabel }));
  await screen.findByRole('dialog', { name: ui.panelTitle });
}

it('asks which times suit where the preferred time rules out what it cannot place, then offers times for the answer', async () => {
  await openChat();
  const preference = "mornings but not when I'm on site";
  for (const text of ['book a call', 'Jane Doe', 'jane@acme.com', 'Acme', 'Sydney', preference, 'no', 'no'])
    await say(text);
  expect(bubbleTexts().slice(-2)).toEqual([chat.success, fill(callTimes.clarify, { preference })]);
  const replies = screen.getByRole('group', { name: ui.suggestionsLabel });
  expect(
    within(replies)
      .getAllByRole('button')
      .map((button) => button.textContent),
  ).toEqual([callTimes.waitLabel]);

  await say('Friday morning');
  expect(slots).toHaveBeenCalledTimes(2);
  expect(bubbleTexts().at(-1)).toBe(
    fill(callTimes.pickTime, { preference: 'Friday morning', zone: 'Australian Eastern Daylight Time (Sydney)' }),
  );
  expect(screen.getByRole('button', { name: 'Fri 27 Nov, 9:00 am' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Thu 26 Nov, 9:00 am' })).not.toBeInTheDocument();
});

it('answers whether a call is needed before prices, with the pricing link and the offer’s buttons', async () => {
  await openChat();
  await say('do I have to jump on a call to get a price?');
  expect(bubbleTexts().slice(-2)).toEqual([priceWithoutCall.reply, offer.question]);
  for (const link of priceWithoutCall.links) {
    expect(within(log()).getByRole('link', { name: link.label })).toHaveAttribute('href', link.to);
  }
  expect(screen.getByRole('button', { name: suggestions.acceptOffer })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: suggestions.declineOffer })).toBeInTheDocument();
  expect(submit).not.toHaveBeenCalled();
});
