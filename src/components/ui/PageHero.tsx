import { graphql } from 'gatsby';
import styled from 'styled-components';
import { Container } from './Container';
import { Eyebrow } from './Section';
import { theme } from '../../styles/theme';

const Hero = styled.header`
  padding: clamp(3rem, 8vw, 5.5rem) 0 0;

  h1 {
    max-width: 48rem;
    font-size: ${theme.text.title};
  }

  p.intro {
    max-width: 44rem;
    color: ${theme.color.textMuted};
    font-size: ${theme.text.lead};
  }
`;

export const pageHeroFields = graphql`
  fragment PageHeroFields on PageHero {
    eyebrow
    title
    intro
  }
`;

/** The heading block at the top of an inner page. */
export function PageHero({ eyebrow, title, intro }: { eyebrow: string; title: string; intro: string }) {
  return (
    <Hero>
      <Container>
        <Eyebrow>{eyebrow}</Eyebrow>
        <h1>{title}</h1>
        <p className="intro">{intro}</p>
      </Container>
    </Hero>
  );
}
