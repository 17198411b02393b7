// One page view per page shown, from gatsby-browser's onRouteUpdate (the first page and each client-side
// navigation), with where the visit came from as src/lib/attribution.ts keeps it (the landing page with its
// query, the referrer's origin, the utm_* values): the database takes the landing page's path and the referrer's
// host from them and bounds every value, so this code stays small. As in Plausible, a route update to the page
// already counted (a hash link, a repeated update) is not another view. The team's own pages (the dashboard, a
// call's outcome, a held lead) are not counted: the team is not the site's audience, and its visits would swell the
// figures it reads. A page running an experiment names the version it shows (experiments/shown-variant.ts).
import { CALL_OUTCOME_PATH, RELEASE_LEAD_PATH, TEAM_PATHS } from '../content-model/route-paths';
import { visitAttribution } from '../lib/attribution';
import { countVisitEvent } from './count';
import { shownVariant } from './experiments/shown-variant';

const TEAM_PAGES = [...TEAM_PATHS, CALL_OUTCOME_PATH, RELEASE_LEAD_PATH];

let countedPath = '';

export function countPageView(): void {
  if (location.pathname == countedPath) return;
  countedPath = location.pathname;
  if (TEAM_PAGES.includes(location.pathname.replace(/\/+$/, ''))) return;
  const source = visitAttribution();
  const variant = shownVariant();
  // Object.assign, not spread (see count.ts), onto a new object: the attribution is the visit's own.
  countVisitEvent('page_view', variant ? Object.assign({ variant: variant }, source) : source);
}
