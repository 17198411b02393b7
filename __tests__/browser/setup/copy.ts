// The copy the built pages show, read from content/ as the build reads it (checked, site figures filled in),
// so browser tests find elements by today's wording without repeating it. Texts the specification fixes come
// from __tests__/fixtures/spec-texts.ts.
import type { SiteSettings } from '../../../src/content-model/schemas';
import type { BookingFormCopy, ContactFormCopy } from '../../../src/features/forms/copy-schema';
import { builtChatScript } from '../../helpers/chat-script';
import { single } from '../../helpers/content-fixtures';

export const site = single<SiteSettings>('SiteJson');
export const CONTACT_EMAIL = site.email;
export const contactCopy = single<ContactFormCopy>('ContactFormJson');
export const bookingCopy = single<BookingFormCopy>('BookingFormJson');
/** The chat script with the contact address filled in, as the widget shows it. */
export const chatCopy = builtChatScript(CONTACT_EMAIL);
