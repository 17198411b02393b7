import { graphql } from 'gatsby';
import { CtaBand } from '../ui/CtaBand';
import type { SectionKey } from './section-key';

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
  }
`;

export type CtaBlockProps = { title: string; text: string; primaryCta: Queries.Link; secondaryCta?: Queries.Link };

/** The closing band of the other pages; a button to #form goes to the page's form. */
export function CtaBlock({ sectionKey, title, text, primaryCta, secondaryCta }: CtaBlockProps & SectionKey) {
  return (
    <CtaBand titleId={`${sectionKey}-title`} title={title} text={text} primary={primaryCta} secondary={secondaryCta} />
  );
}
