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
