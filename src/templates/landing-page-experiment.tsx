import { graphql, type HeadProps, type PageProps } from 'gatsby';
import { LandingSections } from '../components/landing/blocks';
import { sectionsWithExperimentsFromQuery } from '../components/landing/experiments-from-query';
import { runningExperimentIn } from '../content-model/experiment-versions';
import { ExperimentHeadScript } from '../insights/experiments/ExperimentHeadScript';
import { ExperimentVersions } from '../insights/experiments/ExperimentVersions';
import { useExperimentOnPage } from '../insights/experiments/useExperimentOnPage';
import { Head as LandingHead } from './landing-page';

/**
 * A landing page that runs an experiment (src/build/page-templates.ts): every version of its section in the HTML,
 * the visit's shown (docs/insights.md#experiments). Only these pages load the experiments' code.
 */
export default function LandingPageWithExperiment({ data }: PageProps<Queries.LandingPageWithExperimentQuery>) {
  const sections = sectionsWithExperimentsFromQuery(data);
  useExperimentOnPage(runningExperimentIn(sections));
  return (
    <ExperimentVersions>
      <LandingSections sections={sections} />
    </ExperimentVersions>
  );
}

export function Head(props: HeadProps<Queries.LandingPageWithExperimentQuery>) {
  return (
    <LandingHead {...props}>
      <ExperimentHeadScript experiment={runningExperimentIn(sectionsWithExperimentsFromQuery(props.data))} />
    </LandingHead>
  );
}

export const query = graphql`
  query LandingPageWithExperiment(
    $id: String!
    $withDemoForm: Boolean!
    $withStrategyForm: Boolean!
    $withExperiment: Boolean!
  ) {
    ...LandingPageData
  }
`;
