// The strategy-call form (/book) as data: its fields, its rules and the lead it becomes.
import type { ConsultationLead } from '../../lib/leads';
import type { BookingFormCopy } from './copy-schema';
import { emailError, isBlank, trimValues, type FieldErrors, type FormValues } from './validation';

export const bookingFields = ['name', 'email', 'company', 'phone', 'message'] as const;
export type BookingField = (typeof bookingFields)[number];
export type BookingFormValues = FormValues<BookingField>;

/** Character limits of the consultation_requests columns (supabase/migrations). */
export const bookingFieldLimits = { name: 200, email: 320, company: 200, phone: 50, message: 5000 } as const;

export const emptyBookingForm: BookingFormValues = { name: '', email: '', company: '', phone: '', message: '' };

export function validateBookingForm(values: BookingFormValues, copy: BookingFormCopy): FieldErrors<BookingField> {
  const { inputs: fields } = copy;
  const errors: FieldErrors<BookingField> = {};
  if (isBlank(values.name)) errors.name = fields.name.requiredMessage;
  const email = emailError(values.email, fields.email);
  if (email) errors.email = email;
  if (isBlank(values.company)) errors.company = fields.company.requiredMessage;
  if (isBlank(values.phone)) errors.phone = fields.phone.requiredMessage;
  return errors;
}

export function toBookingLead(values: BookingFormValues): ConsultationLead {
  return trimValues(values);
}
