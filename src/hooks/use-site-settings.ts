import { graphql, useStaticQuery } from 'gatsby';

/** Brand, navigation and footer copy from content/site.json, for the shared layout. */
export function useSiteSettings(): NonNullable<Queries.SiteSettingsQuery['siteJson']> & { buildYear: string } {
  const data = useStaticQuery<Queries.SiteSettingsQuery>(graphql`
    query SiteSettings {
      site {
        buildTime(formatString: "YYYY")
      }
      siteJson {
        brandName
        tagline
        email
        skipLinkLabel
        menuLabel
        navigation {
          label
          to
        }
        navigationCta {
          label
          to
        }
        footer {
          blurb
          copyright
          columns {
            title
            links {
              label
              to
            }
          }
        }
      }
    }
  `);
  // The build year, not the visitor's clock, so server-rendered and hydrated footers always agree.
  // site.json always exists: the content check fails the build before any query runs without it.
  return { ...data.siteJson!, buildYear: data.site?.buildTime ?? '' };
}
