// The demo-request form on /contact. Success replaces the form with a banner; failure shows a banner
// above the fields, which keep everything typed.
import { useCallback, useMemo } from 'react';
import { submitContactMessage } from '../../lib/leads';
import {
  contactFields,
  contactFieldLimits,
  contactFormStart,
  toContactLead,
  validateContactForm,
  type ContactFormValues,
} from './contact-form-model';
import type { ContactFormCopy } from './copy-schema';
import { fieldText, SelectField, TextAreaField } from './fields';
import { PersonFields } from './PersonFields';
import { LeadFormFrame } from './LeadFormFrame';
import { StatusBanner } from './StatusBanner';
import { LinkButton } from './styles';
import { useLeadForm } from './useLeadForm';

export type ContactFormProps = {
  copy: ContactFormCopy;
  contactEmail: string;
  /** The problem chosen before the visitor starts (a landing page's); a draft or their own choice wins. */
  initialProblem?: string;
};

const submitContact = (values: ContactFormValues) => submitContactMessage(toContactLead(values));

export function ContactForm({ copy, contactEmail, initialProblem }: ContactFormProps) {
  const validate = useCallback((values: ContactFormValues) => validateContactForm(values, copy), [copy]);
  const emptyValues = useMemo(() => contactFormStart(initialProblem), [initialProblem]);
  const form = useLeadForm({
    formId: 'contact-form',
    fields: contactFields,
    emptyValues,
    validate,
    submit: submitContact,
  });
  const { inputs: fields } = copy;

  if (form.status === 'succeeded') {
    return (
      <StatusBanner tone="success" ref={form.statusMessageRef}>
        <p>{copy.success.message}</p>
        <LinkButton type="button" onClick={form.reset}>
          {copy.success.resetLabel}
        </LinkButton>
      </StatusBanner>
    );
  }

  return (
    <LeadFormFrame form={form} copy={copy} contactEmail={contactEmail}>
      <PersonFields bind={form.bind} copy={fields} limits={contactFieldLimits} wideCompany />
      <SelectField
        {...form.bind('problem')}
        label={fields.problem.label}
        placeholder={fields.problem.placeholder}
        options={fields.problem.options}
        required
        wide
      />
      <TextAreaField
        {...form.bind('details')}
        {...fieldText(fields.details)}
        maxLength={contactFieldLimits.details}
        wide
      />
    </LeadFormFrame>
  );
}
