// Performs the chat's calendar calls (call-times.ts) with the booking functions' client. booking-api is imported on
// first use, so it is in no page's first load nor in the panel's code; it never throws, and a failure to load it
// is answered as a failed call.
import type { CalendarAnswer, CalendarCall } from './call-times';
import { visitorTimeZone } from './suggestions';

export type CalendarCalls = (call: CalendarCall) => Promise<CalendarAnswer>;

export const calendarThroughBookingApi: CalendarCalls = async (call) => {
  let api: typeof import('../booking/booking-api');
  try {
    api = await import('../booking/booking-api');
  } catch (error) {
    console.error('[chat] Could not load the booking client:', error);
    const failed = { status: 'failed' as const, detail: String(error) };
    // A failed search is answered before any zone is used.
    if (call.type === 'findTimes') return { type: 'findTimes', answer: failed, deviceZone: 'UTC' };
    return call.type === 'hold' ? { type: 'hold', answer: failed } : { type: 'confirm', answer: failed };
  }
  switch (call.type) {
    case 'findTimes':
      return { type: 'findTimes', answer: await api.fetchSlots(), deviceZone: visitorTimeZone() ?? 'UTC' };
    case 'hold':
      return { type: 'hold', answer: await api.holdSlot(call.email, call.startsAt, call.zone) };
    case 'confirm':
      return { type: 'confirm', answer: await api.confirmBooking(call.holdId, call.email) };
  }
};
