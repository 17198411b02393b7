/**
 * @jest-environment node
 */
// Every case of the hostile-input corpus through both forms' own rules, without rendering: what each control
// holds after a paste (heldInControl), the form's validation, and the lead it hands to the submission module.
// A valid case becomes a lead holding the values trimmed; an invalid one gets a message from the form's copy
// for a field the case was pasted into. The rendered forms run a sample of the corpus (forms-hostile.test.tsx)
// and check that the controls hold what heldInControl says.
import bookingJson from '../../content/forms/booking-form.json';
import contactJson from '../../content/forms/contact-form.json';
import { bookingFieldLimits, toBookingLead, validateBookingForm } from '../../src/features/forms/booking-form-model';
import { contactFieldLimits, toContactLead, validateContactForm } from '../../src/features/forms/contact-form-model';
import { bookingFormCopy, contactFormCopy } from '../../src/features/forms/copy-schema';
import { problemOptions } from '../fixtures/spec-texts';
import { HOSTILE_INPUTS, caseLabel, type HostileCase } from '../fixtures/hostile-inputs';
import { heldInControl } from '../helpers/form-hold';

const contactCopy = contactFormCopy.parse(contactJson);
const bookingCopy = bookingFormCopy.parse(bookingJson);
const PROBLEM = problemOptions[0];
const VALID = 'Valid Value';
const VALID_EMAIL = 'valid@example.com';

type Target = 'text' | 'email';
type FormModel = {
  name: string;
  /** The text fields a 'text' case is pasted into (the required ones, then the optional one). */
  textFields: string[];
  /** The text fields that must not be blank. */
  required: string[];
  multiline: string;
  limits: Record<string, number>;
  fixed: Record<string, string>;
  validate(values: Record<string, string>): Record<string, string | undefined>;
  lead(values: Record<string, string>): Record<string, string>;
  expectedLead(held: Record<string, string>): Record<string, string>;
  messages: (string | undefined)[];
};

type FieldCopy = { label: string; requiredMessage?: string; invalidMessage?: string };
const messagesOf = (inputs: Record<string, FieldCopy>) =>
  Object.values(inputs).flatMap((input) => [input.requiredMessage, input.invalidMessage]);

const trimmed = (values: Record<string, string>) =>
  Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value.trim()]));

const forms: FormModel[] = [
  {
    name: '/contact',
    textFields: ['name', 'company', 'details'],
    required: ['name', 'company'],
    multiline: 'details',
    limits: contactFieldLimits,
    fixed: { problem: PROBLEM },
    validate: (values) => validateContactForm(values as never, contactCopy),
    lead: (values) => toContactLead(values as never) as Record<string, string>,
    expectedLead: (held) => {
      const details = held.details.trim();
      return {
        name: held.name.trim(),
        email: held.email.trim(),
        company: held.company.trim(),
        message: details ? `Problem: ${PROBLEM}\n\nDetails: ${details}` : `Problem: ${PROBLEM}`,
      };
    },
    messages: messagesOf(contactCopy.inputs),
  },
  {
    name: '/book',
    textFields: ['name', 'company', 'phone', 'message'],
    required: ['name', 'company', 'phone'],
    multiline: 'message',
    limits: bookingFieldLimits,
    fixed: {},
    validate: (values) => validateBookingForm(values as never, bookingCopy),
    lead: (values) => toBookingLead(values as never),
    expectedLead: (held) => trimmed(held),
    messages: messagesOf(bookingCopy.inputs),
  },
];

function held(form: FormModel, entry: HostileCase, target: Target): Record<string, string> {
  const values: Record<string, string> = { ...form.fixed };
  for (const field of [...form.textFields, 'email']) {
    const pasted = (field === 'email') === (target === 'email') ? entry.value : field === 'email' ? VALID_EMAIL : VALID;
    values[field] = heldInControl(pasted, { maxLength: form.limits[field], multiline: field === form.multiline });
  }
  return values;
}

const expectedOutcome = (entry: HostileCase, target: Target) =>
  target === 'email' ? entry.expected.forms.email : entry.expected.forms.required;

describe.each(forms)('$name form rules', (form) => {
  describe.each(['text', 'email'] as Target[])('a case in the %s field(s)', (target) => {
    it.each(HOSTILE_INPUTS.map((entry) => [caseLabel(entry), entry] as const))('%s', (_label, entry) => {
      const values = held(form, entry, target);
      const errors = Object.entries(form.validate(values)).filter(([, message]) => message);
      if (expectedOutcome(entry, target) === 'stored') {
        expect(errors).toEqual([]);
        expect(form.lead(values)).toEqual(form.expectedLead(values));
      } else {
        expect(errors.length).toBeGreaterThan(0);
        // Each field the case makes invalid says so, with a message from the form's copy, and no other does.
        const refusedIn = target === 'email' ? ['email'] : form.required;
        expect(errors.map(([field]) => field).sort()).toEqual([...refusedIn].sort());
        for (const [, message] of errors) expect(form.messages).toContain(message);
      }
    });
  });
});
