// Which strings in a content file are wording (what visitors read, what a marketer rewords) and which are
// values the code acts on (link targets, addresses, ids, slugs, the words the chat listens for). The schemas
// mark the second kind with `notWording`, so the spelling check and the reword check read the same answer.
import { z, type ZodType } from 'zod';
import { unionOption, unwrap } from './zod-helpers';

const NOT_WORDING = 'not wording';

/** Marks a text field whose value the code acts on rather than shows as copy. */
export const notWording = <T extends ZodType>(schema: T): T => schema.describe(NOT_WORDING) as T;

export type WordingField = { field: string; text: string };

/** Whether `schema` holds a value the code acts on (a link target, an id, words the chat listens for). */
export const isNotWording = (schema: ZodType) =>
  schema.description === NOT_WORDING || unwrap(schema).type.description === NOT_WORDING;

/** `hero.title`, `stats[0].label`, `[2].features[0]`: the same field names as the review's copy diff. */
export function fieldPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return parent ? `${parent}.${key}` : key;
}

/** The keys of a field path, the inverse of `fieldPath`: `steps.email.invalid` → steps, email, invalid. */
export function fieldKeys(field: string): (string | number)[] {
  return [...field.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map(([, key, index]) =>
    index === undefined ? key : Number(index),
  );
}

/** Every wording string in `value`, read against the schema it satisfies, with its field path. */
export function wordingFields(schema: ZodType, value: unknown, at = ''): WordingField[] {
  if (isNotWording(schema)) return [];
  const type = unwrap(schema).type;
  const option = unionOption(type, value);
  if (option) return wordingFields(option, value, at);
  if (type instanceof z.ZodString) return typeof value === 'string' ? [{ field: at, text: value }] : [];
  if (type instanceof z.ZodArray && Array.isArray(value))
    return value.flatMap((item, index) => wordingFields(type.element as ZodType, item, fieldPath(at, index)));
  if (type instanceof z.ZodObject && value && typeof value === 'object') {
    const shape = type.shape as Record<string, ZodType>;
    return Object.entries(shape).flatMap(([key, inner]) =>
      wordingFields(inner, (value as Record<string, unknown>)[key], fieldPath(at, key)),
    );
  }
  return [];
}
