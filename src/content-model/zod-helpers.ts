// Building blocks shared by every content schema (site content, form copy, chat script) and by the code
// that reads those schemas (content check, GraphQL derivation).
import { z, type ZodType } from 'zod';

/** The message for a value that is missing, and for one of the wrong type. */
export const typeMessages = (missing: string, wrongType: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? missing : wrongType),
});

/** Required, trimmed, non-empty text, with messages that name the field. */
export const text = (what: string) =>
  z
    .string(typeMessages(`${what} is required`, `${what} must be text`))
    .trim()
    .min(1, `${what} must not be empty`);

/**
 * Strips wrappers (optionality, defaults, preprocessing and transforms) and reports whether the value may be
 * absent. Refinements need no unwrapping: zod 4 keeps them on the schema they refine.
 */
export function unwrap(schema: ZodType): { type: ZodType; optional: boolean } {
  let current = schema;
  let optional = false;
  for (;;) {
    if (current instanceof z.ZodOptional || current instanceof z.ZodNullable) {
      optional = true;
      current = current.unwrap() as ZodType;
    } else if (current instanceof z.ZodDefault) {
      optional = true;
      current = current.unwrap() as ZodType;
    } else if (current instanceof z.ZodPipe) {
      // z.preprocess(fn, schema) is transform → schema; schema.transform(fn) is schema → transform.
      current = (current.out instanceof z.ZodTransform ? current.in : current.out) as ZodType;
    } else {
      return { type: current, optional };
    }
  }
}

/** The option of a discriminated union (`sections[]` of a landing page) that `value` selects by its tag, if any. */
export function unionOption(schema: ZodType, value: unknown): z.ZodObject | undefined {
  if (!(schema instanceof z.ZodDiscriminatedUnion)) return undefined;
  const key = (schema._zod.def as { discriminator: string }).discriminator;
  const tag = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return (schema.options as z.ZodObject[]).find((option) => (option.shape[key] as z.ZodLiteral).value === tag);
}

/** The checks and refinements zod keeps on a schema (`.min()`, `.refine()` …). */
export function checkDefs(schema: ZodType): Record<string, unknown>[] {
  const checks = (schema as unknown as { _zod: { def: { checks?: { _zod: { def: Record<string, unknown> } }[] } } })
    ._zod.def.checks;
  return (checks ?? []).map((check) => check._zod.def);
}

/** The least and the most items of a list schema, or characters of a text schema, if it sets them. */
export function lengthLimits(schema: ZodType): { min?: number; max?: number } {
  const bag = (schema as unknown as { _zod: { bag: { minimum?: number; maximum?: number } } })._zod.bag;
  const limits: { min?: number; max?: number } = { min: bag.minimum, max: bag.maximum };
  for (const def of checkDefs(schema)) {
    if (def.check === 'min_length') limits.min = def.minimum as number;
    if (def.check === 'max_length') limits.max = def.maximum as number;
  }
  return limits;
}
