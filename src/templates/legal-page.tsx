import React, { type ReactNode } from 'react';
import { MDXProvider } from '@mdx-js/react';
import { graphql, type HeadProps, type PageProps } from 'gatsby';
import styled from 'styled-components';
import { Seo } from '../components/seo/Seo';
import { Container } from '../components/ui/Container';
import { Prose } from '../components/ui/Prose';
import { privacyValueComponents } from '../components/privacy/PrivacyValue';
import { theme } from '../styles/theme';

const Header = styled.header`
  padding: clamp(3rem, 8vw, 5rem) 0 1.5rem;

  h1 {
    font-size: ${theme.text.title};
  }
`;

const Updated = styled.p`
  color: ${theme.color.textMuted};
`;

type Props = PageProps<Queries.LegalPageQuery> & { children: ReactNode };

/** A legal page (privacy policy, terms) rendered from content/legal/*.mdx. */
export default function LegalPageTemplate({ data, children }: Props) {
  const page = data.legalPage!;
  return (
    <Container>
      <Header>
        <h1>{page.title}</h1>
        <Updated>
          {data.legalChromeJson!.lastUpdatedLabel}: <time dateTime={page.lastUpdated.iso}>{page.lastUpdated.text}</time>
        </Updated>
      </Header>
      <Prose>
        <MDXProvider components={privacyValueComponents(data.siteJson!.privacy)}>{children}</MDXProvider>
      </Prose>
    </Container>
  );
}

export function Head({ data, location }: HeadProps<Queries.LegalPageQuery>) {
  const page = data.legalPage!;
  return (
    <Seo
      title={`${page.title} | ${data.siteJson!.brandName}`}
      description={page.description}
      pathname={location.pathname}
    />
  );
}

export const query = graphql`
  query LegalPage($id: String!) {
    legalPage(id: { eq: $id }) {
      title
      description
      lastUpdated {
        iso
        text
      }
    }
    legalChromeJson {
      lastUpdatedLabel
    }
    siteJson {
      brandName
      privacy {
        storageRegion
        emailProvider
        retentionMonths
        visitEventDays
      }
    }
  }
`;
