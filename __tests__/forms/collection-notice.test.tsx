// Both forms say what they collect and why (Australian Privacy Principle 5) right before the submit button,
// with a link to the privacy policy.
import { render, screen } from '@testing-library/react';
import bookingJson from '../../content/forms/booking-form.json';
import contactJson from '../../content/forms/contact-form.json';
import { BookingForm } from '../../src/features/forms/BookingForm';
import { answerWithNoTimes, bookingCopy } from '../helpers/booking-copy';
import { ContactForm } from '../../src/features/forms/ContactForm';
import { bookingFormCopy, contactFormCopy } from '../../src/features/forms/copy-schema';

jest.mock('../../src/lib/leads');
jest.mock('../../src/features/booking/booking-api');
beforeEach(() => answerWithNoTimes(jest.requireMock('../../src/features/booking/booking-api')));

const booking = bookingFormCopy.parse(bookingJson);
const contact = contactFormCopy.parse(contactJson);

it.each([
  [
    '/book',
    booking,
    () => render(<BookingForm copy={booking} bookingCopy={bookingCopy} contactEmail="hello@brightlane.ai" />),
  ],
  ['/contact', contact, () => render(<ContactForm copy={contact} contactEmail="hello@brightlane.ai" />)],
])('the %s form shows its notice just before the submit button', (_route, copy, renderForm) => {
  renderForm();
  const link = screen.getByRole('link', { name: copy.privacyNotice.linkLabel });
  expect(link).toHaveAttribute('href', '/privacy-policy');
  const notice = link.closest('p')!;
  expect(notice).toHaveTextContent(`${copy.privacyNotice.text} ${copy.privacyNotice.linkLabel}`);
  expect(notice.nextElementSibling).toBe(screen.getByRole('button', { name: copy.submitLabel }));
});
