// The booking views' copy as the site gets it: content/booking.json through its schema, with the site's
// placeholders filled as the build fills them.
import bookingJson from '../../content/booking.json';
import { bookingCopy as bookingCopySchema, type BookingCopy } from '../../src/features/booking/copy-schema';
import { fillSiteTokens, siteTokenValues } from '../../src/content-model/site-tokens';
import { mapStrings } from '../../src/lib/json-strings';
import site from '../../content/site.json';
import type { SiteSettings } from '../../src/content-model/schemas';

const tokens = siteTokenValues(site as SiteSettings);
export const bookingCopy: BookingCopy = mapStrings(bookingCopySchema.parse(bookingJson), (text) =>
  fillSiteTokens(text, tokens),
);

/** The booking functions answer with no free times (for tests of the forms, which are not about booking). */
export function answerWithNoTimes(api: typeof import('../../src/features/booking/booking-api')) {
  jest
    .mocked(api.fetchSlots)
    .mockResolvedValue({ status: 'ok', slots: [], teamTimeZone: 'Australia/Sydney', callMinutes: 30 });
}
