import { graphql } from 'gatsby';
import { CtaBand } from '../ui/CtaBand';
import { SectionVersions, versionKey, type WithExperiment } from '../../insights/experiments/section-versions';
import type { SectionKey } from './section-key';

// A variant's fields are queried as the block's own (null where the variant keeps the original's); the experiment only
// on a page that runs one ($withExperiment: src/build/page-templates.ts).
export const landingCtaFields = graphql`
  fragment LandingCtaFields on LandingCta {
    type
    title
    text
    primaryCta {
      ...LinkFields
    }
    secondaryCta {
      ...LinkFields
    }
    experiment @include(if: $withExperiment) {
      id
      name
      startedAt
      variants {
        name
        share
        title
        text
        primaryCta {
          ...LinkFields
        }
        secondaryCta {
          ...LinkFields
        }
      }
    }
  }
`;

/** What the band shows, and what a variant of it may change. */
export type CtaContent = { title: string; text: string; primaryCta: Queries.Link; secondaryCta?: Queries.Link };

export type CtaBlockProps = WithExperiment<CtaContent>;

/** The closing band of the other pages; a button to #form goes to the page's form. */
export function CtaBlock({ sectionKey, ...cta }: CtaBlockProps & SectionKey) {
  return (
    <SectionVersions
      section={cta}
      render={({ title, text, primaryCta, secondaryCta }, index) => (
        <CtaBand
          titleId={`${versionKey(sectionKey, index)}-title`}
          title={title}
          text={text}
          primary={primaryCta}
          secondary={secondaryCta}
        />
      )}
    />
  );
}
