// Where a lead came from, without cookies or third parties: on the first page view of a visit the landing
// page, the referring site (its origin only) and the utm_* parameters are kept in sessionStorage, which the
// browser forgets when the tab closes. Nothing personal is kept. A lead adds the surface it was sent from
// and the page it was on, and the visit's id (src/insights/visit-id.ts) that joins it to the visit's counted
// events. Stored in the `attribution` column (supabase/migrations/*_lead_attribution.sql).
import { countingRefused } from '../insights/consent';
import { visitId } from '../insights/visit-id';
import { sessionStore } from './session-store';

export type LeadSurface = 'contact_form' | 'booking_form' | 'chat';

export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
type UtmKey = (typeof UTM_KEYS)[number];

export type VisitAttribution = { landing_page: string; referrer?: string } & Partial<Record<UtmKey, string>>;
export type LeadAttribution = VisitAttribution & { surface: LeadSurface; submitted_from: string; visit_id?: string };

export const ATTRIBUTION_STORAGE_KEY = 'brightlane.attribution.v1';
/** The database refuses longer values; a cut value still says where the lead came from. */
export const ATTRIBUTION_VALUE_MAX = 500;

type PageLocation = Pick<Location, 'pathname' | 'search' | 'origin'>;

const bounded = (value: string) => value.slice(0, ATTRIBUTION_VALUE_MAX);

/** Kept in memory too, so a browser that refuses sessionStorage still attributes leads within the page. */
let visit: VisitAttribution | undefined;

/** The origin of an external referrer; nothing for none, an unparsable one or this site itself. */
function referrerOrigin(referrer: string, ownOrigin: string): string | undefined {
  // Most visits have none; checked first because a thrown URL error costs ~10 ms on a phone, before hydration.
  if (!referrer) return undefined;
  try {
    const { origin } = new URL(referrer);
    return origin === 'null' || origin === ownOrigin ? undefined : origin;
  } catch {
    return undefined;
  }
}

export function describeVisit(location: PageLocation, referrer: string): VisitAttribution {
  const params = new URLSearchParams(location.search);
  const found: VisitAttribution = { landing_page: bounded(location.pathname + location.search) };
  const origin = referrerOrigin(referrer, location.origin);
  if (origin) found.referrer = bounded(origin);
  for (const key of UTM_KEYS) {
    const value = params.get(key)?.trim();
    if (value) found[key] = bounded(value);
  }
  return found;
}

function readStored(): VisitAttribution | undefined {
  try {
    const raw = sessionStore()?.getItem(ATTRIBUTION_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : undefined;
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const record = parsed as Record<string, unknown>;
    if (typeof record.landing_page !== 'string') return undefined;
    const stored: VisitAttribution = { landing_page: bounded(record.landing_page) };
    for (const key of ['referrer', ...UTM_KEYS] as const) {
      const value = record[key];
      if (typeof value === 'string' && value) stored[key] = bounded(value);
    }
    return stored;
  } catch {
    return undefined;
  }
}

/** Called on every page view: only the first of the visit is recorded. */
export function captureVisit(location: PageLocation = window.location, referrer = document.referrer): void {
  if (visit || (visit = readStored())) return;
  visit = describeVisit(location, referrer);
  try {
    sessionStore()?.setItem(ATTRIBUTION_STORAGE_KEY, JSON.stringify(visit));
  } catch {
    // Storage refused: the visit is remembered in memory for as long as the page lives.
  }
}

/** Where the visit came from: as recorded on its first page view, or this page when none was. */
export function visitAttribution(location: PageLocation = window.location): VisitAttribution {
  captureVisit(location);
  return visit ?? describeVisit(location, '');
}

/**
 * What is sent with a lead from `surface` on the current page. Under Do Not Track or Global Privacy Control no
 * visit is counted, so there is no visit id to join.
 */
export function leadAttribution(surface: LeadSurface, location: PageLocation = window.location): LeadAttribution {
  const attribution: LeadAttribution = {
    surface,
    ...visitAttribution(location),
    submitted_from: bounded(location.pathname),
  };
  const visit = countingRefused() ? '' : visitId();
  if (visit) attribution.visit_id = visit;
  return attribution;
}
