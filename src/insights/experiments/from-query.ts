// A section's experiment as a page query returns it (GraphQL's nulls for what a variant leaves unchanged, uploaded
// images as the image pipeline made them) turned into what the section's component takes: each variant through
// the section's own adapter, its unchanged fields left out.
import type { SectionExperiment } from './section-versions';

/** An experiment in a query result, whose variants' fields are `Variant`. */
export type QueriedExperiment<Variant> = {
  readonly id: string;
  readonly name: string;
  readonly startedAt?: string | null;
  readonly variants: readonly ({ readonly name: string; readonly share: number } & Variant)[];
};

/**
 * The experiment of a queried section (`section.experiment`, absent or null without one), each variant's fields
 * adapted by `adapt`. The section is taken whole, not its `experiment` field, so that a query result whose type
 * predates the field (src/gatsby-types.d.ts is written by the build) still passes.
 */
export function experimentFromQuery<Variant, Fields>(
  section: { readonly experiment?: QueriedExperiment<Variant> | null; readonly [field: string]: unknown },
  adapt: (variant: Variant) => Partial<Fields>,
): SectionExperiment<Fields> | undefined {
  const { experiment } = section;
  if (!experiment) return undefined;
  return {
    id: experiment.id,
    name: experiment.name,
    ...(experiment.startedAt ? { startedAt: experiment.startedAt } : {}),
    variants: experiment.variants.map((variant) => ({
      name: variant.name,
      share: variant.share,
      ...withoutEmpty(adapt(variant)),
    })),
  };
}

/** The fields a variant sets: an adapter's undefined (GraphQL's null) is a field it leaves as the original's. */
function withoutEmpty<Fields>(fields: Partial<Fields>): Partial<Fields> {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined && value !== null),
  ) as Partial<Fields>;
}
