import styled from 'styled-components';
import { Container } from '../ui/Container';
import { Card, CardGrid, Section, SectionHeader } from '../ui/Section';
import { StarRating } from '../ui/StarRating';
import { theme } from '../../styles/theme';

type Testimonial = {
  readonly quote: string;
  readonly name: string;
  readonly role: string;
  readonly company: string;
  readonly rating: number;
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

export function Testimonials({
  title,
  intro,
  testimonials,
}: {
  title: string;
  intro: string;
  testimonials: readonly Testimonial[];
}) {
  return (
    <Section aria-labelledby="testimonials-title">
      <Container>
        <SectionHeader>
          <h2 id="testimonials-title">{title}</h2>
          <p>{intro}</p>
        </SectionHeader>
        <CardGrid $min="17rem">
          {testimonials.map((testimonial) => (
            <Quote key={testimonial.name}>
              <StarRating rating={testimonial.rating} />
              <blockquote>
                <p>“{testimonial.quote}”</p>
              </blockquote>
              <figcaption>
                <strong>{testimonial.name}</strong>
                {testimonial.role}, {testimonial.company}
              </figcaption>
            </Quote>
          ))}
        </CardGrid>
      </Container>
    </Section>
  );
}
