import { graphql, type HeadProps, type PageProps } from 'gatsby';
import { lazy } from 'react';
import { SecretLinkHead, SecretLinkPage } from '../components/layout/SecretLinkPage';
import type { CallOutcomeCopy } from '../features/call-outcome/copy-schema';

// The host's page works in the browser (the secret is in the link's fragment).
const CallOutcome = lazy(() => import('../features/call-outcome/CallOutcome'));

export default function CallOutcomePage({ data }: PageProps<Queries.CallOutcomePageQuery>) {
  const copy = data.callOutcomeJson!.content as CallOutcomeCopy;
  return (
    <SecretLinkPage titleId="outcome-title" title={copy.title} loading={copy.loading}>
      <CallOutcome copy={copy} contactEmail={data.siteJson!.email} />
    </SecretLinkPage>
  );
}

export function Head({ data, location }: HeadProps<Queries.CallOutcomePageQuery>) {
  const { meta } = data.callOutcomeJson!.content as CallOutcomeCopy;
  return <SecretLinkHead meta={meta} pathname={location.pathname} />;
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
