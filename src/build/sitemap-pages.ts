// Which built pages the sitemap lists (gatsby-plugin-sitemap's resolvePages): every page but a landing page kept
// out of search engines, which says so in its page context (gatsby-node's createLandingPages). Its template
// gives the same page its noindex from the same field.
export const SITEMAP_QUERY = `{ site { siteMetadata { siteUrl } } allSitePage { nodes { path pageContext } } }`;

export type SitemapPage = { path: string; pageContext?: { hideFromSearch?: boolean } | null };

export const searchablePages = ({ allSitePage }: { allSitePage: { nodes: SitemapPage[] } }): SitemapPage[] =>
  allSitePage.nodes.filter((page) => page.pageContext?.hideFromSearch !== true);
