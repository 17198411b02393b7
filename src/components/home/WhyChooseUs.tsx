import type { IGatsbyImageData } from 'gatsby-plugin-image';
import styled from 'styled-components';
import { Container } from '../ui/Container';
import { Card, CardGrid, Section, SectionHeader } from '../ui/Section';
import { ResponsiveImage } from '../ui/ResponsiveImage';
import { theme } from '../../styles/theme';

type Props = {
  title: string;
  intro: string;
  image: IGatsbyImageData;
  imageAlt: string;
  reasons: readonly { readonly title: string; readonly text: string }[];
};

const Illustration = styled.figure`
  margin: 0 0 1.5rem;
  overflow: hidden;
  border-radius: ${theme.radius.large};
  border: 1px solid ${theme.color.border};
  box-shadow: 0 30px 80px -40px rgba(139, 92, 246, 0.7);
`;

const Reason = styled(Card)`
  h3 {
    font-size: ${theme.text.lg};
  }

  p {
    margin: 0;
    color: ${theme.color.textMuted};
  }
`;

const Number = styled.span`
  display: block;
  margin-bottom: 0.75rem;
  font-weight: ${theme.weight.bold};
  font-size: ${theme.text.sm};
  color: ${theme.color.accent};
`;

export function WhyChooseUs({ title, intro, image, imageAlt, reasons }: Props) {
  return (
    <Section aria-labelledby="why-title">
      <Container>
        <SectionHeader>
          <h2 id="why-title">{title}</h2>
          <p>{intro}</p>
        </SectionHeader>
        <Illustration>
          <ResponsiveImage image={image} alt={imageAlt} />
        </Illustration>
        <CardGrid $min="14rem">
          {reasons.map((reason, index) => (
            <Reason key={reason.title}>
              <Number aria-hidden="true">{String(index + 1).padStart(2, '0')}</Number>
              <h3>{reason.title}</h3>
              <p>{reason.text}</p>
            </Reason>
          ))}
        </CardGrid>
      </Container>
    </Section>
  );
}
