// The values in a content entry at fields the schemas mark (field-kinds.ts): every image, every reference,
// wherever it sits (a page's social image, a section's photo, a testimonial's), with its field path.
import { z, type ZodType } from 'zod';
import { fieldKind, type FieldKind } from './field-kinds';
import { fieldPath } from './wording';
import { unionOption, unwrap } from './zod-helpers';

export type MarkedValue = { field: string; kind: FieldKind; value: unknown };

export function markedValues(schema: ZodType, value: unknown, at = ''): MarkedValue[] {
  if (value === undefined || value === null) return [];
  const kind = fieldKind(schema);
  if (kind) return [{ field: at, kind, value }];
  const type = unwrap(schema).type;
  const option = unionOption(type, value);
  if (option) return markedValues(option, value, at);
  if (type instanceof z.ZodArray && Array.isArray(value)) {
    return value.flatMap((item, index) => markedValues(type.element as ZodType, item, fieldPath(at, index)));
  }
  if (type instanceof z.ZodObject && typeof value === 'object') {
    return Object.entries(type.shape as Record<string, ZodType>).flatMap(([key, inner]) =>
      markedValues(inner, (value as Record<string, unknown>)[key], fieldPath(at, key)),
    );
  }
  return [];
}
