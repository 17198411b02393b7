// The iCalendar UID of a booked call, one form for every copy of the event: the invitations the notify-leads
// function e-mails (REQUEST, updates, CANCEL) and the "Add to calendar" file the site offers after booking, so a
// calendar that receives several keeps one event. Independent of the site's address, which may change (a new
// domain, a deploy preview) while a booking lives. Plain TypeScript: Deno (supabase/functions/_shared is the
// Supabase convention for code shared by functions) and the site's bundler both import it.
export const bookingUid = (bookingId: string): string => `booking-${bookingId}@strategy-call`;

/** Whether `uid` is a booked call's, as `bookingUid` makes them (any booking id). */
export const isBookingUid = (uid: string): boolean => /^booking-[0-9a-f-]{36}@strategy-call$/i.test(uid);
