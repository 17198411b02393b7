// What both lead forms wrap around their fields: the form element, the failure banner with the e-mail
// fallback, the required-fields note, the hidden spam trap, the collection notice and the submit button.
import type { ReactNode } from 'react';
import type { BookingFormCopy, ContactFormCopy } from './copy-schema';
import { Honeypot } from './Honeypot';
import { StatusBanner } from './StatusBanner';
import { FieldGrid, FormCard, Note, PrivacyNote, SubmitButton } from './styles';
import { TextWithEmail } from './TextWithEmail';
import type { useLeadForm } from './useLeadForm';

type FormChrome = Pick<
  ContactFormCopy & BookingFormCopy,
  | 'formLabel'
  | 'requiredNote'
  | 'honeypotLabel'
  | 'submitLabel'
  | 'submittingLabel'
  | 'failureMessage'
  | 'privacyNotice'
>;

type Props = {
  form: Pick<ReturnType<typeof useLeadForm<string>>, 'formProps' | 'status' | 'statusMessageRef' | 'honeypot'>;
  copy: FormChrome;
  contactEmail: string;
  children: ReactNode;
};

export function LeadFormFrame({ form, copy, contactEmail, children }: Props) {
  const submitting = form.status === 'submitting';
  return (
    <FormCard aria-label={copy.formLabel} {...form.formProps}>
      {form.status === 'failed' && (
        <StatusBanner tone="error" ref={form.statusMessageRef}>
          <p>
            <TextWithEmail text={copy.failureMessage} email={contactEmail} />
          </p>
        </StatusBanner>
      )}
      <Note>{copy.requiredNote}</Note>
      <FieldGrid>{children}</FieldGrid>
      <Honeypot {...form.honeypot} label={copy.honeypotLabel} />
      <PrivacyNote copy={copy.privacyNotice} />
      <SubmitButton type="submit" disabled={submitting}>
        {submitting ? copy.submittingLabel : copy.submitLabel}
      </SubmitButton>
    </FormCard>
  );
}
