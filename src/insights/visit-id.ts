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
    // A stored value is taken as it is: one edited by hand joins nothing (the database drops it from a lead and
    // refuses it in an event), and costs no lead.
    id = id || sessionStore()!.getItem(VISIT_ID_STORAGE_KEY) || '';
    if (!id) sessionStore()!.setItem(VISIT_ID_STORAGE_KEY, (id = crypto.randomUUID()));
  } catch {
    if (!id && crypto.randomUUID) id = crypto.randomUUID();
  }
  return id;
}
