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
      <InsightsApp copy={copy} content={data} />
    </SecretLinkPage>
  );
}

export function Head({ data, location }: HeadProps<Queries.InsightsPageQuery>) {
  const { meta } = (data.insightsJson!.content as InsightsCopy).dashboard;
  return <SecretLinkHead meta={meta} pathname={location.pathname} />;
}

// Besides the copy, the experiments in the content, for the dashboard's list of them (experimentsFromContent in
// src/insights/dashboard/experiment-content.ts): a landing page's hero and call to action, the home page's hero.
// The two sections' experiments are aliased: their GraphQL types differ, and one response name over both would
// have to have the same shape in each.
export const query = graphql`
  query InsightsPage {
    insightsJson {
      content
    }
    allLandingPage {
      nodes {
        slug
        sections {
          ... on LandingHero {
            heroExperiment: experiment {
              id
              name
              startedAt
              variants {
                name
                share
              }
            }
          }
          ... on LandingCta {
            ctaExperiment: experiment {
              id
              name
              startedAt
              variants {
                name
                share
              }
            }
          }
        }
      }
    }
    homeJson {
      hero {
        experiment {
          id
          name
          startedAt
          variants {
            name
            share
          }
        }
      }
    }
  }
`;
