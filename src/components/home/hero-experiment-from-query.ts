// The home page's hero with its experiment, for the template of a home page that runs one
// (src/templates/home-page-experiment.tsx) only: each variant through the hero's own adapter.
import { experimentFromQuery } from '../../insights/experiments/from-query';
import type { WithExperiment } from '../../insights/experiments/section-versions';
import { heroFields, homeHeroFromQuery, type QueriedHero } from './hero-from-query';
import type { HomeHeroProps } from './HomeHero';

export function homeHeroWithExperimentFromQuery(hero: QueriedHero): WithExperiment<HomeHeroProps> {
  return { ...homeHeroFromQuery(hero), experiment: experimentFromQuery(hero, heroFields) };
}
