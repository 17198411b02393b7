import { graphql } from 'gatsby';
import { HomeHero } from '../home/HomeHero';
import type { DisplayImage } from '../ui/ResponsiveImage';
import { SectionVersions, type WithExperiment } from '../../insights/experiments/section-versions';

// A variant's fields are queried as the hero's own (null where the variant keeps the original's); the experiment only
// on a page that runs one ($withExperiment: src/build/page-templates.ts).
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
    experiment @include(if: $withExperiment) {
      id
      name
      startedAt
      variants {
        name
        share
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
    }
  }
`;

/** What the hero shows, and what a variant of it may change. */
export type HeroContent = {
  eyebrow?: string;
  title: string;
  text: string;
  primaryCta: Queries.Link;
  secondaryCta?: Queries.Link;
  image?: DisplayImage;
};

export type HeroBlockProps = WithExperiment<HeroContent>;

/** The page's top: its one h1, with the home page's look; its image is the page's largest, loaded at once. */
export function HeroBlock(hero: HeroBlockProps) {
  return (
    <SectionVersions section={hero} render={({ text, ...version }) => <HomeHero {...version} subtitle={text} />} />
  );
}
