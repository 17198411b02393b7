import { graphql } from 'gatsby';
import { WhyChooseUs } from '../home/WhyChooseUs';
import type { DisplayImage } from '../ui/ResponsiveImage';
import type { SectionKey } from './section-key';

export const landingReasonsFields = graphql`
  fragment LandingReasonsFields on LandingReasons {
    type
    title
    intro
    reasons {
      title
      text
    }
    image {
      ...LargeImageFields
    }
  }
`;

export type ReasonsBlockProps = {
  title: string;
  intro: string;
  reasons: readonly { title: string; text: string }[];
  image?: DisplayImage;
};

/** Why-choose-us reasons as on the home page, with the page's own picture above them when it has one. */
export function ReasonsBlock({ sectionKey, ...section }: ReasonsBlockProps & SectionKey) {
  return <WhyChooseUs {...section} titleId={`${sectionKey}-title`} />;
}
