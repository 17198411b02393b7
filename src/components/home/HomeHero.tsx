import styled from 'styled-components';
import { Container } from '../ui/Container';
import { ButtonLink } from '../ui/ButtonLink';
import { Eyebrow, GradientText } from '../ui/Section';
import { Picture, type DisplayImage } from '../ui/ResponsiveImage';
import { Illustration } from './WhyChooseUs';
import { theme } from '../../styles/theme';

export type HomeHeroProps = {
  eyebrow?: string;
  title: string;
  subtitle: string;
  primaryCta: Queries.Link;
  secondaryCta?: Queries.Link;
  highlights?: readonly string[];
  /** Below the buttons: the page's largest image, so it loads at once, never lazily. */
  image?: DisplayImage;
};

const Hero = styled.header`
  padding: clamp(3.5rem, 10vw, 7rem) 0 0;
  text-align: center;

  h1 {
    max-width: 56rem;
    margin: 0 auto 1.25rem;
    font-size: ${theme.text.display};
    letter-spacing: -0.035em;
  }
`;

const Subtitle = styled.p`
  max-width: 44rem;
  margin: 0 auto 2rem;
  color: ${theme.color.textMuted};
  font-size: ${theme.text.lead};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 0.75rem;
`;

const Highlights = styled.ul`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 0.5rem 1.5rem;
  margin: 2rem 0 0;
  padding: 0;
  list-style: none;
  color: ${theme.color.textMuted};
  font-size: ${theme.text.sm};

  li::before {
    content: '✓';
    margin-right: 0.45rem;
    color: ${theme.color.accent};
    font-weight: ${theme.weight.bold};
  }
`;

const HeroImage = styled(Illustration)`
  max-width: 60rem;
  margin: clamp(2.5rem, 6vw, 3.5rem) auto 0;
`;

export function HomeHero({
  eyebrow,
  title,
  subtitle,
  primaryCta,
  secondaryCta,
  highlights = [],
  image,
}: HomeHeroProps) {
  return (
    <Hero>
      <Container>
        {eyebrow && <Eyebrow>{eyebrow}</Eyebrow>}
        <h1>
          <GradientText>{title}</GradientText>
        </h1>
        <Subtitle>{subtitle}</Subtitle>
        <Actions>
          <ButtonLink to={primaryCta.to}>{primaryCta.label}</ButtonLink>
          {secondaryCta && (
            <ButtonLink to={secondaryCta.to} $variant="secondary">
              {secondaryCta.label}
            </ButtonLink>
          )}
        </Actions>
        {highlights.length > 0 && (
          <Highlights>
            {highlights.map((highlight) => (
              <li key={highlight}>{highlight}</li>
            ))}
          </Highlights>
        )}
        {image && (
          <HeroImage>
            <Picture image={image} loading="eager" />
          </HeroImage>
        )}
      </Container>
    </Hero>
  );
}
