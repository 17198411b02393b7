// The two moments a visitor engages, counted through the real components: the chat assistant opened, and a lead
// form started (the first typing in it, once per form in a page view).
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import chatJson from '../../content/chat.json';
import contactJson from '../../content/forms/contact-form.json';
import bookingJson from '../../content/forms/booking-form.json';
import { ChatLauncher } from '../../src/features/chat/ChatLauncher';
import { CHAT_OPEN_STORAGE_KEY } from '../../src/features/chat/panel-open';
import { chatScript } from '../../src/features/chat/script-schema';
import { BookingForm } from '../../src/features/forms/BookingForm';
import { ContactForm } from '../../src/features/forms/ContactForm';
import { bookingFormCopy, contactFormCopy } from '../../src/features/forms/copy-schema';
import { bookingCopy } from '../helpers/booking-copy';
import {
  inlineSupabaseConfig,
  mockFetch,
  removeFetch,
  sentEvents,
  UUID_V4,
  type FetchMock,
} from '../helpers/visit-events';

jest.mock('../../src/lib/leads');
jest.mock('../../src/features/booking/booking-api', () => ({
  fetchSlots: () => Promise.resolve({ status: 'ok', slots: [], teamTimeZone: 'Australia/Sydney', callMinutes: 30 }),
}));

const EMAIL = 'hello@brightlane.ai';
const script = chatScript.parse(chatJson);
const contactCopy = contactFormCopy.parse(contactJson);
const formCopy = bookingFormCopy.parse(bookingJson);

let fetchMock: FetchMock;

let removeConfig: () => void;
beforeAll(() => (removeConfig = inlineSupabaseConfig()));
afterAll(() => removeConfig());
let user: ReturnType<typeof userEvent.setup>;

beforeEach(() => {
  jest.useFakeTimers();
  user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  sessionStorage.clear();
  fetchMock = mockFetch();
  window.history.replaceState(null, '', '/pricing');
});

afterEach(() => {
  removeFetch();
  jest.useRealTimers();
  window.history.replaceState(null, '', '/');
});

/** What has been sent once the page's pending tasks (the send among them) have run. */
async function sent() {
  await act(() => jest.advanceTimersByTimeAsync(0));
  return sentEvents(fetchMock);
}

describe('chat_opened', () => {
  const launcher = () => screen.getByRole('button', { name: script.ui.launcherLabel });

  it('is counted when the visitor opens the chat, not when it closes', async () => {
    render(<ChatLauncher script={script} contactEmail={EMAIL} />);
    expect(await sent()).toEqual([]);

    await user.click(launcher());
    await screen.findByRole('dialog', { name: script.ui.panelTitle });
    expect(await sent()).toEqual([
      { kind: 'chat_opened', visit_id: expect.stringMatching(UUID_V4), path: '/pricing', automated: false },
    ]);

    await user.click(launcher());
    expect(launcher()).toHaveAttribute('aria-expanded', 'false');
    expect(await sent()).toHaveLength(1);
  });

  it('is not counted again when a reload shows the panel the visitor left open', async () => {
    sessionStorage.setItem(CHAT_OPEN_STORAGE_KEY, 'true');
    render(<ChatLauncher script={script} contactEmail={EMAIL} />);
    await screen.findByRole('dialog', { name: script.ui.panelTitle });
    expect(launcher()).toHaveAttribute('aria-expanded', 'true');
    expect(await sent()).toEqual([]);
  });
});

describe('form_started', () => {
  it('is counted once, when the visitor first types into a lead form, not on focus', async () => {
    render(<ContactForm copy={contactCopy} contactEmail={EMAIL} />);
    await user.click(screen.getByLabelText(contactCopy.inputs.name.label));
    expect(await sent()).toEqual([]);

    await user.keyboard('Ada Lovelace');
    await user.type(screen.getByLabelText(contactCopy.inputs.email.label), 'ada@example.com');
    expect(await sent()).toEqual([
      { kind: 'form_started', visit_id: expect.stringMatching(UUID_V4), path: '/pricing', automated: false },
    ]);
  });

  it('is counted for each form of the page, and again in the next page view', async () => {
    const view = render(
      <>
        <ContactForm copy={contactCopy} contactEmail={EMAIL} />
        <BookingForm copy={formCopy} bookingCopy={bookingCopy} contactEmail={EMAIL} />
      </>,
    );
    const contact = within(screen.getByRole('form', { name: contactCopy.formLabel }));
    const booking = within(screen.getByRole('form', { name: formCopy.formLabel }));
    await user.type(contact.getByLabelText(contactCopy.inputs.name.label), 'Ada');
    await user.type(booking.getByLabelText(formCopy.inputs.name.label), 'Grace');
    await user.type(booking.getByLabelText(formCopy.inputs.email.label), 'grace@example.com');
    expect((await sent()).map((event) => event.kind)).toEqual(['form_started', 'form_started']);

    // Another page: the form is mounted anew.
    view.unmount();
    window.history.pushState(null, '', '/contact');
    render(<ContactForm copy={contactCopy} contactEmail={EMAIL} />);
    await user.type(screen.getByLabelText(contactCopy.inputs.name.label), 'Ada');
    expect((await sent()).map((event) => [event.kind, event.path])).toEqual([
      ['form_started', '/pricing'],
      ['form_started', '/pricing'],
      ['form_started', '/contact'],
    ]);
  });
});
