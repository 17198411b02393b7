// The versions of a section under an experiment, for the site's components: the content model's zod-free functions
// (src/content-model/experiment-versions.ts) and the types the components take.
import type { ExperimentContent } from '../../content-model/experiment-versions';

export {
  experimentShares,
  isRunning,
  runningExperimentIn,
  sectionForVariant,
} from '../../content-model/experiment-versions';

/** An experiment whose variants name the section's fields as its component takes them (`Fields`). */
export type SectionExperiment<Fields> = Omit<ExperimentContent, 'variants'> & {
  variants: ({ name: string; share: number } & Partial<Fields>)[];
};

/** A section's content as its component takes it, with the experiment it may run. */
export type WithExperiment<Fields> = Fields & { experiment?: SectionExperiment<Fields> };
