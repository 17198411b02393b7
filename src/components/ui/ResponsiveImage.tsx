import type { IGatsbyImageData } from 'gatsby-plugin-image';
import styled from 'styled-components';

const Img = styled.img`
  display: block;
  height: auto;
`;

/**
 * An image processed by gatsby-plugin-image (sized variants per format) as plain, valid HTML: a <picture>
 * with one <source> per modern format and the fallback <img>, loaded lazily by the browser, with its
 * intrinsic size so nothing shifts. Unlike <GatsbyImage>, it needs no JavaScript to appear.
 */
export function ResponsiveImage({ image, alt }: { image: IGatsbyImageData; alt: string }) {
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
        loading="lazy"
        decoding="async"
      />
    </picture>
  );
}
