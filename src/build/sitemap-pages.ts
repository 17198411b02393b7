// Which built pages the sitemap lists (gatsby-plugin-sitemap's resolvePages): every page but a landing page kept
// out of search engines, which says so in its page context (gatsby-node's createLandingPages; its template gives
// the same page its noindex from the same field), and the team's pages (TEAM_PATHS: the dashboard at /insights).
// The pages that work only from a secret link are left out by gatsby-config's `excludes`.
import { TEAM_PATHS } from '../content-model/route-paths';

export const SITEMAP_QUERY = `{ site { siteMetadata { siteUrl } } allSitePage { nodes { path pageContext } } }`;

export type SitemapPage = { path: string; pageContext?: { hideFromSearch?: boolean } | null };

export const searchablePages = ({ allSitePage }: { allSitePage: { nodes: SitemapPage[] } }): SitemapPage[] =>
  allSitePage.nodes.filter(
    (page) => page.pageContext?.hideFromSearch !== true && !TEAM_PATHS.includes(page.path.replace(/\/+$/, '')),
  );
