// The strategy-call form on /book. Success replaces it with a confirmation view. Failure keeps every
// field and, unlike the spec's silent failure, shows an error with the e-mail fallback (docs/forms.md).
import { lazy, Suspense, useCallback } from 'react';
import type { BookingCopy } from '../booking/copy-schema';
import { submitConsultationRequest } from '../../lib/leads';
import { cleanLeadText } from '../../lib/stored-text';
import {
  bookingFields,
  bookingFieldLimits,
  emptyBookingForm,
  toBookingLead,
  validateBookingForm,
  type BookingFormValues,
} from './booking-form-model';
import type { BookingFormCopy } from './copy-schema';
import { fieldText, TextAreaField, TextField } from './fields';
import { PersonFields } from './PersonFields';
import { LeadFormFrame } from './LeadFormFrame';
import { ConfirmationCard, SecondaryButton } from './styles';
import { useLeadForm } from './useLeadForm';

export type BookingFormProps = { copy: BookingFormCopy; bookingCopy: BookingCopy; contactEmail: string };

// Picking a real time comes after the request is stored (a deviation from the specification, see README):
// its code loads only then.
const BookingTimePicker = lazy(() => import('../booking/BookingTimePicker'));

const submitBooking = (values: BookingFormValues) => submitConsultationRequest(toBookingLead(values), 'booking_form');

export function BookingForm({ copy, bookingCopy, contactEmail }: BookingFormProps) {
  const validate = useCallback((values: BookingFormValues) => validateBookingForm(values, copy), [copy]);
  const form = useLeadForm({
    formId: 'booking-form',
    fields: bookingFields,
    emptyValues: emptyBookingForm,
    validate,
    submit: submitBooking,
  });
  const { inputs: fields } = copy;

  if (form.status === 'succeeded') {
    return (
      <>
        <ConfirmationCard aria-labelledby="booking-form-confirmation" role="status">
          <h2 id="booking-form-confirmation" tabIndex={-1} ref={form.statusMessageRef}>
            {copy.confirmation.title}
          </h2>
          <p>{copy.confirmation.text}</p>
          <SecondaryButton type="button" onClick={form.reset}>
            {copy.confirmation.resetLabel}
          </SecondaryButton>
        </ConfirmationCard>
        <Suspense fallback={null}>
          <BookingTimePicker
            email={cleanLeadText(form.submitted?.email ?? '')}
            copy={bookingCopy}
            contactEmail={contactEmail}
          />
        </Suspense>
      </>
    );
  }

  return (
    <LeadFormFrame form={form} copy={copy} contactEmail={contactEmail}>
      <PersonFields bind={form.bind} copy={fields} limits={bookingFieldLimits} />
      <TextField
        {...form.bind('phone')}
        {...fieldText(fields.phone)}
        maxLength={bookingFieldLimits.phone}
        type="tel"
        autoComplete="tel"
        required
      />
      <TextAreaField
        {...form.bind('message')}
        {...fieldText(fields.message)}
        maxLength={bookingFieldLimits.message}
        wide
      />
    </LeadFormFrame>
  );
}
