// The strategy-call form on /book. Success replaces it with a confirmation view. Failure keeps every
// field and, unlike the spec's silent failure, shows an error with the e-mail fallback (docs/forms.md). Once a
// time is booked below the confirmation, the confirmation speaks of the booked call (README, deviations).
import { lazy, Suspense, useCallback, useState } from 'react';
import type { BookedTime } from '../booking/BookingTimePicker';
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

export type BookingFormProps = {
  copy: BookingFormCopy;
  bookingCopy: BookingCopy;
  contactEmail: string;
  /** Told when a time is booked after the request, and (with nothing) when the visitor starts another request. */
  onBooked?: (time: BookedTime | undefined) => void;
};

// Picking a real time comes after the request is stored (a deviation from the specification, see README):
// its code loads only then.
const BookingTimePicker = lazy(() => import('../booking/BookingTimePicker'));

const submitBooking = (values: BookingFormValues) => submitConsultationRequest(toBookingLead(values), 'booking_form');

export function BookingForm({ copy, bookingCopy, contactEmail, onBooked }: BookingFormProps) {
  const validate = useCallback((values: BookingFormValues) => validateBookingForm(values, copy), [copy]);
  const form = useLeadForm({
    formId: 'booking-form',
    fields: bookingFields,
    emptyValues: emptyBookingForm,
    validate,
    submit: submitBooking,
  });
  const { inputs: fields } = copy;
  const [booked, setBooked] = useState<BookedTime>();
  const showBooked = (time: BookedTime | undefined) => {
    setBooked(time);
    onBooked?.(time);
  };

  if (form.status === 'succeeded') {
    // The specification's confirmation until a time is booked; then the booked call's.
    const confirmation = booked
      ? { title: bookingCopy.booked.confirmation.title, text: booked.fill(bookingCopy.booked.confirmation.text) }
      : copy.confirmation;
    return (
      <>
        <ConfirmationCard aria-labelledby="booking-form-confirmation" role="status">
          <h2 id="booking-form-confirmation" tabIndex={-1} ref={form.statusMessageRef}>
            {confirmation.title}
          </h2>
          <p>{confirmation.text}</p>
          <SecondaryButton
            type="button"
            onClick={() => {
              showBooked(undefined);
              form.reset();
            }}
          >
            {copy.confirmation.resetLabel}
          </SecondaryButton>
        </ConfirmationCard>
        <Suspense fallback={null}>
          <BookingTimePicker
            email={cleanLeadText(form.submitted?.email ?? '')}
            copy={bookingCopy}
            contactEmail={contactEmail}
            onBooked={showBooked}
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
