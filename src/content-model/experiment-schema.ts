// An experiment on copy (issue 44, docs/insights.md#experiments): a section of a page (a landing page's hero or
// call to action, the home page's hero) with one or more variants of its own fields, each shown to a share of the
// visits. A variant names only the fields it changes (a headline, a button, or all of them: a whole section); the
// rest is the original's. The original keeps what the variants' shares leave (at least 1 %). Without `startedAt`
// the experiment is a draft: every visitor sees the original. Ending it is one edit in the editor, which writes the
// chosen version's fields into the section and removes the experiment (src/admin/end-experiment.ts).
import { z, type ZodType } from 'zod';
import { notWording } from './wording';
import { text, unwrap } from './zod-helpers';

export const EXPERIMENT_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Variants besides the original: three at most keeps each arm's sample large enough to decide on. */
export const EXPERIMENT_VARIANTS_MAX = 3;

/** The schemas `experimentOf` made: the content check, the editor and its save find experiments by them. */
const experimentSchemas = new WeakSet<ZodType>();

/** Whether `schema` (or the schema it wraps, optional) is an experiment's. */
export const isExperiment = (schema: ZodType) => experimentSchemas.has(unwrap(schema).type);

/**
 * The editor's choice of the version an experiment ends with, beside its fields (src/admin/end-experiment.ts): the
 * original (`0`) or a variant (`1`…). Acted on when the entry is saved, and never written to a file.
 */
export const EXPERIMENT_END_KEY = 'end';

/**
 * The `experiment` field of a section whose own fields are `fields` (the block's shape without its `type`): the
 * variants may set any of them, and each must set at least one.
 */
export function experimentOf<Fields extends z.ZodRawShape>(fields: Fields) {
  const overrides = z.object(fields).partial().shape;
  const variant = z
    .object({
      name: text('name'),
      share: z
        .number({ error: 'share must be a whole percentage' })
        .int('share must be a whole percentage')
        .min(1, 'share must be at least 1 (%)')
        .max(99, 'share must be at most 99 (%)'),
      ...overrides,
    })
    .strict()
    .refine((value) => Object.keys(fields).some((key) => (value as Record<string, unknown>)[key] !== undefined), {
      error: 'a variant must change at least one field of the section',
    });
  const experiment = z
    .object({
      /** Names the experiment in the counts: never reworded while it runs. */
      id: notWording(text('id').regex(EXPERIMENT_ID_PATTERN, 'id must be lowercase letters, digits and single dashes')),
      /** What the dashboard calls it. */
      name: text('name'),
      /** When it started, with its offset (ISO 8601); absent while it is a draft. */
      startedAt: notWording(
        z.iso.datetime({ offset: true, error: 'startedAt must be a date and time with its offset' }),
      ).optional(),
      variants: z
        .array(variant)
        .min(1, 'variants must be a list of at least one variant')
        .max(EXPERIMENT_VARIANTS_MAX, `variants must be at most ${EXPERIMENT_VARIANTS_MAX}`),
    })
    .strict()
    .refine(
      (value) => {
        const shares = value.variants.map((variant) => (variant as { share: number }).share);
        // A share over 99 is refused on its own: the sum would only say it again.
        return shares.some((share) => share > 99) || shares.reduce((sum, share) => sum + share, 0) <= 99;
      },
      {
        error: "the variants' shares must add up to at most 99 (%): the original keeps the rest",
        path: ['variants'],
      },
    );
  experimentSchemas.add(experiment);
  return experiment;
}

export {
  experimentShares,
  isRunning,
  runningExperimentIn,
  sectionForVariant,
  type ExperimentContent,
} from './experiment-versions';
