// What a marketer may write in content/forms/*.json: every label, placeholder, option, button text and
// message of the two lead forms. Same conventions as src/content-model/schemas.ts (strict objects,
// plain types only) so the GraphQL types can be derived from these schemas too.
import { z } from 'zod';
import { collectionNotice } from '../../content-model/schemas';
import { text } from '../../content-model/zod-helpers';

/** A message that must offer the site's e-mail address; `{email}` becomes a mailto link. */
const messageWithEmail = (what: string) =>
  text(what).regex(/\{email\}/, `${what} must contain {email}, where the site's e-mail address is shown as a link`);

const optionalText = (what: string) => text(what).optional();

const requiredField = z
  .object({
    label: text('label'),
    placeholder: optionalText('placeholder'),
    requiredMessage: text('requiredMessage'),
  })
  .strict();

const emailField = z
  .object({
    label: text('label'),
    placeholder: optionalText('placeholder'),
    requiredMessage: text('requiredMessage'),
    invalidMessage: text('invalidMessage'),
  })
  .strict();

const optionalField = z
  .object({
    label: text('label'),
    placeholder: optionalText('placeholder'),
  })
  .strict();

const selectField = z
  .object({
    label: text('label'),
    placeholder: text('placeholder'),
    options: z.array(text('option')).min(1, 'options must be a list of at least one choice'),
    requiredMessage: text('requiredMessage'),
  })
  .strict();

/** Copy both forms share, in the order the files list it: before the inputs, after them, and the last message. */
const formOpening = {
  formLabel: text('formLabel'),
  requiredNote: text('requiredNote'),
};
const formClosing = {
  honeypotLabel: text('honeypotLabel'),
  /** Shown next to the submit button: what is collected and why, with a link to the privacy policy. */
  privacyNotice: collectionNotice,
  submitLabel: text('submitLabel'),
  submittingLabel: text('submittingLabel'),
};
const failureMessage = messageWithEmail('failureMessage');

export const contactFormCopy = z
  .object({
    ...formOpening,
    inputs: z
      .object({
        name: requiredField,
        email: emailField,
        company: requiredField,
        problem: selectField,
        details: optionalField,
      })
      .strict(),
    ...formClosing,
    success: z.object({ message: text('message'), resetLabel: text('resetLabel') }).strict(),
    failureMessage,
  })
  .strict();

export const bookingFormCopy = z
  .object({
    ...formOpening,
    inputs: z
      .object({
        name: requiredField,
        email: emailField,
        company: requiredField,
        phone: requiredField,
        message: optionalField,
      })
      .strict(),
    ...formClosing,
    confirmation: z.object({ title: text('title'), text: text('text'), resetLabel: text('resetLabel') }).strict(),
    failureMessage,
  })
  .strict();

export type ContactFormCopy = z.infer<typeof contactFormCopy>;
export type BookingFormCopy = z.infer<typeof bookingFormCopy>;
