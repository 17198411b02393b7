// Every case of the hostile-input corpus through a chat booking: as the answer to the name question and
// to the e-mail question. An accepted answer reaches the lead module as the chat's documented clean-up
// of what was typed; a refused one gets the question again (or the length reminder) and nothing is sent;
// the conversation never breaks, and markup in the log is text, never elements.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import chatJson from '../../content/chat.json';
import { ChatLauncher } from '../../src/features/chat/ChatLauncher';
import { chatScript } from '../../src/features/chat/script-schema';
import { submitConsultationRequest } from '../../src/lib/leads';
import { HOSTILE_INPUTS, caseLabel, chatNormalised, type HostileCase } from '../fixtures/hostile-inputs';

jest.mock('../../src/lib/leads', () => ({ submitConsultationRequest: jest.fn() }));
const submit = jest.mocked(submitConsultationRequest);

const EMAIL = 'hello@example.com';
const script = chatScript.parse(chatJson);
const { ui, booking } = script;
const SUCCESS = booking.success;
const INJECTED = 'script, iframe, object, embed, img, [onerror], [onload], [srcdoc], style:not([data-styled])';
const tooLong = (max: number) => booking.tooLong.split('{max}').join(String(max));

let user: ReturnType<typeof userEvent.setup>;

beforeEach(() => {
  jest.useFakeTimers();
  jest.spyOn(Math, 'random').mockReturnValue(0);
  user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  window.sessionStorage.clear();
  submit.mockReset().mockResolvedValue({ ok: true });
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const input = () => screen.getByRole('textbox', { name: ui.inputLabel });
const log = () => screen.getByRole('log', { name: ui.conversationLabel });
const bubbleTexts = () =>
  Array.from(log().children).map((bubble) =>
    Array.from(bubble.childNodes)
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => node.textContent)
      .join(''),
  );

async function flushReplies() {
  for (let index = 0; index < 4; index += 1) await act(() => jest.advanceTimersByTimeAsync(1300));
}

async function say(text: string) {
  await user.click(input());
  if (text) await user.paste(text);
  await user.keyboard('{Enter}');
  await flushReplies();
}

async function startBooking() {
  render(<ChatLauncher script={script} contactEmail={EMAIL} />);
  await user.click(screen.getByRole('button', { name: ui.launcherLabel }));
  await screen.findByRole('dialog', { name: ui.panelTitle });
  await say('I want to book a call');
  expect(bubbleTexts().at(-1)).toBe(booking.steps.full_name.prompt);
}

async function finishBooking(from: 'company') {
  if (from === 'company') await say('Acme Pty Ltd');
  await say('UTC');
  await say('tomorrow 10:30');
  await say('no');
  await say('0400 123 456');
}

function expectInert() {
  expect(log().querySelectorAll(INJECTED)).toHaveLength(0);
  expect(document.body.querySelectorAll('script, iframe, [onerror], [onload]')).toHaveLength(0);
}

const cases = HOSTILE_INPUTS.map((entry) => [caseLabel(entry), entry] as const);

describe('as the answer to the name question', () => {
  it.each(cases)('%s', async (_label, entry: HostileCase) => {
    await startBooking();
    await say(entry.value);
    const expectedName = chatNormalised(entry.value.slice(0, 1000));
    if (entry.expected.chat.text === 'stored') {
      expect(bubbleTexts().at(-1)).toBe(booking.steps.email.prompt);
      await say('jane@acme.com');
      await finishBooking('company');
      expect(submit).toHaveBeenCalledTimes(1);
      expect(submit.mock.calls[0][0].name).toBe(expectedName);
      expect(bubbleTexts().at(-1)).toBe(SUCCESS);
    } else {
      expect([booking.steps.full_name.invalid, tooLong(200), booking.steps.full_name.prompt]).toContain(
        bubbleTexts().at(-1),
      );
      expect(submit).not.toHaveBeenCalled();
      // The question stays open: a valid answer now moves on.
      await say('Jane Doe');
      expect(bubbleTexts().at(-1)).toBe(booking.steps.email.prompt);
    }
    expectInert();
  });
});

describe('as the answer to the e-mail question', () => {
  it.each(cases)('%s', async (_label, entry: HostileCase) => {
    await startBooking();
    await say('Jane Doe');
    await say(entry.value);
    const reply = bubbleTexts().at(-1);
    if (reply === booking.steps.company.prompt) {
      await finishBooking('company');
      expect(submit).toHaveBeenCalledTimes(1);
      const stored = submit.mock.calls[0][0].email;
      // The address is the word with an @ taken from the answer, in a shape the database accepts.
      expect(chatNormalised(entry.value)).toContain(stored);
      expect(stored).toMatch(/^[^\s@]+@[^\s@]+$/);
      expect(stored.length).toBeLessThanOrEqual(320);
      expect(bubbleTexts().at(-1)).toBe(SUCCESS);
    } else {
      expect([booking.steps.email.invalid, tooLong(320), booking.steps.email.prompt]).toContain(reply);
      expect(submit).not.toHaveBeenCalled();
    }
    expectInert();
  });
});

it('accepts the e-mail cases the forms accept, and refuses the ones without an address', async () => {
  const outcomes: Record<string, boolean> = {};
  for (const id of ['email-plain', 'email-padded', 'email-no-at', 'email-at-only', 'email-two-ats']) {
    const entry = HOSTILE_INPUTS.find((candidate) => candidate.id === id)!;
    await startBooking();
    await say('Jane Doe');
    await say(entry.value);
    outcomes[id] = bubbleTexts().at(-1) === booking.steps.company.prompt;
    document.body.innerHTML = '';
    window.sessionStorage.clear();
  }
  expect(outcomes).toEqual({
    'email-plain': true,
    'email-padded': true,
    'email-no-at': false,
    'email-at-only': false,
    'email-two-ats': false,
  });
});
