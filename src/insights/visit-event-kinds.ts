// What a visit event is, in one place for the site, the database and the dashboard: the kinds the site counts
// and the bounds the database's write-only function accepts (public.record_visit_events).
export const VISIT_EVENT_KINDS = ['page_view', 'chat_opened', 'form_started'] as const;
export type VisitEventKind = (typeof VISIT_EVENT_KINDS)[number];

/** Events in one request; the site sends more as further requests. */
export const VISIT_EVENTS_PER_REQUEST_MAX = 20;
/** Characters of a text field (referrer host, utm_*, variant). */
export const VISIT_TEXT_MAX = 200;
/** Characters of a path (the page, the landing page). */
export const VISIT_PATH_MAX = 200;
