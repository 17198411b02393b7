// Uploaded images (content/images, the Image type) as the components take them. Each fragment names the sizes
// gatsby-plugin-image makes for one use; `alt` is null for an image marked decorative.
import { graphql } from 'gatsby';
import type { DisplayImage } from './ResponsiveImage';

/** A picture as wide as the page's content (a hero, an illustration): 275 to 2,200 pixels wide, AVIF and WebP. */
export const largeImageFields = graphql`
  fragment LargeImageFields on Image {
    alt
    file {
      childImageSharp {
        gatsbyImageData(layout: CONSTRAINED, width: 1100, placeholder: NONE, formats: [AUTO, WEBP, AVIF], quality: 80)
      }
    }
  }
`;

/**
 * The picture at the top of a page, below the hero's buttons: usually the page's largest paint. Shown at most
 * 60rem (960 px) wide inside the page's padding, so a phone (about 380 px at 2-3x) takes the 720 or 960 px copy.
 */
export const heroImageFields = graphql`
  fragment HeroImageFields on Image {
    alt
    file {
      childImageSharp {
        gatsbyImageData(
          layout: CONSTRAINED
          width: 960
          outputPixelDensities: [0.25, 0.5, 0.75, 1, 1.5]
          sizes: "(min-width: 64rem) 60rem, calc(100vw - 2rem)"
          placeholder: NONE
          formats: [AUTO, WEBP, AVIF]
          quality: 80
        )
      }
    }
  }
`;

/** A person's photo beside their words: a 56-pixel square (and its double for sharp screens). */
export const photoImageFields = graphql`
  fragment PhotoImageFields on Image {
    alt
    file {
      childImageSharp {
        gatsbyImageData(
          layout: FIXED
          width: 56
          height: 56
          placeholder: NONE
          formats: [AUTO, WEBP, AVIF]
          quality: 80
        )
      }
    }
  }
`;

type QueriedImage =
  | {
      readonly alt: string | null;
      readonly file: { readonly childImageSharp: { readonly gatsbyImageData: DisplayImageData } | null };
    }
  | null
  | undefined;
type DisplayImageData = Extract<DisplayImage, { data: unknown }>['data'];

/** The processed image of a query result, with its alt (empty when decorative); nothing when there is none. */
export function queriedImage(image: QueriedImage): DisplayImage | undefined {
  return image?.file.childImageSharp
    ? { alt: image.alt ?? '', data: image.file.childImageSharp.gatsbyImageData }
    : undefined;
}
