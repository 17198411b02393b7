import { graphql } from 'gatsby';
import { Testimonials } from '../home/Testimonials';
import type { DisplayImage } from '../ui/ResponsiveImage';
import type { SectionKey } from './section-key';

export const landingTestimonialsFields = graphql`
  fragment LandingTestimonialsFields on LandingTestimonials {
    type
    title
    intro
    testimonials {
      ...TestimonialFields
    }
  }
`;

export type TestimonialsBlockProps = {
  title: string;
  intro: string;
  /** The testimonials the page names, in its order. */
  testimonials: readonly {
    quote: string;
    name: string;
    role: string;
    company: string;
    rating: number;
    photo?: DisplayImage;
  }[];
};

export function TestimonialsBlock({ sectionKey, ...section }: TestimonialsBlockProps & SectionKey) {
  return <Testimonials {...section} titleId={`${sectionKey}-title`} />;
}
