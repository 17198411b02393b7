import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import contactJson from '../../content/forms/contact-form.json';
import { ContactForm } from '../../src/features/forms/ContactForm';
import { contactFormCopy } from '../../src/features/forms/copy-schema';
import { contactForm, problemOptions } from '../fixtures/spec-texts';
import { preloadLeadClient, submitContactMessage, type LeadResult } from '../../src/lib/leads';
import { trapFieldValue } from '../../src/lib/trap-field';

jest.mock('../../src/lib/leads');

const copy = contactFormCopy.parse(contactJson);
const EMAIL = 'hello@brightlane.ai';
const FAILURE_TEXT = contactForm.failure.replace('{email}', EMAIL);
const SUCCESS_TEXT = contactForm.success;
const submitMock = jest.mocked(submitContactMessage);

function deferred() {
  let resolve!: (result: LeadResult) => void;
  const promise = new Promise<LeadResult>((done) => (resolve = done));
  return { promise, resolve };
}

function renderForm() {
  const user = userEvent.setup();
  const view = render(<ContactForm copy={copy} contactEmail={EMAIL} />);
  return { user, ...view };
}

const field = {
  name: () => screen.getByLabelText(copy.inputs.name.label),
  email: () => screen.getByLabelText(copy.inputs.email.label),
  company: () => screen.getByLabelText(copy.inputs.company.label),
  problem: () => screen.getByLabelText(copy.inputs.problem.label),
  details: () => screen.getByLabelText(copy.inputs.details.label),
};
const submitButton = () => screen.getByRole('button', { name: copy.submitLabel });

async function fillValidForm(user: ReturnType<typeof userEvent.setup>, details = '  We get 300 leads a month.  ') {
  await user.type(field.name(), '  Ada Lovelace ');
  await user.type(field.email(), ' ada@example.com ');
  await user.type(field.company(), ' Analytical Engines ');
  await user.selectOptions(field.problem(), problemOptions[0]);
  if (details) await user.type(field.details(), details);
}

beforeEach(() => {
  sessionStorage.clear();
  submitMock.mockReset();
  jest.mocked(preloadLeadClient).mockReset();
});

describe('ContactForm: the fields', () => {
  it('renders labelled fields with the right types, autocomplete tokens and required flags', () => {
    renderForm();
    expect(screen.getByRole('form', { name: copy.formLabel })).toHaveAttribute('novalidate');
    expect(field.name()).toHaveAttribute('type', 'text');
    expect(field.name()).toHaveAttribute('autocomplete', 'name');
    expect(field.email()).toHaveAttribute('type', 'email');
    expect(field.email()).toHaveAttribute('autocomplete', 'email');
    expect(field.company()).toHaveAttribute('autocomplete', 'organization');
    for (const required of [field.name(), field.email(), field.company(), field.problem()]) {
      expect(required).toBeRequired();
      expect(required).toHaveAttribute('aria-invalid', 'false');
    }
    expect(field.details()).not.toBeRequired();
    expect(field.details().tagName).toBe('TEXTAREA');
    expect(field.name()).toHaveAttribute('placeholder', copy.inputs.name.placeholder!);
    // The column limits of contact_messages, so an over-long entry cannot fail every retry.
    expect(field.name()).toHaveAttribute('maxlength', '200');
    expect(field.email()).toHaveAttribute('maxlength', '320');
    expect(field.company()).toHaveAttribute('maxlength', '200');
    expect(field.details()).toHaveAttribute('maxlength', '4800');
    expect(screen.getByText(copy.requiredNote)).toBeInTheDocument();
    expect(submitButton()).toBeEnabled();
  });

  it('offers exactly the six problems of the spec, in order, after an unselectable prompt', () => {
    renderForm();
    const options = within(field.problem()).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([copy.inputs.problem.placeholder, ...problemOptions]);
    expect(options[0]).toBeDisabled();
    expect(field.problem()).toHaveValue('');
  });

  it('has a honeypot that is hidden from people, out of the tab order and not autofilled', () => {
    const { container } = renderForm();
    const honeypot = container.querySelector('input[name="website"]');
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(honeypot?.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: copy.honeypotLabel })).toBeNull(); // not in the accessibility tree
  });

  it('starts loading the submission code on first interaction, once', async () => {
    const { user } = renderForm();
    expect(preloadLeadClient).not.toHaveBeenCalled();
    await user.click(field.name());
    await user.type(field.name(), 'A');
    await user.click(field.email());
    expect(preloadLeadClient).toHaveBeenCalledTimes(1);
  });

  it('prepares again for the next lead after a submission, and after a minute (a fresh challenge)', async () => {
    submitMock.mockResolvedValue({ ok: false, reason: 'network' });
    const { user } = renderForm();
    await fillValidForm(user);
    expect(preloadLeadClient).toHaveBeenCalledTimes(1);
    await user.click(submitButton());
    await screen.findByRole('alert');
    await user.type(field.details(), '!');
    expect(preloadLeadClient).toHaveBeenCalledTimes(2);
    const now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now + 61_000);
    await user.type(field.details(), '!');
    clock.mockRestore();
    expect(preloadLeadClient).toHaveBeenCalledTimes(3);
  });
});

describe('ContactForm: validation', () => {
  it('shows no error before the first submit attempt', async () => {
    const { user } = renderForm();
    await user.type(field.email(), 'not-an-email');
    await user.tab();
    expect(field.email()).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText(copy.inputs.email.invalidMessage)).toBeNull();
  });

  it('on an empty submit, marks every required field, describes the error and focuses the first', async () => {
    const { user } = renderForm();
    await user.click(submitButton());
    const expected: [HTMLElement, string][] = [
      [field.name(), copy.inputs.name.requiredMessage],
      [field.email(), copy.inputs.email.requiredMessage],
      [field.company(), copy.inputs.company.requiredMessage],
      [field.problem(), copy.inputs.problem.requiredMessage],
    ];
    for (const [control, message] of expected) {
      expect(control).toHaveAttribute('aria-invalid', 'true');
      expect(control).toHaveAccessibleDescription(message);
    }
    expect(field.details()).toHaveAttribute('aria-invalid', 'false');
    expect(field.name()).toHaveFocus();
    expect(submitMock).not.toHaveBeenCalled();
  });

  it('treats whitespace as empty and focuses the first invalid field in order', async () => {
    const { user } = renderForm();
    await user.type(field.name(), '   ');
    await user.type(field.email(), 'ada@example.com');
    await user.click(submitButton());
    expect(field.name()).toHaveFocus();
    expect(field.name()).toHaveAccessibleDescription(copy.inputs.name.requiredMessage);
  });

  it('rejects a malformed e-mail and updates errors live after the first attempt', async () => {
    const { user } = renderForm();
    await fillValidForm(user);
    await user.clear(field.email());
    await user.type(field.email(), 'ada@');
    await user.click(submitButton());
    expect(field.email()).toHaveFocus();
    expect(field.email()).toHaveAccessibleDescription(copy.inputs.email.invalidMessage);
    await user.type(field.email(), 'example.com');
    expect(field.email()).toHaveAttribute('aria-invalid', 'false');
    expect(field.email()).not.toHaveAttribute('aria-describedby');
    expect(submitMock).not.toHaveBeenCalled();
  });

  it("clears a field's error as the visitor types it right; the next submit focuses the next invalid field", async () => {
    const { user } = renderForm();
    await user.click(submitButton());
    expect(field.name()).toHaveFocus();
    await user.type(field.name(), 'Ada');
    expect(field.name()).toHaveAttribute('aria-invalid', 'false');
    expect(field.email()).toHaveAttribute('aria-invalid', 'true');
    await user.type(field.email(), 'not-an-email');
    await user.click(submitButton());
    expect(field.email()).toHaveFocus();
    expect(field.email()).toHaveAttribute('aria-invalid', 'true');
    expect(field.email()).toHaveAccessibleDescription(copy.inputs.email.invalidMessage);
    expect(submitMock).not.toHaveBeenCalled();
  });
});

describe('ContactForm: submitting', () => {
  it('sends the exact trimmed lead, disables the button as contactForm.submittingLabel and then shows the success banner', async () => {
    const pending = deferred();
    submitMock.mockReturnValue(pending.promise);
    const { user } = renderForm();
    await fillValidForm(user);
    await user.click(submitButton());

    expect(submitMock).toHaveBeenCalledTimes(1);
    expect(submitMock).toHaveBeenCalledWith({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      company: 'Analytical Engines',
      message: `Problem: ${problemOptions[0]}\n\nDetails: We get 300 leads a month.`,
    });
    const busy = screen.getByRole('button', { name: contactForm.submittingLabel });
    expect(busy).toBeDisabled();
    expect(screen.getByRole('form')).toHaveAttribute('aria-busy', 'true');

    await act(async () => pending.resolve({ ok: true }));
    const banner = screen.getByRole('status');
    expect(banner).toHaveTextContent(SUCCESS_TEXT);
    expect(banner).toHaveFocus();
    expect(screen.queryByRole('form')).toBeNull();
    expect(within(banner).getByRole('button', { name: contactForm.resetLabel })).toBeInTheDocument();
  });

  it('leaves the details out of the message when none were given', async () => {
    submitMock.mockResolvedValue({ ok: true });
    const { user } = renderForm();
    await fillValidForm(user, '');
    await user.click(submitButton());
    expect(submitMock).toHaveBeenCalledWith(expect.objectContaining({ message: `Problem: ${problemOptions[0]}` }));
  });

  it('sends "Problem: <option>" alone when the details are only spaces', async () => {
    submitMock.mockResolvedValue({ ok: true });
    const { user } = renderForm();
    await user.type(field.name(), 'Ada Lovelace');
    await user.type(field.email(), 'nodetails@example.com');
    await user.type(field.company(), 'Analytical Engines');
    await user.selectOptions(field.problem(), problemOptions[5]);
    await user.type(field.details(), '   ');
    await user.click(submitButton());
    expect(submitMock).toHaveBeenCalledWith({
      name: 'Ada Lovelace',
      email: 'nodetails@example.com',
      company: 'Analytical Engines',
      message: `Problem: ${problemOptions[5]}`,
    });
    expect(await screen.findByRole('status')).toHaveTextContent(SUCCESS_TEXT);
  });

  it('contactForm.resetLabel returns to an empty form with focus on the first field', async () => {
    submitMock.mockResolvedValue({ ok: true });
    const { user } = renderForm();
    await fillValidForm(user);
    await user.click(submitButton());
    await user.click(await screen.findByRole('button', { name: contactForm.resetLabel }));
    expect(field.name()).toHaveValue('');
    expect(field.email()).toHaveValue('');
    expect(field.company()).toHaveValue('');
    expect(field.problem()).toHaveValue('');
    expect(field.details()).toHaveValue('');
    expect(field.name()).toHaveFocus();
    expect(field.name()).toHaveAttribute('aria-invalid', 'false'); // a fresh form shows no errors
  });

  it.each<[string, LeadResult]>([
    ['rejected', { ok: false, reason: 'rejected', detail: '500' }],
    ['unreachable', { ok: false, reason: 'network' }],
    ['timed out', { ok: false, reason: 'timeout' }],
  ])('when the request is %s, shows the error banner with a mailto link and keeps every field', async (_, result) => {
    submitMock.mockResolvedValue(result);
    const { user } = renderForm();
    await fillValidForm(user);
    await user.click(submitButton());

    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(FAILURE_TEXT);
    expect(banner).toHaveFocus();
    expect(within(banner).getByRole('link', { name: EMAIL })).toHaveAttribute('href', `mailto:${EMAIL}`);
    expect(field.name()).toHaveValue('  Ada Lovelace ');
    expect(field.email()).toHaveValue('ada@example.com'); // browsers strip spaces from type=email
    expect(field.company()).toHaveValue(' Analytical Engines ');
    expect(field.problem()).toHaveValue(problemOptions[0]);
    expect(field.details()).toHaveValue('  We get 300 leads a month.  ');
    expect(submitButton()).toBeEnabled();
  });

  it('can be retried after a failure and then succeeds', async () => {
    submitMock.mockResolvedValueOnce({ ok: false, reason: 'network' }).mockResolvedValueOnce({ ok: true });
    const { user } = renderForm();
    await fillValidForm(user);
    await user.click(submitButton());
    await screen.findByRole('alert');
    await user.click(submitButton());
    expect(await screen.findByRole('status')).toHaveTextContent(SUCCESS_TEXT);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(submitMock).toHaveBeenCalledTimes(2);
  });

  it('never submits twice while a request is in flight', async () => {
    const pending = deferred();
    submitMock.mockReturnValue(pending.promise);
    const { user } = renderForm();
    await fillValidForm(user);
    const form = screen.getByRole('form');
    fireEvent.submit(form);
    fireEvent.submit(form);
    await user.click(screen.getByRole('button', { name: contactForm.submittingLabel }));
    await user.type(field.company(), '{Enter}');
    expect(submitMock).toHaveBeenCalledTimes(1);
    await act(async () => pending.resolve({ ok: true }));
  });

  it('sends a filled honeypot with the lead (the database stores it held) and acknowledges it as any other', async () => {
    const trapSent: string[] = [];
    submitMock.mockImplementation(() => {
      trapSent.push(trapFieldValue());
      return Promise.resolve({ ok: true });
    });
    const { user, container } = renderForm();
    await fillValidForm(user);
    fireEvent.change(container.querySelector('input[name="website"]') as HTMLInputElement, {
      target: { value: 'https://spam.example' },
    });
    await user.click(submitButton());
    expect(await screen.findByRole('status')).toHaveTextContent(SUCCESS_TEXT);
    expect(submitMock).toHaveBeenCalledTimes(1);
    expect(trapSent).toEqual(['https://spam.example']);
    expect(sessionStorage.getItem('lead-form-draft:contact-form')).toBeNull();
    // After the submission the trap is read outside it no more.
    expect(trapFieldValue()).toBe('');
  });
});

describe('ContactForm: drafts', () => {
  it('restores what was typed after a reload (remount)', async () => {
    const { user, unmount } = renderForm();
    await fillValidForm(user);
    unmount();
    renderForm();
    expect(field.name()).toHaveValue('  Ada Lovelace ');
    expect(field.email()).toHaveValue('ada@example.com'); // browsers strip spaces from type=email
    expect(field.company()).toHaveValue(' Analytical Engines ');
    expect(field.problem()).toHaveValue(problemOptions[0]);
    expect(field.details()).toHaveValue('  We get 300 leads a month.  ');
    expect(field.name()).toHaveAttribute('aria-invalid', 'false');
  });

  it('keeps the draft after a failure and drops it after success', async () => {
    submitMock.mockResolvedValueOnce({ ok: false, reason: 'timeout' }).mockResolvedValueOnce({ ok: true });
    const { user, unmount } = renderForm();
    await fillValidForm(user);
    await user.click(submitButton());
    await screen.findByRole('alert');
    unmount();

    const again = renderForm();
    expect(field.name()).toHaveValue('  Ada Lovelace ');
    await again.user.click(submitButton());
    await screen.findByRole('status');
    again.unmount();

    renderForm();
    expect(field.name()).toHaveValue('');
    expect(sessionStorage.getItem('lead-form-draft:contact-form')).toBeNull();
  });
});
