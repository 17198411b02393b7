import { graphql, type HeadProps, type PageProps } from 'gatsby';
import { homeHeroWithExperimentFromQuery } from '../components/home/hero-experiment-from-query';
import { ExperimentHeadScript } from '../insights/experiments/ExperimentHeadScript';
import { ExperimentVersions } from '../insights/experiments/ExperimentVersions';
import { useExperimentOnPage } from '../insights/experiments/useExperimentOnPage';
import { HomeSections, Head as HomeHead } from './home-page';

/**
 * The home page while its hero runs an experiment (src/build/page-templates.ts): every version of the hero in the
 * HTML, the visit's shown (docs/insights.md#experiments). Only then does the home page load the experiments' code.
 */
export default function HomePageWithExperiment({ data }: PageProps<Queries.HomePageWithExperimentQuery>) {
  const hero = homeHeroWithExperimentFromQuery(data.homeJson!.hero);
  useExperimentOnPage(hero.experiment);
  return (
    <ExperimentVersions>
      <HomeSections data={data} hero={hero} />
    </ExperimentVersions>
  );
}

export function Head(props: HeadProps<Queries.HomePageWithExperimentQuery>) {
  return (
    <HomeHead {...props}>
      <ExperimentHeadScript experiment={homeHeroWithExperimentFromQuery(props.data.homeJson!.hero).experiment} />
    </HomeHead>
  );
}

export const query = graphql`
  query HomePageWithExperiment($withExperiment: Boolean!) {
    ...HomePageData
  }
`;
