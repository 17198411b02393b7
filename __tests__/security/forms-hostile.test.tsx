// The hostile-input corpus through both rendered lead forms: one case of each category (every case runs
// through the forms' rules in forms-hostile-model.test.ts), pasted into the text fields (all at once) and into
// the e-mail field. Each control holds what heldInControl says (the model test's premise); a valid case
// reaches the lead module exactly as the field holds it, trimmed; an invalid one gets a field message and
// keeps what was typed; nothing crashes, and markup never becomes elements.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import bookingJson from '../../content/forms/booking-form.json';
import contactJson from '../../content/forms/contact-form.json';
import { BookingForm } from '../../src/features/forms/BookingForm';
import { answerWithNoTimes, bookingCopy as timeCopy } from '../helpers/booking-copy';
import { ContactForm } from '../../src/features/forms/ContactForm';
import { bookingFormCopy, contactFormCopy } from '../../src/features/forms/copy-schema';
import { problemOptions } from '../fixtures/spec-texts';
import { submitConsultationRequest, submitContactMessage } from '../../src/lib/leads';
import { HOSTILE_INPUTS, caseLabel, type HostileCase } from '../fixtures/hostile-inputs';
import { heldInControl } from '../helpers/form-hold';

jest.mock('../../src/lib/leads');
jest.mock('../../src/features/booking/booking-api');
beforeEach(() => answerWithNoTimes(jest.requireMock('../../src/features/booking/booking-api')));

const EMAIL = 'hello@brightlane.ai';
const contactCopy = contactFormCopy.parse(contactJson);
const bookingCopy = bookingFormCopy.parse(bookingJson);
const bookingTimeCopy = timeCopy;
const PROBLEM = problemOptions[0];

type Target = 'text' | 'email';
type Inputs = Record<string, { label: string; requiredMessage?: string; invalidMessage?: string }>;
type FormSpec = {
  name: string;
  render(): void;
  submitLabel: string;
  inputs: Inputs;
  /** The text fields, by their name in the copy (the e-mail field is filled separately). */
  required: string[];
  optional: string;
  submitted: () => jest.Mock;
  prepare?: (user: ReturnType<typeof userEvent.setup>) => Promise<void>;
};

const forms: FormSpec[] = [
  {
    name: '/contact',
    render: () => render(<ContactForm copy={contactCopy} contactEmail={EMAIL} />),
    submitLabel: contactCopy.submitLabel,
    inputs: contactCopy.inputs,
    required: ['name', 'company'],
    optional: 'details',
    submitted: () => jest.mocked(submitContactMessage),
    prepare: async (user) => user.selectOptions(screen.getByLabelText(contactCopy.inputs.problem.label), PROBLEM),
  },
  {
    name: '/book',
    render: () => render(<BookingForm copy={bookingCopy} bookingCopy={bookingTimeCopy} contactEmail={EMAIL} />),
    submitLabel: bookingCopy.submitLabel,
    inputs: bookingCopy.inputs,
    required: ['name', 'company', 'phone'],
    optional: 'message',
    submitted: () => jest.mocked(submitConsultationRequest),
  },
];

/** The first case of each category of the corpus. */
const SAMPLE = HOSTILE_INPUTS.filter(
  (entry, index) => HOSTILE_INPUTS.findIndex((other) => other.category === entry.category) === index,
);

const VALID = 'Valid Value';
const VALID_EMAIL = 'valid@example.com';
const INJECTED = 'script, iframe, object, embed, [onerror], [onload], [srcdoc], img[src="x"], style:not([data-styled])';

beforeEach(() => {
  sessionStorage.clear();
  jest.mocked(submitContactMessage).mockReset().mockResolvedValue({ ok: true });
  jest.mocked(submitConsultationRequest).mockReset().mockResolvedValue({ ok: true });
});

async function paste(user: ReturnType<typeof userEvent.setup>, label: string, value: string) {
  const control = screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;
  await user.click(control);
  if (value) await user.paste(value);
  return control;
}

async function run(form: FormSpec, entry: HostileCase, target: Target) {
  const user = userEvent.setup();
  form.render();
  const svgBefore = document.querySelectorAll('svg').length;
  await form.prepare?.(user);
  const label = (field: string) => form.inputs[field].label;
  const textFields = [...form.required, form.optional];
  for (const field of textFields) await paste(user, label(field), target === 'text' ? entry.value : VALID);
  await paste(user, label('email'), target === 'email' ? entry.value : VALID_EMAIL);
  const held: Record<string, string> = {};
  for (const field of [...textFields, 'email']) {
    const control = screen.getByLabelText(label(field)) as HTMLInputElement | HTMLTextAreaElement;
    held[field] = control.value;
    const pasted = (field === 'email') === (target === 'email') ? entry.value : field === 'email' ? VALID_EMAIL : VALID;
    const multiline = control instanceof HTMLTextAreaElement;
    expect(control.value).toBe(heldInControl(pasted, { maxLength: control.maxLength, multiline }));
  }
  fireEvent.click(screen.getByRole('button', { name: form.submitLabel }));
  // The form has answered: stored (its status) or refused (a field marked invalid, or an alert). Waiting on this,
  // not on a text that a refusal may not show (a wait that then ran to its bound and was ignored: 15 s a case).
  await waitFor(() =>
    expect(document.querySelector('[role="alert"], [role="status"], [aria-invalid="true"]')).not.toBeNull(),
  );
  return { held, svgBefore };
}

function expectedOutcome(entry: HostileCase, target: Target) {
  return target === 'email' ? entry.expected.forms.email : entry.expected.forms.required;
}

describe.each(forms)('$name form', (form) => {
  describe.each(['text', 'email'] as Target[])('a case in the %s field(s)', (target) => {
    it.each(SAMPLE.map((entry) => [caseLabel(entry), entry] as const))('%s', async (_label, entry) => {
      const { held, svgBefore } = await run(form, entry, target);
      const submit = form.submitted();
      const outcome = expectedOutcome(entry, target);

      if (outcome === 'stored') {
        await screen.findByRole('status');
        expect(submit).toHaveBeenCalledTimes(1);
        const lead = submit.mock.calls[0][0] as Record<string, string>;
        expect(lead.name).toBe(held.name.trim());
        expect(lead.company).toBe(held.company.trim());
        expect(lead.email).toBe(held.email.trim());
        if (form.name === '/book') {
          expect(lead.phone).toBe(held.phone.trim());
          expect(lead.message).toBe(held.message.trim());
        } else {
          const details = held.details.trim();
          expect(lead.message).toBe(details ? `Problem: ${PROBLEM}\n\nDetails: ${details}` : `Problem: ${PROBLEM}`);
        }
        // What was held is what was typed, cut only at the field's limit (and, in one-line inputs, without
        // the line breaks the browser removes).
        if (target === 'text') {
          const typed = entry.value.replace(/[\r\n]/g, '');
          expect(typed.startsWith(held.name)).toBe(true);
        }
      } else {
        expect(submit).not.toHaveBeenCalled();
        const invalid = screen
          .getAllByRole('textbox')
          .filter((control) => control.getAttribute('aria-invalid') === 'true');
        expect(invalid.length).toBeGreaterThan(0);
        for (const control of invalid) {
          const messageId = control.getAttribute('aria-describedby')!.split(' ')[0];
          const messages = Object.values(form.inputs).flatMap((input) => [input.requiredMessage, input.invalidMessage]);
          expect(messages).toContain(document.getElementById(messageId)?.textContent);
        }
        // Nothing the visitor typed is lost.
        for (const [field, value] of Object.entries(held)) {
          expect((screen.getByLabelText(form.inputs[field].label) as HTMLInputElement).value).toBe(value);
        }
      }
      // Markup stays text: no element was created from it, whatever the outcome.
      expect(document.querySelectorAll(INJECTED)).toHaveLength(0);
      expect(document.querySelectorAll('svg')).toHaveLength(svgBefore);
    });
  });
});

it('shows markup typed into a field as the field value, never as elements', async () => {
  const user = userEvent.setup();
  render(<BookingForm copy={bookingCopy} bookingCopy={bookingTimeCopy} contactEmail={EMAIL} />);
  const payload = '<img src=x onerror=alert(1)><svg onload=alert(1)>';
  await paste(user, bookingCopy.inputs.name.label, payload);
  fireEvent.click(screen.getByRole('button', { name: bookingCopy.submitLabel }));
  const form = screen.getByRole('form', { name: bookingCopy.formLabel });
  expect(within(form).getByLabelText(bookingCopy.inputs.name.label)).toHaveValue(payload);
  expect(form.querySelectorAll('img, svg[onload]')).toHaveLength(0);
});
