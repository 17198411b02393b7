// The digest (supabase/functions/notify-leads, Deno) and the page agree without the site importing Deno code: the
// digest's release links open this page, and every reason the digest can name has words in the page's content.
import releaseLeadJson from '../../content/release-lead.json';
import { RELEASE_LEAD_PATH, LINK_ONLY_PATHS, pageRoutes } from '../../src/content-model/route-paths';
import { HOLD_REASONS, RELEASE_PAGE_PATH } from '../../supabase/functions/notify-leads/hold-reasons';

it('the digest links to the release page, a page of the site that only its secret link reaches', () => {
  expect(RELEASE_PAGE_PATH).toBe(RELEASE_LEAD_PATH);
  expect(pageRoutes).toContain(RELEASE_LEAD_PATH);
  expect(LINK_ONLY_PATHS).toContain(RELEASE_LEAD_PATH);
});

it('names every hold reason the digest knows in plain words', () => {
  expect(Object.keys(releaseLeadJson.reasons).sort()).toEqual(Object.keys(HOLD_REASONS).sort());
});
