// What a content field holds when a plain string is not the whole story: an uploaded image, a reference to
// another content item, Markdown. The schemas mark such fields here; the editor derivation picks its widget from
// the mark and the content check follows references, so both read one answer.
import type { ZodType } from 'zod';
import { unwrap } from './zod-helpers';

/** Content items a field may name, by the value that identifies them: a service's file name, a plan's name… */
export const referenceTargets = {
  Service: { label: 'services', key: 'slug' },
  PlansJson: { label: 'plans', key: 'id' },
  TestimonialsJson: { label: 'testimonials', key: 'id' },
} as const;
export type ReferenceTarget = keyof typeof referenceTargets;

export type FieldKind = { kind: 'image' } | { kind: 'markdown' } | { kind: 'reference'; to: ReferenceTarget };

const kinds = new WeakMap<ZodType, FieldKind>();

function mark<T extends ZodType>(schema: T, kind: FieldKind): T {
  kinds.set(schema, kind);
  return schema;
}

/** The path of an image uploaded through the editor's media library. */
export const imagePathField = <T extends ZodType>(schema: T) => mark(schema, { kind: 'image' });
/** A Markdown text (bold, links, lists), rendered to HTML at build time. */
export const markdownField = <T extends ZodType>(schema: T) => mark(schema, { kind: 'markdown' });
/** The identifying value of one item of `to`. */
export const referenceField = <T extends ZodType>(schema: T, to: ReferenceTarget) =>
  mark(schema, { kind: 'reference', to });

/** The mark on `schema` (or on the schema it wraps), if any. */
export function fieldKind(schema: ZodType): FieldKind | undefined {
  return kinds.get(schema) ?? kinds.get(unwrap(schema).type);
}
