// Route paths the site's own code links to or checks, free of Node modules so browser code may import them.

export const pageRoutes = [
  '/',
  '/services',
  '/pricing',
  '/contact',
  '/book',
  '/booking',
  '/call-outcome',
  '/release-lead',
  '/insights',
] as const;

/** The change/cancel page of a booked call (its link is in the confirmation e-mail); not for search engines. */
export const MANAGE_BOOKING_PATH = '/booking';

/** The host's "who turned up" page (its link is in the host's 1-hour reminder); not for search engines. */
export const CALL_OUTCOME_PATH = '/call-outcome';

/**
 * The team's page for one held lead (its link is in the hourly digest of held leads; the digest's side is
 * RELEASE_PAGE_PATH in supabase/functions/notify-leads/hold-reasons.ts); not for search engines.
 */
export const RELEASE_LEAD_PATH = '/release-lead';

/** Pages that work only from a secret link: noindex, out of the sitemap, never a link target in the copy. */
export const LINK_ONLY_PATHS: readonly string[] = [MANAGE_BOOKING_PATH, CALL_OUTCOME_PATH, RELEASE_LEAD_PATH];

/** The team's dashboard (issue 44): for signed-in team members; its code loads only there. */
export const INSIGHTS_PATH = '/insights';

/**
 * Pages for the team alone: noindex in the page (robots meta) and in the response (X-Robots-Tag, written by
 * src/build/security-headers.ts), out of the sitemap (src/build/sitemap-pages.ts), never a link target in the copy.
 */
export const TEAM_PATHS: readonly string[] = [INSIGHTS_PATH];

/** A landing page's own lead form, the target of its buttons' `#form` links. */
export const FORM_ANCHOR = '#form';

/** The privacy policy (content/legal, slug privacy-policy); every collection notice links to it. */
export const PRIVACY_POLICY_PATH = '/privacy-policy';

/** Addresses the build or the host uses for files, never free for a page or a short link. */
export const RESERVED_PATHS: readonly string[] = [
  '/admin',
  '/404',
  '/404.html',
  '/dev-404-page',
  '/icons',
  '/images',
  '/page-data',
  '/static',
  '/uploads',
  '/_gatsby',
  '/robots.txt',
  '/sitemap-index.xml',
  '/sitemap-0.xml',
  '/manifest.webmanifest',
  '/og-image.png',
];
