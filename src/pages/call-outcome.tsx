import { graphql, type HeadProps, type PageProps } from 'gatsby';
import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import { Seo } from '../components/seo/Seo';
import { Container } from '../components/ui/Container';
import type { CallOutcomeCopy } from '../features/call-outcome/copy-schema';
import { theme } from '../styles/theme';

const Title = styled.h1`
  margin: clamp(2.5rem, 8vw, 5rem) 0 0;
  font-size: ${theme.text.title};
`;

// The host's page works in the browser (the secret is in the link's fragment): its code loads after the page shows,
// so no other page's first load carries it.
const CallOutcome = lazy(() => import('../features/call-outcome/CallOutcome'));

export default function CallOutcomePage({ data }: PageProps<Queries.CallOutcomePageQuery>) {
  const copy = data.callOutcomeJson!.content as CallOutcomeCopy;
  return (
    <Container>
      <Title id="outcome-title">{copy.title}</Title>
      <Suspense fallback={<p>{copy.loading}</p>}>
        <CallOutcome copy={copy} contactEmail={data.siteJson!.email} />
      </Suspense>
    </Container>
  );
}

export function Head({ data, location }: HeadProps<Queries.CallOutcomePageQuery>) {
  const { meta } = data.callOutcomeJson!.content as CallOutcomeCopy;
  return (
    <Seo title={meta.title} description={meta.description} pathname={location.pathname}>
      <meta name="robots" content="noindex" />
    </Seo>
  );
}

export const query = graphql`
  query CallOutcomePage {
    callOutcomeJson {
      content
    }
    siteJson {
      email
    }
  }
`;
