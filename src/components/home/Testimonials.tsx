import { graphql } from 'gatsby';
import styled from 'styled-components';
import { Card, CardGrid } from '../ui/Section';
import { TitledSection } from '../ui/TitledSection';
import { StarRating } from '../ui/StarRating';
import { Picture, type DisplayImage } from '../ui/ResponsiveImage';
import { theme } from '../../styles/theme';

/** What a testimonial card shows (content/testimonials.json), on the home page and on landing pages. */
export const testimonialFields = graphql`
  fragment TestimonialFields on TestimonialsJson {
    quote
    name
    role
    company
    rating
    photo {
      ...PhotoImageFields
    }
  }
`;

type Testimonial = {
  readonly quote: string;
  readonly name: string;
  readonly role: string;
  readonly company: string;
  readonly rating: number;
  readonly photo?: DisplayImage;
};

const Quote = styled(Card).attrs({ as: 'figure' })`
  display: flex;
  flex-direction: column;
  margin: 0;

  blockquote {
    flex: 1;
    margin: 0 0 1.25rem;
    font-size: ${theme.text.base};
  }

  figcaption {
    color: ${theme.color.textMuted};
    font-size: ${theme.text.sm};
  }

  figcaption strong {
    display: block;
    color: ${theme.color.text};
  }
`;

// Only on testimonials with a photo: the photo beside the name.
const Person = styled.span`
  display: flex;
  align-items: center;
  gap: 0.75rem;
`;

const Photo = styled.span`
  flex: none;
  width: 3.5rem;
  height: 3.5rem;
  overflow: hidden;
  border-radius: ${theme.radius.pill};
  border: 1px solid ${theme.color.border};

  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

export function Testimonials({
  titleId = 'testimonials-title',
  title,
  intro,
  testimonials,
}: {
  /** The heading's id, which names the section: unique on the page. */
  titleId?: string;
  title: string;
  intro: string;
  testimonials: readonly Testimonial[];
}) {
  return (
    <TitledSection titleId={titleId} title={title} intro={intro}>
      <CardGrid $min="17rem">
        {testimonials.map((testimonial) => {
          const who = (
            <>
              <strong>{testimonial.name}</strong>
              {testimonial.role}, {testimonial.company}
            </>
          );
          return (
            <Quote key={testimonial.name}>
              <StarRating rating={testimonial.rating} />
              <blockquote>
                <p>“{testimonial.quote}”</p>
              </blockquote>
              <figcaption>
                {testimonial.photo ? (
                  <Person>
                    <Photo>
                      <Picture image={testimonial.photo} />
                    </Photo>
                    <span>{who}</span>
                  </Person>
                ) : (
                  who
                )}
              </figcaption>
            </Quote>
          );
        })}
      </CardGrid>
    </TitledSection>
  );
}
