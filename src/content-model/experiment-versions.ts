// The versions of a section under an experiment, as the site, the dashboard and the editor read them: without zod, so
// a page's bundle can hold them (./experiment-schema.ts re-exports them beside the schema).

/** An experiment as the site and the dashboard read it, whatever its section. */
export type ExperimentContent = {
  id: string;
  name: string;
  startedAt?: string;
  variants: ({ name: string; share: number } & Record<string, unknown>)[];
};

/** The shares in assignment order, the original's first: [original, variant 1, …], summing to 100. */
export function experimentShares(experiment: Pick<ExperimentContent, 'variants'>): number[] {
  const shares = experiment.variants.map((variant) => variant.share);
  return [100 - shares.reduce((sum, share) => sum + share, 0), ...shares];
}

/** The section as variant `index` shows it (0 is the original): the original's fields, then the variant's. */
export function sectionForVariant<Section extends { experiment?: ExperimentContent | null }>(
  section: Section,
  index: number,
): Omit<Section, 'experiment'> {
  const { experiment, ...original } = section;
  if (index === 0 || !experiment) return original;
  const { name: _name, share: _share, ...fields } = experiment.variants[index - 1];
  const changed = Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined && value !== null),
  );
  return { ...original, ...changed };
}

/** A running experiment: one with `startedAt`. A draft shows the original to everyone and counts nothing. */
export const isRunning = <Experiment extends { startedAt?: string | null }>(
  experiment: Experiment | null | undefined,
): experiment is Experiment & { startedAt: string } => !!experiment && !!experiment.startedAt;

/** The page's running experiment, if one of its sections has one (the content check allows one a page). */
export function runningExperimentIn(sections: readonly object[]): ExperimentContent | undefined {
  return sections
    .map((section) => (section as { experiment?: ExperimentContent | null }).experiment)
    .find(isRunning) as ExperimentContent | undefined;
}
