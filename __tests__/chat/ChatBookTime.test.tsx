// Issue 33 through the rendered widget, with the booking functions' client mocked: after the request is saved the
// chat offers free times as buttons, one tap books (hold, then confirm), a taken time is told with new times, and
// the booked call's message carries the change/cancel link.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import React from 'react';
import { confirmBooking, fetchSlots, holdSlot, type Slot } from '../../src/features/booking/booking-api';
import { ChatLauncher } from '../../src/features/chat/ChatLauncher';
import { submitConsultationRequest } from '../../src/lib/leads';
import { chat } from '../fixtures/spec-texts';
import { builtChatScript, TEST_CONTACT_EMAIL as EMAIL } from '../helpers/chat-script';
import { bubbleTextsOf } from '../helpers/chat-log';

jest.mock('../../src/lib/leads', () => ({ submitConsultationRequest: jest.fn() }));
jest.mock('../../src/features/booking/booking-api');
const submit = jest.mocked(submitConsultationRequest);
const slots = jest.mocked(fetchSlots);
const hold = jest.mocked(holdSlot);
const confirm = jest.mocked(confirmBooking);

const script = builtChatScript();
const { ui, callTimes } = script;
const TEAM = 'Australia/Sydney';
const NOW = new Date('2026-11-25T00:00:00Z');
const slot = (startsAt: string): Slot => ({
  startsAt,
  endsAt: new Date(Date.parse(startsAt) + 30 * 60_000).toISOString(),
});
// Thursday 26 November, 9:00 to 10:30 am in Sydney (AEDT), and Friday 27 at 2 pm.
const FREE = [
  '2026-11-25T22:00:00.000Z',
  '2026-11-25T22:30:00.000Z',
  '2026-11-25T23:00:00.000Z',
  '2026-11-25T23:30:00.000Z',
  '2026-11-27T03:00:00.000Z',
].map(slot);

let user: ReturnType<typeof userEvent.setup>;

beforeEach(() => {
  jest.useFakeTimers({ now: NOW });
  jest.spyOn(Math, 'random').mockReturnValue(0.5);
  user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  window.sessionStorage.clear();
  submit.mockReset().mockResolvedValue({ ok: true });
  slots.mockReset().mockResolvedValue({ status: 'ok', slots: FREE, teamTimeZone: TEAM, callMinutes: 30 });
  hold.mockReset();
  confirm.mockReset();
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const input = () => screen.getByRole('textbox', { name: ui.inputLabel });
const log = () => screen.getByRole('log', { name: ui.conversationLabel });
const bubbleTexts = () => bubbleTextsOf(log());
const button = (name: string) => screen.getByRole('button', { name });

async function flushReplies() {
  for (let index = 0; index < 8; index += 1) await act(() => jest.advanceTimersByTimeAsync(1200));
}

/**
 * A tap on a reply button; the calendar calls it starts (hold, then confirm) settle within act(). A plain click
 * event: user-event runs its steps with React's act environment off, and answers arriving then would be
 * reported as updates outside act.
 */
async function tap(name: string) {
  act(() => {
    fireEvent.click(button(name));
  });
  await flushReplies();
}

async function say(text: string) {
  await user.type(input(), text);
  await user.keyboard('{Enter}');
  await flushReplies();
}

async function bookRequest(zone: string, preference: string) {
  render(<ChatLauncher script={script} contactEmail={EMAIL} />);
  await user.click(screen.getByRole('button', { name: ui.launcherLabel }));
  await screen.findByRole('dialog', { name: ui.panelTitle });
  for (const text of ['book a call', 'Jane Doe', 'jane@acme.com', 'Acme', zone, preference, 'no', 'no'])
    await say(text);
}

const heldAnswer = (startsAt: string) => ({
  status: 'held' as const,
  holdId: 'hold-1',
  startsAt,
  endsAt: new Date(Date.parse(startsAt) + 30 * 60_000).toISOString(),
  holdExpiresAt: '2026-11-25T00:10:00.000Z',
  teamTimeZone: TEAM,
  callMinutes: 30,
});

it('offers the free times after the spec’s confirmation and books one with a single tap', async () => {
  hold.mockResolvedValue(heldAnswer(FREE[1].startsAt));
  confirm.mockResolvedValue({
    status: 'booked',
    bookingId: 'b1',
    startsAt: FREE[1].startsAt,
    endsAt: FREE[1].endsAt,
    visitorTimeZone: TEAM,
    teamTimeZone: TEAM,
    callMinutes: 30,
    manageToken: 'tok',
  });
  await bookRequest('Sydney', 'Thursday morning');
  expect(bubbleTexts().slice(-2)).toEqual([
    chat.success,
    callTimes.pickTime
      .replace('{preference}', 'Thursday morning')
      .replace('{zone}', 'Australian Eastern Daylight Time (Sydney)'),
  ]);
  const group = screen.getByRole('group', { name: ui.suggestionsLabel });
  expect(
    within(group)
      .getAllByRole('button')
      .map((item) => item.textContent),
  ).toEqual([
    'Thu 26 Nov, 9:00 am',
    'Thu 26 Nov, 9:30 am',
    'Thu 26 Nov, 10:00 am',
    'Thu 26 Nov, 10:30 am',
    callTimes.otherTimesLabel,
    callTimes.waitLabel,
  ]);

  await tap('Thu 26 Nov, 9:30 am');
  expect(hold).toHaveBeenCalledWith('jane@acme.com', FREE[1].startsAt, TEAM);
  expect(confirm).toHaveBeenCalledWith('hold-1', 'jane@acme.com');
  expect(bubbleTexts().slice(-2)).toEqual([
    callTimes.booked
      .replace('{day}', 'Thursday 26 November')
      .replace('{time}', '9:30 am')
      .replace('{zone}', 'Australian Eastern Daylight Time (Sydney)'),
    callTimes.manage,
  ]);
  expect(screen.getByRole('link', { name: callTimes.manageLabel })).toHaveAttribute('href', '/booking#tok');

  await say('I need to reschedule');
  expect(screen.getAllByRole('link', { name: callTimes.manageLabel })).toHaveLength(2);
});

const strategyCall = () => {
  const topic = script.topics.find((item) => item.id === 'strategy-call')!;
  expect(topic.bookedReply).toBeDefined();
  return topic as typeof topic & { bookedReply: string };
};
const bookedAnswer = (startsAt: string) => ({
  status: 'booked' as const,
  bookingId: 'b1',
  startsAt,
  endsAt: new Date(Date.parse(startsAt) + 30 * 60_000).toISOString(),
  visitorTimeZone: 'Australia/Perth',
  teamTimeZone: TEAM,
  callMinutes: 30,
  manageToken: 'tok',
});

it('once a time is booked, every later line speaks of the booked call: no time still to be found, no second offer', async () => {
  hold.mockResolvedValue(heldAnswer(FREE[0].startsAt));
  confirm.mockResolvedValue(bookedAnswer(FREE[0].startsAt));
  await bookRequest('Perth', 'Thursday morning');
  // Before a time is booked: the specification's confirmation, exactly.
  expect(bubbleTexts()).toContain(chat.success);
  await tap('Thu 26 Nov, 6:00 am');
  const perth = 'Australian Western Standard Time (Perth)';
  const bookedLine = callTimes.booked
    .replace('{day}', 'Thursday 26 November')
    .replace('{time}', '6:00 am')
    .replace('{zone}', perth);
  expect(bubbleTexts()).toContain(bookedLine);
  const bookedAt = bubbleTexts().indexOf(bookedLine);
  // No button offers to book a call either.
  expect(screen.queryByRole('button', { name: script.suggestions.bookCall })).toBeNull();

  await say('What happens on the strategy call?');
  expect(bubbleTexts().at(-1)).toBe(strategyCall().bookedReply);
  await say("I've booked, thanks");
  expect(bubbleTexts().at(-1)).toBe(callTimes.bookedHere);
  expect(screen.getAllByRole('link', { name: callTimes.manageLabel })).toHaveLength(2);
  await say('qwerty');
  expect(bubbleTexts().at(-1)).toBe(script.fallback);
  // A yes now is no request for another call.
  await say('yes');
  expect(bubbleTexts().at(-1)).not.toBe(script.booking.start);

  const after = bubbleTexts().slice(bookedAt);
  for (const promise of [strategyCall().reply, script.booking.alreadyBooked, script.offer.question])
    expect(after).not.toContain(promise);
  expect(after.join('\n')).not.toMatch(/within \d+ hours/);
});

it('without a booked time, the strategy call’s answer still promises to find one', async () => {
  await bookRequest('Sydney', 'Thursday morning');
  await tap(callTimes.waitLabel);
  await say('What happens on the strategy call?');
  expect(bubbleTexts().at(-2)).toBe(strategyCall().reply);
});

it('tells a taken time kindly and offers the next free times', async () => {
  hold.mockResolvedValue({ status: 'taken', alternatives: [FREE[4]] });
  await bookRequest('Sydney', 'Thursday morning');
  await tap('Thu 26 Nov, 9:00 am');
  expect(bubbleTexts().at(-1)).toBe(callTimes.taken.replace('{zone}', 'Australian Eastern Daylight Time (Sydney)'));
  expect(button('Fri 27 Nov, 2:00 pm')).toBeInTheDocument();
  expect(confirm).not.toHaveBeenCalled();
});

it('keeps the request when the calendar fails, with the contact address', async () => {
  slots.mockResolvedValue({ status: 'failed', detail: 'offline' });
  await bookRequest('Sydney', 'Thursday morning');
  expect(bubbleTexts().slice(-2)).toEqual([chat.success, callTimes.failure.replace('{email}', EMAIL)]);
  expect(button(callTimes.waitLabel)).toBeInTheDocument();
  await tap(callTimes.waitLabel);
  expect(bubbleTexts().at(-1)).toBe(callTimes.waiting);
});

it('tells a visitor whose connection may book no more calls online that the request stands, and closes the offer', async () => {
  hold.mockResolvedValue({ status: 'sender_limit' });
  await bookRequest('Sydney', 'Thursday morning');
  await tap('Thu 26 Nov, 9:00 am');
  expect(bubbleTexts().at(-1)).toBe(callTimes.senderLimit.replace('{email}', EMAIL));
  expect(confirm).not.toHaveBeenCalled();
  expect(screen.queryByRole('button', { name: 'Thu 26 Nov, 9:30 am' })).toBeNull();
});

it('says the same when the limit is met at the confirmation', async () => {
  hold.mockResolvedValue(heldAnswer(FREE[0].startsAt));
  confirm.mockResolvedValue({ status: 'sender_limit' });
  await bookRequest('Sydney', 'Thursday morning');
  await tap('Thu 26 Nov, 9:00 am');
  expect(bubbleTexts().at(-1)).toBe(callTimes.senderLimit.replace('{email}', EMAIL));
});
