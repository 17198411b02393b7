import { graphql } from 'gatsby';
import { HomeHero } from '../home/HomeHero';
import type { DisplayImage } from '../ui/ResponsiveImage';
import { ExperimentSection } from '../../insights/experiments/ExperimentSection';
import type { WithExperiment } from '../../insights/experiments/versions';

// A variant's fields are queried as the hero's own (null where the variant keeps the original's).
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
    experiment {
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
    <ExperimentSection section={hero} render={({ text, ...version }) => <HomeHero {...version} subtitle={text} />} />
  );
}
