type Site = { readonly brandName: string; readonly siteUrl: string; readonly email: string; readonly tagline: string };

/** schema.org Organization data for search engines, from the site settings. */
export function organizationJsonLd(site: Site) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.brandName,
    url: site.siteUrl,
    email: site.email,
    description: site.tagline,
    logo: `${site.siteUrl.replace(/\/+$/, '')}/icons/icon-512x512.png`,
    contactPoint: { '@type': 'ContactPoint', contactType: 'sales', email: site.email },
  };
}
