import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import bookingJson from '../../content/forms/booking-form.json';
import { BookingForm } from '../../src/features/forms/BookingForm';
import { answerWithNoTimes, bookingCopy } from '../helpers/booking-copy';
import { bookingFormCopy } from '../../src/features/forms/copy-schema';
import { bookingForm, constants } from '../fixtures/spec-texts';
import { preloadLeadClient, submitConsultationRequest, type LeadResult } from '../../src/lib/leads';
import * as bookingApi from '../../src/features/booking/booking-api';
import { trapFieldValue } from '../../src/lib/trap-field';
import { fillTime, zoneLabel } from '../../src/features/booking/time-format';

jest.mock('../../src/lib/leads');
jest.mock('../../src/features/booking/booking-api');
beforeEach(() => answerWithNoTimes(jest.requireMock('../../src/features/booking/booking-api')));

const copy = bookingFormCopy.parse(bookingJson);
const EMAIL = 'hello@brightlane.ai';
const FAILURE_TEXT = copy.failureMessage.replace('{email}', EMAIL);
const CONFIRMATION_TEXT = copy.confirmation.text;
const submitMock = jest.mocked(submitConsultationRequest);

function deferred() {
  let resolve!: (result: LeadResult) => void;
  const promise = new Promise<LeadResult>((done) => (resolve = done));
  return { promise, resolve };
}

function renderForm() {
  const user = userEvent.setup();
  const view = render(<BookingForm copy={copy} bookingCopy={bookingCopy} contactEmail={EMAIL} />);
  return { user, ...view };
}

const field = {
  name: () => screen.getByLabelText(copy.inputs.name.label),
  email: () => screen.getByLabelText(copy.inputs.email.label),
  company: () => screen.getByLabelText(copy.inputs.company.label),
  phone: () => screen.getByLabelText(copy.inputs.phone.label),
  message: () => screen.getByLabelText(copy.inputs.message.label),
};
const submitButton = () => screen.getByRole('button', { name: copy.submitLabel });

async function fillValidForm(user: ReturnType<typeof userEvent.setup>, message = ' AEST, mornings suit best ') {
  await user.type(field.name(), ' Grace Hopper ');
  await user.type(field.email(), 'grace@example.com');
  await user.type(field.company(), ' Compilers Inc ');
  await user.type(field.phone(), ' +61 400 123 456 ');
  if (message) await user.type(field.message(), message);
}

const expectFieldsKept = () => {
  expect(field.name()).toHaveValue(' Grace Hopper ');
  expect(field.email()).toHaveValue('grace@example.com');
  expect(field.company()).toHaveValue(' Compilers Inc ');
  expect(field.phone()).toHaveValue(' +61 400 123 456 ');
  expect(field.message()).toHaveValue(' AEST, mornings suit best ');
};

beforeEach(() => {
  sessionStorage.clear();
  submitMock.mockReset();
  jest.mocked(preloadLeadClient).mockReset();
});

describe('BookingForm: the fields', () => {
  it('renders labelled fields with the right types, autocomplete tokens and required flags', () => {
    renderForm();
    expect(screen.getByRole('form', { name: copy.formLabel })).toHaveAttribute('novalidate');
    expect(field.name()).toHaveAttribute('autocomplete', 'name');
    expect(field.email()).toHaveAttribute('type', 'email');
    expect(field.email()).toHaveAttribute('autocomplete', 'email');
    expect(field.company()).toHaveAttribute('autocomplete', 'organization');
    expect(field.phone()).toHaveAttribute('type', 'tel');
    expect(field.phone()).toHaveAttribute('autocomplete', 'tel');
    for (const required of [field.name(), field.email(), field.company(), field.phone()]) {
      expect(required).toBeRequired();
    }
    expect(field.message()).not.toBeRequired();
    expect(field.message().tagName).toBe('TEXTAREA');
    // The column limits of consultation_requests.
    expect(field.phone()).toHaveAttribute('maxlength', '50');
    expect(field.message()).toHaveAttribute('maxlength', '5000');
  });

  it('can be completed with the keyboard alone; the tab order skips the honeypot', async () => {
    submitMock.mockResolvedValue({ ok: true });
    const { user } = renderForm();
    await user.tab();
    expect(field.name()).toHaveFocus();
    await user.keyboard('Grace');
    await user.tab();
    await user.keyboard('grace@example.com');
    await user.tab();
    await user.keyboard('Compilers Inc');
    await user.tab();
    await user.keyboard('0400 123 456');
    await user.tab();
    expect(field.message()).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: copy.privacyNotice.linkLabel })).toHaveFocus();
    await user.tab();
    expect(submitButton()).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: bookingForm.confirmationTitle })).toHaveFocus();
    expect(preloadLeadClient).toHaveBeenCalledTimes(1);
  });
});

describe('BookingForm: validation', () => {
  it('shows nothing before the first attempt, then marks and describes every missing field and focuses the first', async () => {
    const { user } = renderForm();
    await user.type(field.email(), 'grace');
    expect(field.email()).toHaveAttribute('aria-invalid', 'false');
    await user.click(submitButton());
    expect(field.name()).toHaveFocus();
    expect(field.name()).toHaveAccessibleDescription(copy.inputs.name.requiredMessage);
    expect(field.email()).toHaveAccessibleDescription(copy.inputs.email.invalidMessage);
    expect(field.company()).toHaveAccessibleDescription(copy.inputs.company.requiredMessage);
    expect(field.phone()).toHaveAccessibleDescription(copy.inputs.phone.requiredMessage);
    expect(field.message()).toHaveAttribute('aria-invalid', 'false');
    expect(submitMock).not.toHaveBeenCalled();
  });

  it('on an empty submit, marks every required field with its required message, leaves the message alone and focuses the name', async () => {
    const { user } = renderForm();
    for (const control of Object.values(field)) expect(control()).toHaveAttribute('aria-invalid', 'false');
    await user.click(submitButton());
    const expected: [HTMLElement, string][] = [
      [field.name(), copy.inputs.name.requiredMessage],
      [field.email(), copy.inputs.email.requiredMessage],
      [field.company(), copy.inputs.company.requiredMessage],
      [field.phone(), copy.inputs.phone.requiredMessage],
    ];
    for (const [control, message] of expected) {
      expect(control).toHaveAttribute('aria-invalid', 'true');
      expect(control).toHaveAccessibleDescription(message);
    }
    expect(field.message()).toHaveAttribute('aria-invalid', 'false');
    expect(field.name()).toHaveFocus();
    expect(submitMock).not.toHaveBeenCalled();
  });

  it('focuses the phone when it is the only thing missing', async () => {
    const { user } = renderForm();
    await fillValidForm(user);
    await user.clear(field.phone());
    await user.click(submitButton());
    expect(field.phone()).toHaveFocus();
    expect(field.phone()).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('BookingForm: submitting', () => {
  it('sends the exact trimmed lead, shows bookingForm.submittingLabel disabled, then the confirmation view', async () => {
    const pending = deferred();
    submitMock.mockReturnValue(pending.promise);
    const { user } = renderForm();
    await fillValidForm(user);
    await user.click(submitButton());

    expect(submitMock).toHaveBeenCalledTimes(1);
    expect(submitMock).toHaveBeenCalledWith(
      {
        name: 'Grace Hopper',
        email: 'grace@example.com',
        company: 'Compilers Inc',
        phone: '+61 400 123 456',
        message: 'AEST, mornings suit best',
      },
      'booking_form',
    );
    expect(screen.getByRole('button', { name: bookingForm.submittingLabel })).toBeDisabled();

    await act(async () => pending.resolve({ ok: true }));
    const heading = screen.getByRole('heading', { name: bookingForm.confirmationTitle });
    expect(heading).toHaveFocus();
    const confirmation = screen.getByRole('status');
    expect(confirmation).toHaveTextContent(CONFIRMATION_TEXT);
    expect(confirmation).toHaveTextContent(`within ${constants.responseTimeHours} hours`);
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('offers real times after the request is stored, booked under the address the request was sent with', async () => {
    submitMock.mockResolvedValue({ ok: true });
    const slot = { startsAt: '2026-11-25T22:00:00.000Z', endsAt: '2026-11-25T22:30:00.000Z' };
    jest.mocked(bookingApi.fetchSlots).mockResolvedValue({
      status: 'ok',
      slots: [slot],
      teamTimeZone: 'Australia/Sydney',
      callMinutes: 30,
    });
    jest.mocked(bookingApi.holdSlot).mockResolvedValue({ status: 'taken', alternatives: [] });
    const { user } = renderForm();
    await fillValidForm(user);
    await user.click(submitButton());
    await screen.findByRole('heading', { name: bookingCopy.picker.title });
    // The form is emptied on success; the time is still held for the request's own address.
    await user.click(await screen.findByRole('button', { name: /, Thursday 26 November|, Wednesday 25 November/ }));
    expect(bookingApi.holdSlot).toHaveBeenCalledWith('grace@example.com', slot.startsAt, expect.any(String));
  });

  it('once a time is booked, the confirmation speaks of the booked call, with its zone; Book Another Call starts afresh', async () => {
    submitMock.mockResolvedValue({ ok: true });
    const slot = { startsAt: '2026-11-29T22:00:00.000Z', endsAt: '2026-11-29T22:30:00.000Z' };
    const team = { teamTimeZone: 'Australia/Sydney', callMinutes: 30 };
    jest.mocked(bookingApi.fetchSlots).mockResolvedValue({ status: 'ok', slots: [slot], ...team });
    jest.mocked(bookingApi.holdSlot).mockResolvedValue({
      status: 'held',
      holdId: 'hold-1',
      ...slot,
      holdExpiresAt: '2026-11-25T00:10:00.000Z',
      ...team,
    });
    // Booked from New York: the confirmation says the visitor's day, time and zone.
    const zone = 'America/New_York';
    jest.mocked(bookingApi.confirmBooking).mockResolvedValue({
      status: 'booked',
      bookingId: 'b1',
      ...slot,
      visitorTimeZone: zone,
      manageToken: 'tok',
      ...team,
    });
    const onBooked = jest.fn();
    const user = userEvent.setup();
    render(<BookingForm copy={copy} bookingCopy={bookingCopy} contactEmail={EMAIL} onBooked={onBooked} />);
    await fillValidForm(user);
    await user.click(submitButton());
    // Before a time is booked: the specification's confirmation, exactly.
    const confirmation = screen.getByRole('status', { name: bookingForm.confirmationTitle });
    expect(within(confirmation).getByRole('heading')).toHaveTextContent(bookingForm.confirmationTitle);
    expect(within(confirmation).getByText(CONFIRMATION_TEXT)).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: /^\d{1,2}:\d\d\s[ap]m, / }));
    await user.click(await screen.findByRole('button', { name: bookingCopy.picker.confirmLabel }));
    await screen.findByRole('heading', { name: bookingCopy.booked.title });

    const booked = bookingCopy.booked.confirmation;
    const bookedText = fillTime(booked.text, slot.startsAt, zone, team.teamTimeZone);
    expect(confirmation).toHaveAccessibleName(booked.title);
    expect(within(confirmation).getByRole('heading')).toHaveTextContent(booked.title);
    expect(within(confirmation).getByText(bookedText)).toBeInTheDocument();
    expect(bookedText).toContain(zoneLabel(zone, slot.startsAt));
    // Nothing on the view speaks of a time still to be found.
    expect(document.body).not.toHaveTextContent(CONFIRMATION_TEXT);
    expect(document.body).not.toHaveTextContent(`within ${constants.responseTimeHours} hours`);
    expect(onBooked).toHaveBeenLastCalledWith(expect.objectContaining({ booked: expect.objectContaining(slot) }));
    const placeholders = '{day}, {time}, {zone}, {teamZone}';
    expect(onBooked.mock.lastCall![0].fill(placeholders)).toBe(
      fillTime(placeholders, slot.startsAt, zone, team.teamTimeZone),
    );

    // Another request starts with nothing booked, and its confirmation is the specification's again.
    await user.click(screen.getByRole('button', { name: bookingForm.resetLabel }));
    expect(onBooked).toHaveBeenLastCalledWith(undefined);
    await fillValidForm(user);
    await user.click(submitButton());
    expect(await screen.findByRole('heading', { name: bookingForm.confirmationTitle })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: bookingForm.confirmationTitle })).toHaveTextContent(CONFIRMATION_TEXT);
  });

  it('sends an empty message when none was given', async () => {
    submitMock.mockResolvedValue({ ok: true });
    const { user } = renderForm();
    await fillValidForm(user, '');
    await user.click(submitButton());
    expect(submitMock).toHaveBeenCalledWith(expect.objectContaining({ message: '' }), 'booking_form');
  });

  it('bookingForm.resetLabel returns to an empty form with focus on the first field', async () => {
    submitMock.mockResolvedValue({ ok: true });
    const { user } = renderForm();
    await fillValidForm(user);
    await user.click(submitButton());
    await user.click(await screen.findByRole('button', { name: bookingForm.resetLabel }));
    for (const control of Object.values(field)) expect(control()).toHaveValue('');
    expect(field.name()).toHaveFocus();
    expect(field.name()).toHaveAttribute('aria-invalid', 'false');
  });

  it.each<[string, LeadResult]>([
    ['rejected', { ok: false, reason: 'rejected', detail: 'HTTP 500' }],
    ['unreachable', { ok: false, reason: 'network' }],
    ['timed out', { ok: false, reason: 'timeout' }],
  ])('when the request is %s, keeps the form exactly and shows the e-mail fallback', async (_, result) => {
    submitMock.mockResolvedValue(result);
    const { user } = renderForm();
    await fillValidForm(user);
    await user.click(submitButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(FAILURE_TEXT);
    expect(alert).toHaveFocus();
    expect(within(alert).getByRole('link', { name: EMAIL })).toHaveAttribute('href', `mailto:${EMAIL}`);
    expectFieldsKept();
    expect(submitButton()).toBeEnabled();
    expect(screen.queryByRole('heading', { name: bookingForm.confirmationTitle })).toBeNull();
  });

  it('never submits twice while a request is in flight', async () => {
    const pending = deferred();
    submitMock.mockReturnValue(pending.promise);
    const { user } = renderForm();
    await fillValidForm(user);
    fireEvent.submit(screen.getByRole('form'));
    fireEvent.submit(screen.getByRole('form'));
    await user.click(screen.getByRole('button', { name: bookingForm.submittingLabel }));
    await user.type(field.phone(), '{Enter}'); // implicit submission from a field
    expect(submitMock).toHaveBeenCalledTimes(1);
    await act(async () => pending.resolve({ ok: true }));
  });

  it('sends a filled honeypot with the request (the database stores it held) and shows the confirmation', async () => {
    const trapSent: string[] = [];
    submitMock.mockImplementation(() => {
      trapSent.push(trapFieldValue());
      return Promise.resolve({ ok: true });
    });
    const { user, container } = renderForm();
    await fillValidForm(user);
    fireEvent.change(container.querySelector('input[name="website"]') as HTMLInputElement, {
      target: { value: 'buy-now.example' },
    });
    await user.click(submitButton());
    expect(await screen.findByRole('heading', { name: bookingForm.confirmationTitle })).toBeInTheDocument();
    expect(submitMock).toHaveBeenCalledTimes(1);
    expect(trapSent).toEqual(['buy-now.example']);
    // The trap is read from the page, so a value set by script without a change event is sent too.
    await user.click(screen.getByRole('button', { name: copy.confirmation.resetLabel }));
    await fillValidForm(user);
    (container.querySelector('input[name="website"]') as HTMLInputElement).value = 'set-by-script.example';
    await user.click(submitButton());
    await screen.findByRole('heading', { name: bookingForm.confirmationTitle });
    expect(trapSent).toEqual(['buy-now.example', 'set-by-script.example']);
  });

  it('sends an empty trap for a person', async () => {
    const trapSent: string[] = [];
    submitMock.mockImplementation(() => {
      trapSent.push(trapFieldValue());
      return Promise.resolve({ ok: true });
    });
    const { user } = renderForm();
    await fillValidForm(user);
    await user.click(submitButton());
    await screen.findByRole('heading', { name: bookingForm.confirmationTitle });
    expect(trapSent).toEqual(['']);
  });
});

describe('BookingForm: drafts', () => {
  it('restores every field after a reload, including after a failed submission', async () => {
    submitMock.mockResolvedValue({ ok: false, reason: 'network' });
    const { user, unmount } = renderForm();
    await fillValidForm(user);
    await user.click(submitButton());
    await screen.findByRole('alert');
    unmount();
    renderForm();
    expectFieldsKept();
  });

  it('forgets the draft once the call is requested', async () => {
    submitMock.mockResolvedValue({ ok: true });
    const { user, unmount } = renderForm();
    await fillValidForm(user);
    await user.click(submitButton());
    await screen.findByRole('heading', { name: bookingForm.confirmationTitle });
    unmount();
    renderForm();
    expect(field.name()).toHaveValue('');
    expect(sessionStorage.getItem('lead-form-draft:booking-form')).toBeNull();
  });
});
