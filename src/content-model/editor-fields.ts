// Derives the editor's fields (Decap CMS, /admin) from the zod content schemas, as graphql.ts derives the
// GraphQL types: every key of a schema becomes one field with a label, a hint and the limits the schema sets.
// Each text and number field also names its zod schema (`check`), which the editor runs on every value, so the
// editor refuses exactly what `npm run check:content` refuses, with the schema's own message. All zod
// introspection for the editor lives here.
import { z, type ZodType } from 'zod';
import { fieldHint, fieldLabel, FIXED_BY_SPEC_HINT, multiLineKeys } from './editor-wording';
import { isNotWording } from './wording';
import { unionOption, unwrap } from './zod-helpers';

export type EditorField = {
  name: string;
  label: string;
  widget: string;
  required: boolean;
  hint?: string;
  /** Sub-fields of an object, or of each item of a list of objects. */
  fields?: EditorField[];
  /** The one field of each item of a list of texts or numbers. */
  field?: EditorField;
  options?: string[];
  value_type?: 'int' | 'float';
  min?: number;
  max?: number;
  allow_add?: boolean;
  allow_remove?: boolean;
  allow_reorder?: boolean;
  /** A list whose items show their fields at once instead of folded to a summary. */
  collapsed?: boolean;
  /** Key of the zod schema every value of this field must satisfy (see `checks`). */
  check?: string;
};

export type EditorFields = { fields: EditorField[]; checks: Map<string, ZodType> };

/** `navigation[0].label` → `navigation[].label`: pinned paths name list items by index, editor fields do not. */
export const anyItem = (path: string) => path.replace(/\[\d+\]/g, '[]');

function lengthLimits(schema: ZodType): { min?: number; max?: number } {
  const bag = (schema as unknown as { _zod: { bag: { minimum?: number; maximum?: number } } })._zod.bag;
  const checks = (schema as unknown as { _zod: { def: { checks?: { _zod: { def: Record<string, unknown> } }[] } } })
    ._zod.def.checks;
  const limits: { min?: number; max?: number } = { min: bag.minimum, max: bag.maximum };
  for (const check of checks ?? []) {
    const def = check._zod.def;
    if (def.check === 'min_length') limits.min = def.minimum as number;
    if (def.check === 'max_length') limits.max = def.maximum as number;
  }
  return limits;
}

type Walk = { pinned: Set<string>; prefix: string; checks: Map<string, ZodType> };

function childPath(parent: string, key: string): string {
  return parent ? `${parent}.${key}` : key;
}

/** Whether some pinned path runs through an item of the list at `path` (the list's length is then fixed too). */
const holdsPinnedItems = (walk: Walk, path: string) =>
  [...walk.pinned].some((pinned) => pinned.startsWith(`${path}[]`));

function fieldFor(key: string, schema: ZodType, path: string, walk: Walk): EditorField {
  const { type, optional } = unwrap(schema);
  const base = { name: key, label: fieldLabel(key), required: !optional };
  const hint = (extra?: string) => {
    const parts = [fieldHint(key, isNotWording(schema), walk.prefix), extra].filter(Boolean);
    return parts.length > 0 ? parts.join(' ') : undefined;
  };

  if (walk.pinned.has(path) || (type instanceof z.ZodArray && walk.pinned.has(`${path}[]`))) {
    return { ...base, widget: 'fixed', hint: FIXED_BY_SPEC_HINT };
  }
  if (type instanceof z.ZodObject) {
    return { ...base, widget: 'object', hint: hint(), fields: objectFields(type, path, walk) };
  }
  if (type instanceof z.ZodArray) {
    const { min, max } = lengthLimits(type);
    const item = unwrap(type.element as ZodType).type;
    const fixed = holdsPinnedItems(walk, path);
    const list: EditorField = {
      ...base,
      widget: 'list',
      hint: hint(fixed ? 'The specification fixes how many there are and their order.' : undefined),
      ...(min !== undefined ? { min } : {}),
      ...(max !== undefined ? { max } : {}),
      ...(fixed ? { allow_add: false, allow_remove: false, allow_reorder: false } : {}),
    };
    if (item instanceof z.ZodObject) return { ...list, fields: objectFields(item, `${path}[]`, walk) };
    return { ...list, field: fieldFor(singular(key), type.element as ZodType, `${path}[]`, walk) };
  }

  const check = `${walk.prefix}:${path}`;
  walk.checks.set(check, schema);
  if (type instanceof z.ZodEnum) {
    return { ...base, widget: 'checked-select', options: type.options as string[], hint: hint(), check };
  }
  if (type instanceof z.ZodString) {
    const { max } = lengthLimits(type);
    const widget = multiLineKeys.has(key) ? 'checked-text' : 'checked-string';
    return { ...base, widget, hint: hint(max ? `At most ${max} characters.` : undefined), check };
  }
  if (type instanceof z.ZodNumber) {
    const number = type as z.ZodNumber;
    return {
      ...base,
      widget: 'checked-number',
      value_type: number.isInt ? 'int' : 'float',
      ...(Number.isFinite(number.minValue) ? { min: number.minValue as number } : {}),
      ...(Number.isFinite(number.maxValue) ? { max: number.maxValue as number } : {}),
      hint: hint(),
      check,
    };
  }
  if (type instanceof z.ZodBoolean) return { ...base, widget: 'checked-boolean', hint: hint(), check };
  throw new Error(`${path}: no editor field for zod ${type.constructor.name}`);
}

/** `highlights` → `highlight`: the label of one item of a list of texts. */
function singular(key: string): string {
  return key.endsWith('ies') ? `${key.slice(0, -3)}y` : key.replace(/s$/, '');
}

function objectFields(object: z.ZodObject, path: string, walk: Walk): EditorField[] {
  return Object.entries(object.shape as Record<string, ZodType>).map(([key, value]) =>
    fieldFor(key, value, childPath(path, key), walk),
  );
}

/**
 * The editor's fields for content satisfying `schema`. `pinned` lists the fields the specification fixes, as
 * field paths (`navigation[0].label`); they are shown read-only. `prefix` keeps check keys of different files apart.
 */
export function editorFields(schema: ZodType, options: { pinned?: string[]; prefix: string }): EditorFields {
  const root = unwrap(schema).type;
  if (!(root instanceof z.ZodObject)) throw new Error(`${options.prefix}: content schemas must be objects`);
  const walk: Walk = {
    pinned: new Set((options.pinned ?? []).map(anyItem)),
    prefix: options.prefix,
    checks: new Map(),
  };
  return { fields: objectFields(root, '', walk), checks: walk.checks };
}

/** A list field whose items satisfy `itemSchema`: how a file holding a list (plans.json) is edited. */
export function editorListField(
  name: string,
  itemSchema: ZodType,
  options: { pinned?: string[]; prefix: string; mayBeEmpty?: boolean },
): EditorFields {
  // A list that may be empty is optional to the editor: Decap refuses an empty required list.
  const list = z.array(itemSchema);
  return editorFields(z.object({ [name]: options.mayBeEmpty ? list.optional() : list.min(1) }), {
    ...options,
    pinned: (options.pinned ?? []).map((path) => `${name}${path}`),
  });
}

/**
 * `value` with the keys of every object in the order the schema lists them, keys the schema does not know after
 * them: the editor keeps no key order of its own, and a file saved unchanged must come out byte for byte the same.
 */
export function inSchemaOrder(schema: ZodType, value: unknown): unknown {
  const type = unwrap(schema).type;
  const option = unionOption(type, value);
  if (option) return inSchemaOrder(option, value);
  if (type instanceof z.ZodArray && Array.isArray(value)) {
    return value.map((item) => inSchemaOrder(type.element as ZodType, item));
  }
  if (type instanceof z.ZodObject && value && typeof value === 'object' && !Array.isArray(value)) {
    const shape = type.shape as Record<string, ZodType>;
    const record = value as Record<string, unknown>;
    const known = Object.keys(shape).filter((key) => key in record);
    const unknown = Object.keys(record).filter((key) => !(key in shape));
    return Object.fromEntries([
      ...known.map((key) => [key, inSchemaOrder(shape[key], record[key])]),
      ...unknown.map((key) => [key, record[key]]),
    ]);
  }
  return value;
}

/** Every field path the schema defines, and every path the editor fields cover (for the coverage test). */
export function schemaPaths(schema: ZodType, at = ''): string[] {
  const type = unwrap(schema).type;
  if (type instanceof z.ZodObject) {
    return Object.entries(type.shape as Record<string, ZodType>).flatMap(([key, value]) => {
      const path = childPath(at, key);
      return [path, ...schemaPaths(value, path)];
    });
  }
  if (type instanceof z.ZodArray) {
    const item = unwrap(type.element as ZodType).type;
    return item instanceof z.ZodObject ? schemaPaths(item, `${at}[]`) : [`${at}[]`];
  }
  return [];
}
