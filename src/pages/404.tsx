import { graphql, type HeadProps, type PageProps } from 'gatsby';
import styled from 'styled-components';
import { Seo } from '../components/seo/Seo';
import { Container } from '../components/ui/Container';
import { ButtonLink } from '../components/ui/ButtonLink';
import { theme } from '../styles/theme';

const Wrapper = styled.div`
  padding: clamp(4rem, 12vw, 8rem) 0 0;
  text-align: center;

  h1 {
    font-size: ${theme.text.title};
  }

  p {
    max-width: 36rem;
    margin: 0 auto 2rem;
    color: ${theme.color.textMuted};
  }
`;

export default function NotFoundPage({ data }: PageProps<Queries.NotFoundPageQuery>) {
  const page = data.notFoundPageJson!;
  return (
    <Container>
      <Wrapper>
        <h1>{page.title}</h1>
        <p>{page.text}</p>
        <ButtonLink to={page.cta.to}>{page.cta.label}</ButtonLink>
      </Wrapper>
    </Container>
  );
}

export function Head({ data, location }: HeadProps<Queries.NotFoundPageQuery>) {
  const { meta } = data.notFoundPageJson!;
  return (
    <Seo {...meta} pathname={location.pathname}>
      <meta name="robots" content="noindex" />
    </Seo>
  );
}

export const query = graphql`
  query NotFoundPage {
    notFoundPageJson {
      meta {
        ...PageMetaFields
      }
      title
      text
      cta {
        ...LinkFields
      }
    }
  }
`;
