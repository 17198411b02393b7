// One page view per page shown, from gatsby-browser's onRouteUpdate (the first page and each client-side
// navigation), with where the visit came from as src/lib/attribution.ts keeps it (the landing page with its
// query, the referrer's origin, the utm_* values): the database takes the landing page's path and the referrer's
// host from them and bounds every value, so this code stays small. As in Plausible, a route update to the page
// already counted (a hash link, a repeated update) is not another view.
import { visitAttribution } from '../lib/attribution';
import { countVisitEvent } from './count';

let countedPath = '';

export function countPageView(): void {
  if (location.pathname == countedPath) return;
  countedPath = location.pathname;
  countVisitEvent('page_view', visitAttribution());
}
