// The experiments the dashboard lists, read from the content at build time (src/pages/insights.tsx's query): each
// landing page's hero and call to action, and the home page's hero, may hold one (docs/insights.md#experiments).
// The query's result comes in as Gatsby types it; the types here say only what is read, so they accept it.
import { experimentShares } from '../../content-model/experiment-versions';

type Maybe<T> = T | null | undefined;

/** An experiment as the page query selects it (`id name startedAt variants { name share }`). */
export type QueriedExperiment = {
  readonly id: string;
  readonly name: string;
  readonly startedAt?: Maybe<string>;
  readonly variants: ReadonlyArray<{ readonly name: string; readonly share: Maybe<number> }>;
};

/**
 * A landing page's section as the query selects it. The hero's and the call to action's experiments are aliased
 * (their GraphQL types differ, and one response name over two types would have to have the same shape); any other
 * section comes as an empty object.
 */
export type QueriedSection = {
  readonly heroExperiment?: Maybe<QueriedExperiment>;
  readonly ctaExperiment?: Maybe<QueriedExperiment>;
};

/** The page query's result, as far as the experiments go (`insightsJson`, the copy, is read by the page). */
export type ExperimentsQueryData = {
  readonly insightsJson?: unknown;
  readonly allLandingPage?: Maybe<{
    readonly nodes: ReadonlyArray<{ readonly slug: string; readonly sections: ReadonlyArray<QueriedSection> }>;
  }>;
  readonly homeJson?: Maybe<{ readonly hero?: Maybe<{ readonly experiment?: Maybe<QueriedExperiment> }> }>;
};

export type ExperimentVersion = {
  /** 0 is the original; 1…n the variants in the content's order (as assignVariant counts them). */
  index: number;
  name: string;
  /** Whole percent of the visits. */
  share: number;
};

export type ExperimentSummary = {
  id: string;
  name: string;
  /** The page's path: '/' for the home page, '/<slug>' for a landing page. */
  page: string;
  /** ISO 8601 with its offset; null while it is a draft. */
  startedAt: string | null;
  versions: ExperimentVersion[];
};

function summaryOf(experiment: QueriedExperiment, page: string, originalName: string): ExperimentSummary {
  const variants = experiment.variants.map((variant) => ({ name: variant.name, share: variant.share ?? 0 }));
  const shares = experimentShares({ variants });
  return {
    id: experiment.id,
    name: experiment.name,
    page,
    startedAt: experiment.startedAt ?? null,
    versions: [originalName, ...variants.map((variant) => variant.name)].map((name, index) => ({
      index,
      name,
      share: shares[index],
    })),
  };
}

/**
 * Every experiment in the content: the running ones first, then the drafts, each group by page path. The original
 * is named `originalName` (the dashboard's copy).
 */
export function experimentsFromContent(data: ExperimentsQueryData, originalName: string): ExperimentSummary[] {
  const found: ExperimentSummary[] = [];
  const home = data.homeJson?.hero?.experiment;
  if (home) found.push(summaryOf(home, '/', originalName));
  for (const page of data.allLandingPage?.nodes ?? []) {
    for (const section of page.sections) {
      const experiment = section.heroExperiment ?? section.ctaExperiment;
      if (experiment) found.push(summaryOf(experiment, `/${page.slug}`, originalName));
    }
  }
  const group = (experiment: ExperimentSummary) => (experiment.startedAt === null ? 1 : 0);
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return found.sort((a, b) => group(a) - group(b) || order(a.page, b.page) || order(a.id, b.id));
}
