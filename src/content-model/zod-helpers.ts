// Building blocks shared by every content schema (site content, form copy, chat script) and by the code
// that reads those schemas (content check, GraphQL derivation).
import { z, type ZodTypeAny } from 'zod';

/** Required, trimmed, non-empty text, with messages that name the field. */
export const text = (what: string) =>
  z
    .string({ required_error: `${what} is required`, invalid_type_error: `${what} must be text` })
    .trim()
    .min(1, `${what} must not be empty`);

/** Strips wrappers (refinements, transforms, defaults, optionality) and reports whether the value may be absent. */
export function unwrap(schema: ZodTypeAny): { type: ZodTypeAny; optional: boolean } {
  let current = schema;
  let optional = false;
  for (;;) {
    if (current instanceof z.ZodOptional || current instanceof z.ZodNullable) {
      optional = true;
      current = current.unwrap();
    } else if (current instanceof z.ZodDefault) {
      optional = true;
      current = current.removeDefault();
    } else if (current instanceof z.ZodEffects) {
      current = current.innerType();
    } else {
      return { type: current, optional };
    }
  }
}
