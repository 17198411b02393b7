import { graphql } from 'gatsby';
import { HomeHero } from '../home/HomeHero';
import type { DisplayImage } from '../ui/ResponsiveImage';

export const landingHeroFields = graphql`
  fragment LandingHeroFields on LandingHero {
    type
    eyebrow
    title
    text
    primaryCta {
      ...LinkFields
    }
    secondaryCta {
      ...LinkFields
    }
    image {
      ...HeroImageFields
    }
  }
`;

export type HeroBlockProps = {
  eyebrow?: string;
  title: string;
  text: string;
  primaryCta: Queries.Link;
  secondaryCta?: Queries.Link;
  image?: DisplayImage;
};

/** The page's top: its one h1, with the home page's look; its image is the page's largest, loaded at once. */
export function HeroBlock({ text, ...hero }: HeroBlockProps) {
  return <HomeHero {...hero} subtitle={text} />;
}
