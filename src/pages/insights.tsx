import { graphql, type HeadProps, type PageProps } from 'gatsby';
import { lazy } from 'react';
import { SecretLinkHead, SecretLinkPage } from '../components/layout/SecretLinkPage';
import type { InsightsCopy } from '../content-model/insights-schema';

// The team's dashboard (issue 44): its code (sign-in, reports, chart library) loads only here, after the page shows.
const InsightsApp = lazy(() => import('../insights/dashboard/InsightsApp'));

export default function InsightsPage({ data }: PageProps<Queries.InsightsPageQuery>) {
  const copy = (data.insightsJson!.content as InsightsCopy).dashboard;
  return (
    <SecretLinkPage titleId="insights-title" title={copy.title} loading={copy.loading}>
      <InsightsApp copy={copy} />
    </SecretLinkPage>
  );
}

export function Head({ data, location }: HeadProps<Queries.InsightsPageQuery>) {
  const { meta } = (data.insightsJson!.content as InsightsCopy).dashboard;
  return <SecretLinkHead meta={meta} pathname={location.pathname} />;
}

export const query = graphql`
  query InsightsPage {
    insightsJson {
      content
    }
  }
`;
