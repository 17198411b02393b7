// The demo-request form (/contact) as data: its fields, its rules and the lead it becomes.
import type { ContactLead } from '../../lib/leads';
import type { ContactFormCopy } from './copy-schema';
import { emailError, isBlank, trimValues, type FieldErrors, type FormValues } from './validation';

export const contactFields = ['name', 'email', 'company', 'problem', 'details'] as const;
export type ContactField = (typeof contactFields)[number];
export type ContactFormValues = FormValues<ContactField>;

/**
 * Character limits of the contact_messages columns (supabase/migrations). Details share the 5000-character
 * message column with the "Problem: …" prefix, hence the margin.
 */
export const contactFieldLimits = { name: 200, email: 320, company: 200, details: 4800 } as const;

export const emptyContactForm: ContactFormValues = { name: '', email: '', company: '', problem: '', details: '' };

/**
 * What the form starts with: empty, or on a landing page with the answer to "what would you like to automate?"
 * already chosen (the content check keeps it one of the options).
 */
export const contactFormStart = (problem?: string): ContactFormValues =>
  problem ? { ...emptyContactForm, problem } : emptyContactForm;

export function validateContactForm(values: ContactFormValues, copy: ContactFormCopy): FieldErrors<ContactField> {
  const { inputs: fields } = copy;
  const errors: FieldErrors<ContactField> = {};
  if (isBlank(values.name)) errors.name = fields.name.requiredMessage;
  const email = emailError(values.email, fields.email);
  if (email) errors.email = email;
  if (isBlank(values.company)) errors.company = fields.company.requiredMessage;
  // A restored draft may name an option the content no longer offers.
  if (!fields.problem.options.includes(values.problem)) errors.problem = fields.problem.requiredMessage;
  return errors;
}

/**
 * The stored `message` of a contact message: "Problem: <option>", then a blank line and
 * "Details: <text>" when details were given. Documented in docs/forms.md; people read these rows.
 */
export function composeContactMessage(problem: string, details: string): string {
  const chosen = `Problem: ${problem.trim()}`;
  const extra = details.trim();
  return extra ? `${chosen}\n\nDetails: ${extra}` : chosen;
}

export function toContactLead(values: ContactFormValues): ContactLead {
  const { name, email, company, problem, details } = trimValues(values);
  return { name, email, company, message: composeContactMessage(problem, details) };
}
