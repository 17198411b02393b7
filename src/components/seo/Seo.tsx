import type { ReactNode } from 'react';
import { graphql, useStaticQuery } from 'gatsby';
import { colorValue } from '../../styles/theme';

export const pageMetaFields = graphql`
  fragment PageMetaFields on PageMeta {
    title
    description
  }
`;

type Props = { title: string; description: string; pathname: string; children?: ReactNode };

/** Head tags for one page (Gatsby Head API): title, description, canonical URL, Open Graph and Twitter cards. */
export function Seo({ title, description, pathname, children }: Props) {
  const { siteJson } = useStaticQuery<Queries.SeoSettingsQuery>(graphql`
    query SeoSettings {
      siteJson {
        siteUrl
        brandName
      }
    }
  `);
  const siteUrl = siteJson?.siteUrl.replace(/\/+$/, '') ?? '';
  const url = `${siteUrl}${pathname === '/' ? '/' : pathname.replace(/\/+$/, '')}`;
  const image = `${siteUrl}/og-image.png`;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      <meta name="theme-color" content={colorValue('background')} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={siteJson?.brandName} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={image} />
      <meta property="og:image:width" content="1200" />
      <meta property="og:image:height" content="630" />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image} />
      {children}
    </>
  );
}
