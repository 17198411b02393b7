import { graphql, type HeadProps, type PageProps } from 'gatsby';
import { lazy } from 'react';
import { SecretLinkHead, SecretLinkPage } from '../components/layout/SecretLinkPage';
import type { ReleaseLeadCopy } from '../features/release-lead/copy-schema';

// The team's page works in the browser (the secret is in the link's fragment).
const ReleaseLead = lazy(() => import('../features/release-lead/ReleaseLead'));

export default function ReleaseLeadPage({ data }: PageProps<Queries.ReleaseLeadPageQuery>) {
  const copy = data.releaseLeadJson!.content as ReleaseLeadCopy;
  return (
    <SecretLinkPage titleId="release-title" title={copy.title} loading={copy.loading}>
      <ReleaseLead copy={copy} contactEmail={data.siteJson!.email} />
    </SecretLinkPage>
  );
}

export function Head({ data, location }: HeadProps<Queries.ReleaseLeadPageQuery>) {
  const { meta } = data.releaseLeadJson!.content as ReleaseLeadCopy;
  return <SecretLinkHead meta={meta} pathname={location.pathname} />;
}

export const query = graphql`
  query ReleaseLeadPage {
    releaseLeadJson {
      content
    }
    siteJson {
      email
    }
  }
`;
