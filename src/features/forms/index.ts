export { ContactForm, type ContactFormProps } from './ContactForm';
export { BookingForm, type BookingFormProps } from './BookingForm';
export { contactFormCopy, bookingFormCopy, type ContactFormCopy, type BookingFormCopy } from './copy-schema';
