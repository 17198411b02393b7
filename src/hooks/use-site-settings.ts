import { graphql, useStaticQuery } from 'gatsby';

/** Brand, navigation and footer copy from content/site.json, for the shared layout. */
export function useSiteSettings(): Queries.SiteSettingsQuery['siteJson'] & { buildYear: string } {
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
  return { ...data.siteJson, buildYear: data.site?.buildTime ?? '' };
}
