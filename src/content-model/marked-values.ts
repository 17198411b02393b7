// The values in a content entry at fields the schemas mark (field-kinds.ts): every image, every reference,
// wherever it sits (a page's social image, a section's photo, a testimonial's), with its field path as the content
// check prints paths (`sections[2].image.src`, counting from 1).
import { z, type ZodType } from 'zod';
import { fieldKind, type FieldKind } from './field-kinds';
import { fieldPath } from './friendly-issue';
import { unionOption, unwrap } from './zod-helpers';

/** `field` as the content check prints it, `path` its keys (list positions from 0). */
export type MarkedValue = { field: string; path: (string | number)[]; kind: FieldKind; value: unknown };

function walk(schema: ZodType, value: unknown, at: (string | number)[]): MarkedValue[] {
  if (value === undefined || value === null) return [];
  const kind = fieldKind(schema);
  if (kind) return [{ field: fieldPath(at), path: at, kind, value }];
  const type = unwrap(schema).type;
  const option = unionOption(type, value);
  if (option) return walk(option, value, at);
  if (type instanceof z.ZodArray && Array.isArray(value)) {
    return value.flatMap((item, index) => walk(type.element as ZodType, item, [...at, index]));
  }
  if (type instanceof z.ZodObject && typeof value === 'object') {
    return Object.entries(type.shape as Record<string, ZodType>).flatMap(([key, inner]) =>
      walk(inner, (value as Record<string, unknown>)[key], [...at, key]),
    );
  }
  return [];
}

export const markedValues = (schema: ZodType, value: unknown): MarkedValue[] => walk(schema, value, []);
