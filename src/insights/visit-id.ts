// The visit's id: random, one per tab, kept in sessionStorage (forgotten when the tab closes) or, where the
// browser refuses storage, in memory for the page. No cookie, no localStorage, nothing derived from the browser.
// Every page loads this module: it is written to stay small (no ?. or ??, which the browser targets lengthen).
import { sessionStore } from '../lib/session-store';

export const VISIT_ID_STORAGE_KEY = 'brightlane.visit.v1';

let id = '';

/**
 * The visit's random id (a version 4 UUID), or '' where the browser has no crypto.randomUUID (outside a secure
 * context, or a browser before 2022): such a visit is not counted.
 */
export function visitId(): string {
  try {
    // Where storage is refused, sessionStore() is undefined and reading it throws: the id stays in memory.
    id = id || sessionStore()!.getItem(VISIT_ID_STORAGE_KEY) || '';
    // A value that is not a UUID (edited by hand) is replaced: the database refuses a lead or an event without one.
    if (!/^[\da-f]{8}(-[\da-f]{4}){3}-[\da-f]{12}$/.test(id))
      sessionStore()!.setItem(VISIT_ID_STORAGE_KEY, (id = crypto.randomUUID()));
  } catch {
    if (!id && crypto.randomUUID) id = crypto.randomUUID();
  }
  return id;
}
