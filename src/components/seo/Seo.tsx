import type { ReactNode } from 'react';
import { graphql, useStaticQuery } from 'gatsby';
import { colorValue } from '../../styles/theme';

// The page's social image, cropped to the 1200 × 630 the big platforms show (centred).
export const pageMetaFields = graphql`
  fragment PageMetaFields on PageMeta {
    title
    description
    image {
      alt
      file {
        childImageSharp {
          resize(width: 1200, height: 630, cropFocus: CENTER, fit: COVER, toFormat: JPG, quality: 82) {
            src
            width
            height
          }
        }
      }
    }
  }
`;

/** A page's own picture for shared links, as PageMetaFields queries it; `alt` is null when it is decorative. */
export type SocialImage = Queries.PageMetaFieldsFragment['image'];

type Props = {
  title: string;
  description: string;
  /** The page's own social image; the site's /og-image.png when there is none. */
  image?: SocialImage;
  pathname: string;
  children?: ReactNode;
};

/** The site's own image for shared links (static/og-image.png). */
const SITE_IMAGE = { src: '/og-image.png', width: 1200, height: 630, alt: undefined };

function socialImage(image: SocialImage | undefined) {
  const resized = image?.file.childImageSharp?.resize;
  if (!resized?.src || !resized.width || !resized.height) return SITE_IMAGE;
  return { src: resized.src, width: resized.width, height: resized.height, alt: image?.alt ?? undefined };
}

/** Head tags for one page (Gatsby Head API): title, description, canonical URL, Open Graph and Twitter cards. */
export function Seo({ title, description, image: pageImage, pathname, children }: Props) {
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
  const shared = socialImage(pageImage);
  const image = `${siteUrl}${shared.src}`;
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
      <meta property="og:image:width" content={String(shared.width)} />
      <meta property="og:image:height" content={String(shared.height)} />
      {shared.alt && <meta property="og:image:alt" content={shared.alt} />}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image} />
      {shared.alt && <meta name="twitter:image:alt" content={shared.alt} />}
      {children}
    </>
  );
}
