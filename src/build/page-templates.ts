// Which template a page whose sections may run an experiment gets (issue 44, docs/insights.md#experiments): the
// experiment's template, which renders every version of the section and sets the visit's version on a client-side
// navigation, only while one of its sections runs one. Every other page's bundle holds none of the experiments' code:
// counting visits adds under 0.5 KB to a page's first load (bench/lib/first-load.ts), an experiment's code is paid
// for only by the page that runs it.
import { isRunning } from '../content-model/experiment-versions';

export const PAGE_TEMPLATES = {
  home: { original: 'src/templates/home-page.tsx', experiment: 'src/templates/home-page-experiment.tsx' },
  landing: { original: 'src/templates/landing-page.tsx', experiment: 'src/templates/landing-page-experiment.tsx' },
} as const;

export type TemplateChoice = {
  /** The template's path from the project's root. */
  component: string;
  /** The page query's variable: whether it asks for the sections' experiments. */
  withExperiment: boolean;
};

/** The template for a page of `kind` whose sections have `experiments` (absent or null where a section has none). */
export function templateFor(
  kind: keyof typeof PAGE_TEMPLATES,
  experiments: readonly ({ startedAt?: string | null } | null | undefined)[],
): TemplateChoice {
  const withExperiment = experiments.some((experiment) => isRunning(experiment));
  return { component: PAGE_TEMPLATES[kind][withExperiment ? 'experiment' : 'original'], withExperiment };
}
