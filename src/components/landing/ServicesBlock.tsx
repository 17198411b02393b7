import { graphql } from 'gatsby';
import { ServiceCards } from '../home/ServiceCards';
import type { SectionKey } from './section-key';

export const landingServicesFields = graphql`
  fragment LandingServicesFields on LandingServices {
    type
    title
    intro
    linkLabel
    services {
      slug
      title
      summary
      icon
    }
  }
`;

export type ServicesBlockProps = {
  title: string;
  intro: string;
  linkLabel: string;
  /** The services the page names, in its order. */
  services: readonly { slug: string; title: string; summary: string; icon: string }[];
};

export function ServicesBlock({ sectionKey, ...section }: ServicesBlockProps & SectionKey) {
  return <ServiceCards {...section} titleId={`${sectionKey}-title`} />;
}
