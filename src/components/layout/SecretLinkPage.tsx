// A page opened from a link with a secret in its fragment (the visitor's change/cancel link, the host's outcome
// link, the digest's release link): a heading, then the page's body, whose code loads after the page shows so no
// other page's first load carries it. Kept out of search engines.
import { Suspense, type ReactNode } from 'react';
import styled from 'styled-components';
import { Seo } from '../seo/Seo';
import { Container } from '../ui/Container';
import { theme } from '../../styles/theme';

const Title = styled.h1`
  margin: clamp(2.5rem, 8vw, 5rem) 0 0;
  font-size: ${theme.text.title};
`;

type SecretLinkPageProps = {
  /** The heading's id: the body's sections are labelled by it. */
  titleId: string;
  title: string;
  /** Shown while the body's code loads. */
  loading: string;
  /** A lazily loaded body. */
  children: ReactNode;
};

export function SecretLinkPage({ titleId, title, loading, children }: SecretLinkPageProps) {
  return (
    <Container>
      <Title id={titleId}>{title}</Title>
      <Suspense fallback={<p>{loading}</p>}>{children}</Suspense>
    </Container>
  );
}

export function SecretLinkHead({ meta, pathname }: { meta: { title: string; description: string }; pathname: string }) {
  return (
    <Seo title={meta.title} description={meta.description} pathname={pathname}>
      <meta name="robots" content="noindex" />
    </Seo>
  );
}
