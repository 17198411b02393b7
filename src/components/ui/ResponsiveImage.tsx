import type { IGatsbyImageData } from 'gatsby-plugin-image';
import styled from 'styled-components';

const Img = styled.img`
  display: block;
  height: auto;
`;

/**
 * `lazy` (the default) for images below the fold; `eager` for the page's largest image at the top (the LCP
 * image), which the browser then fetches at once and first.
 */
export type ImageLoading = 'lazy' | 'eager';

// An eager image is decoded with the page's paint (no decoding="async"), which would let it show a frame later.
const loadingAttributes = (loading: ImageLoading) =>
  loading === 'eager'
    ? ({ loading: 'eager', fetchPriority: 'high' } as const)
    : ({ loading: 'lazy', decoding: 'async' } as const);

/**
 * An image processed by gatsby-plugin-image (sized variants per format) as plain, valid HTML: a <picture>
 * with one <source> per modern format and the fallback <img>, with its intrinsic size so nothing shifts.
 * Unlike <GatsbyImage>, it needs no JavaScript to appear.
 */
export function ResponsiveImage({
  image,
  alt,
  loading = 'lazy',
}: {
  image: IGatsbyImageData;
  alt: string;
  loading?: ImageLoading;
}) {
  const { sources = [], fallback } = image.images;
  return (
    <picture>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={source.sizes} />
      ))}
      <Img
        src={fallback?.src}
        srcSet={fallback?.srcSet}
        sizes={fallback?.sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        {...loadingAttributes(loading)}
      />
    </picture>
  );
}

/**
 * An image as the section components take it: processed on the site (`data`, from gatsby-plugin-image), or a
 * plain address in the editor's preview, where an upload has not been through the build yet. `alt` is empty
 * for a decorative image.
 */
export type DisplayImage = { alt: string } & ({ data: IGatsbyImageData } | { src: string });

/** A DisplayImage: the processed <picture>, or a plain <img> in the preview. */
export function Picture({ image, loading = 'lazy' }: { image: DisplayImage; loading?: ImageLoading }) {
  if ('data' in image) return <ResponsiveImage image={image.data} alt={image.alt} loading={loading} />;
  return <Img src={image.src} alt={image.alt} {...loadingAttributes(loading)} />;
}
