// Derives the editor's fields (Decap CMS, /admin) from the zod content schemas, as graphql.ts derives the
// GraphQL types: every key of a schema becomes one field with a label, a hint and the limits the schema sets.
// Each field also names its zod schema (`check`), which the editor runs on every value, so the editor refuses
// exactly what `npm run check:content` refuses, in its words (friendly-issue.ts). A list of a discriminated union (a
// landing page's sections) becomes a list of block types; fields the schemas mark (field-kinds.ts) get the widget
// of their kind: an uploaded image, Markdown, a reference to other content. All zod introspection for the editor
// lives here.
import { z, type ZodType } from 'zod';
import {
  BLOCK_LABELS,
  END_EXPERIMENT_WORDING,
  fieldHint,
  fieldLabel,
  FIXED_BY_SPEC_HINT,
  multiLineKeys,
  singular,
  singularLabel,
} from './editor-wording';
import { EXPERIMENT_END_KEY, EXPERIMENT_VARIANTS_MAX, isExperiment } from './experiment-schema';
import { fieldKind, type ReferenceTarget } from './field-kinds';
import { describeIssue, schemaIssues, type FieldNames } from './friendly-issue';
import { MAX_IMAGE_BYTES } from './image-schema';
import { isNotWording } from './wording';
import { checkDefs, lengthLimits, unionOption, unwrap } from './zod-helpers';

/** Where the items a reference names are edited: the relation widget's collection, and what it stores and shows. */
export type RelationTarget = {
  collection: string;
  /** The file of a file collection holding the items as a list (plans.json). */
  file?: string;
  value_field: string;
  search_fields: string[];
  display_fields: string[];
};

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
  /** The block types of a list whose items are blocks, and the key naming each item's type. */
  types?: EditorBlockType[];
  typeKey?: string;
  label_singular?: string;
  /** A choice's options: each its value, or a value and the words shown for it. */
  options?: (string | { label: string; value: string })[];
  /** The value of a new entry or item. */
  default?: boolean;
  value_type?: 'int' | 'float';
  min?: number;
  max?: number;
  step?: number;
  /** A date and time: how the widget writes it (dayjs tokens). */
  format?: string;
  allow_add?: boolean;
  allow_remove?: boolean;
  allow_reorder?: boolean;
  /** A list whose items show their fields at once instead of folded to a summary. */
  collapsed?: boolean;
  /** An uploaded image: the media library's limits, and no "insert from URL" (images live in the repository). */
  media_library?: { allow_multiple: false; config: { max_file_size: number } };
  choose_url?: false;
  /** A reference: the relation widget's options. */
  multiple?: boolean;
  options_length?: number;
  /** Markdown: the toolbar's buttons, no embedded components. */
  buttons?: string[];
  editor_components?: string[];
  modes?: string[];
  /** Key of the zod schema every value of this field must satisfy (see `checks`). */
  check?: string;
  /**
   * A choice the editor acts on when the entry is saved, never written to the file, so no content field: the
   * version an experiment ends with (src/admin/end-experiment.ts).
   */
  editorOnly?: true;
} & Partial<RelationTarget>;

/** One block of a list of blocks (a landing page's hero, service cards …): its fields and its folded summary. */
export type EditorBlockType = {
  name: string;
  label: string;
  widget: 'object';
  summary: string;
  fields: EditorField[];
};

export type EditorFields = { fields: EditorField[]; checks: Map<string, ZodType> };

export type EditorOptions = {
  /** Keeps the check keys of different files apart: the content type's name. */
  prefix: string;
  /** Fields the specification fixes, as field paths (`navigation[0].label`): shown read-only. */
  pinned?: string[];
  /** Where the content a reference field names is edited. */
  relations?: Partial<Record<ReferenceTarget, RelationTarget>>;
  /** Fields whose value is one of a list kept in another file (a landing form's problem), by editor path. */
  choices?: Record<string, string[]>;
};

/** `navigation[0].label` → `navigation[].label`: pinned paths name list items by index, editor fields do not. */
export const anyItem = (path: string) => path.replace(/\[\d+\]/g, '[]');

/** The toolbar of a Markdown field: what the site's text blocks render well. */
const MARKDOWN_BUTTONS = ['bold', 'italic', 'link', 'bulleted-list', 'numbered-list'];

type Block = { tag: string; typeKey: string; shape: [string, ZodType][] };

/** The options of a discriminated union, each with its tag and its fields besides the tag. */
function blocksOf(union: z.ZodDiscriminatedUnion): Block[] {
  const typeKey = (union._zod.def as { discriminator: string }).discriminator;
  return (union.options as z.ZodObject[]).map((option) => ({
    tag: String((option.shape[typeKey] as z.ZodLiteral).value),
    typeKey,
    shape: Object.entries(option.shape as Record<string, ZodType>).filter(([key]) => key !== typeKey),
  }));
}

/** `sections` + `hero` → `sections[hero]`: the editor path of one block type's items. */
const blockPath = (path: string, tag: string) => `${path}[${tag}]`;

type Walk = Required<Omit<EditorOptions, 'pinned'>> & {
  pinned: Set<string>;
  checks: Map<string, ZodType>;
  /** Inside an optional object: its fields may all be empty together (no secondary button, no image). */
  insideOptional: boolean;
};

function childPath(parent: string, key: string): string {
  return parent ? `${parent}.${key}` : key;
}

/** Whether some pinned path runs through an item of the list at `path` (the list's length is then fixed too). */
const holdsPinnedItems = (walk: Walk, path: string) =>
  [...walk.pinned].some((pinned) => pinned.startsWith(`${path}[]`));

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value);

/**
 * Nothing a marketer entered: what the editor holds for a field left empty or emptied again (no value, '', an
 * empty list, an object of such values, where an unticked box counts as empty too).
 */
function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (isPlainObject(value)) return Object.values(value).every((item) => item === false || isEmptyValue(item));
  return false;
}

/**
 * The schema a field's value is checked with in the editor: the field's own, run on the value as it will be
 * saved; a field that may be left empty (optional, or inside an optional object) passes when empty.
 */
function editorCheck(schema: ZodType, mayBeEmpty: boolean): ZodType {
  const object = unwrap(schema).type;
  if (!mayBeEmpty && !(object instanceof z.ZodObject)) return schema;
  const check = z.preprocess(
    (value) => {
      const saved = savedContent(schema, value);
      return mayBeEmpty && isEmptyValue(saved) ? undefined : saved;
    },
    mayBeEmpty ? schema.optional() : schema,
  );
  if (object instanceof z.ZodObject) groupObjects.set(check, object);
  return check;
}

/** The object schema behind the check of each group (an object field checked as a whole). */
const groupObjects = new WeakMap<ZodType, z.ZodObject>();

/**
 * What the check of a group (`checked-object`) finds that its fields do not say themselves: a rule across its fields
 * (an image's description or decorative tick), or a field left empty in a group that is in use (a secondary
 * button with a label but no link). A field's own mistake is said once, under the field. `names` names the fields
 * in the editor's words.
 */
export function groupProblems(check: ZodType, value: unknown, names: FieldNames): string[] {
  const issues = schemaIssues(check, value);
  const object = groupObjects.get(check);
  const saved = object ? savedContent(object, value) : undefined;
  const shape = (object?.shape ?? {}) as Record<string, ZodType>;
  return issues
    .filter((issue) => {
      const key = issue.path[0];
      if (!object || typeof key !== 'string' || !shape[key] || !isPlainObject(saved)) return true;
      return isEmptyValue(saved[key]) || shape[key].safeParse(saved[key]).success;
    })
    .flatMap((issue) => describeIssue(issue, { schema: check, value }, names));
}

function fieldFor(key: string, schema: ZodType, path: string, walk: Walk, parentKey?: string): EditorField {
  const { type, optional } = unwrap(schema);
  const mayBeEmpty = optional || walk.insideOptional;
  const base = { name: key, label: fieldLabel(key), required: !mayBeEmpty };
  const hint = (extra?: string) => {
    const parts = [fieldHint(key, isNotWording(schema), walk.prefix, parentKey), extra].filter(Boolean);
    return parts.length > 0 ? parts.join(' ') : undefined;
  };
  const checked = (checkSchema: ZodType = schema) => {
    const check = `${walk.prefix}:${path}`;
    walk.checks.set(check, editorCheck(checkSchema, mayBeEmpty));
    return check;
  };

  if (walk.pinned.has(path) || (type instanceof z.ZodArray && walk.pinned.has(`${path}[]`))) {
    return { ...base, widget: 'fixed', hint: FIXED_BY_SPEC_HINT };
  }

  const kind = fieldKind(schema);
  if (kind?.kind === 'image') {
    return {
      ...base,
      widget: 'checked-image',
      choose_url: false,
      media_library: { allow_multiple: false, config: { max_file_size: MAX_IMAGE_BYTES } },
      hint: hint(),
      check: checked(),
    };
  }
  if (kind?.kind === 'markdown') {
    return {
      ...base,
      widget: 'checked-markdown',
      buttons: MARKDOWN_BUTTONS,
      editor_components: [],
      modes: ['rich_text', 'raw'],
      hint: hint(),
      check: checked(),
    };
  }
  if (kind?.kind === 'reference') return relationField(base, kind.to, false, path, walk, hint(), checked());
  if (walk.choices[path]) {
    return { ...base, widget: 'checked-select', options: walk.choices[path], hint: hint(), check: checked() };
  }

  if (type instanceof z.ZodObject) {
    const own = objectFields(type, path, { ...walk, insideOptional: mayBeEmpty }, key);
    const fields = isExperiment(type) ? [...own, endExperimentField()] : own;
    // An object that may be left empty as a whole, or with a rule across its fields (an image's description or
    // decorative tick), is checked as a whole too; its fields then pass when empty.
    if (mayBeEmpty || checkDefs(type).length > 0) {
      return { ...base, widget: 'checked-object', hint: hint(), fields, check: checked() };
    }
    return { ...base, widget: 'object', hint: hint(), fields };
  }
  if (type instanceof z.ZodArray) {
    const { min, max } = lengthLimits(type);
    const limits = { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
    const element = type.element as ZodType;
    const item = unwrap(element).type;
    const itemKind = fieldKind(element);
    if (itemKind?.kind === 'reference') {
      return { ...relationField(base, itemKind.to, true, path, walk, hint(), checked()), ...limits };
    }
    const fixed = holdsPinnedItems(walk, path);
    const list: EditorField = {
      ...base,
      widget: 'list',
      hint: hint(fixed ? 'The specification fixes how many there are and their order.' : undefined),
      ...limits,
      ...(fixed ? { allow_add: false, allow_remove: false, allow_reorder: false } : {}),
    };
    if (item instanceof z.ZodDiscriminatedUnion) {
      const label_singular = singularLabel(key);
      return { ...list, ...(label_singular ? { label_singular } : {}), ...blockTypes(item, path, walk) };
    }
    if (item instanceof z.ZodObject) return { ...list, fields: objectFields(item, `${path}[]`, walk, key) };
    return { ...list, field: fieldFor(singular(key), element, `${path}[]`, walk, key) };
  }

  const check = checked();
  if (type instanceof z.ZodEnum) {
    return { ...base, widget: 'checked-select', options: type.options as string[], hint: hint(), check };
  }
  if (type instanceof z.ZodISODateTime) {
    return { ...base, widget: 'checked-datetime', format: dateTimeFormat(type, path), hint: hint(), check };
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
      ...(number.isInt ? { step: 1 } : {}),
      ...(Number.isFinite(number.minValue) ? { min: number.minValue as number } : {}),
      ...(Number.isFinite(number.maxValue) ? { max: number.maxValue as number } : {}),
      hint: hint(),
      check,
    };
  }
  if (type instanceof z.ZodBoolean) {
    // A required yes/no starts unticked: a new item (a short link, a plan) holds false until ticked.
    return { ...base, widget: 'checked-boolean', ...(mayBeEmpty ? {} : { default: false }), hint: hint(), check };
  }
  throw new Error(`${path}: no editor field for zod ${type.constructor.name}`);
}

/**
 * How Decap's datetime widget writes a date and time the schema takes: to the second, with the offset of the
 * editor's computer (`2026-11-27T09:00:00+11:00`), as z.iso.datetime({ offset: true }) requires and the content files
 * have it. Its default would add milliseconds; with `picker_utc` it would write UTC, which a reader must convert.
 */
function dateTimeFormat(type: z.ZodISODateTime, path: string): string {
  const { offset, local, precision } = type._zod.def as {
    offset?: boolean;
    local?: boolean;
    precision?: number | null;
  };
  if (!offset || local || (precision !== undefined && precision !== null && precision !== 0)) {
    throw new Error(`${path}: the editor writes a date and time to the second with its offset; allow that`);
  }
  return 'YYYY-MM-DDTHH:mm:ssZ';
}

/**
 * The editor's own field of an experiment: the version it ends with, chosen from the original and each possible
 * variant by its place in the list; the value is that version's index (0 the original).
 */
function endExperimentField(): EditorField {
  const variants = Array.from({ length: EXPERIMENT_VARIANTS_MAX }, (_, index) => ({
    label: END_EXPERIMENT_WORDING.variant(index + 1),
    value: String(index + 1),
  }));
  return {
    name: EXPERIMENT_END_KEY,
    label: END_EXPERIMENT_WORDING.label,
    widget: 'select',
    required: false,
    editorOnly: true,
    options: [{ label: END_EXPERIMENT_WORDING.original, value: '0' }, ...variants],
    hint: END_EXPERIMENT_WORDING.hint,
  };
}

type Base = { name: string; label: string; required: boolean };

/** A reference (or a list of them) to content edited elsewhere: chosen from that collection, by name. */
function relationField(
  base: Base,
  to: ReferenceTarget,
  multiple: boolean,
  path: string,
  walk: Walk,
  hint: string | undefined,
  check: string,
): EditorField {
  const target = walk.relations[to];
  if (!target) throw new Error(`${path}: no editor collection for the ${to} it names (relations)`);
  return { ...base, widget: 'checked-relation', ...target, multiple, options_length: 50, hint, check };
}

/** The block types of a list of blocks: one per option of the union, named in editor-wording.ts, with a summary. */
function blockTypes(union: z.ZodDiscriminatedUnion, path: string, walk: Walk) {
  const blocks = blocksOf(union);
  return {
    typeKey: blocks[0].typeKey,
    types: blocks.map(({ tag, shape }): EditorBlockType => {
      const label = BLOCK_LABELS[tag];
      if (!label) throw new Error(`${path}: the block '${tag}' has no name in the editor (BLOCK_LABELS)`);
      const title = shape.find(([key]) => key === 'title');
      // Folded, a block shows its name and its title: "Hero: Every patient call answered".
      const summary = !title
        ? label
        : unwrap(title[1]).optional
          ? `${label}{{title | ternary(': ', '')}}{{title}}`
          : `${label}: {{title}}`;
      const at = blockPath(path, tag);
      const fields = shape.map(([key, value]) => fieldFor(key, value, childPath(at, key), walk, tag));
      return { name: tag, label, widget: 'object', summary, fields };
    }),
  };
}

function objectFields(object: z.ZodObject, path: string, walk: Walk, parentKey?: string): EditorField[] {
  return Object.entries(object.shape as Record<string, ZodType>).map(([key, value]) =>
    fieldFor(key, value, childPath(path, key), walk, parentKey),
  );
}

/** The editor's fields for content satisfying `schema`, with the zod schema behind every checked field. */
export function editorFields(schema: ZodType, options: EditorOptions): EditorFields {
  const root = unwrap(schema).type;
  if (!(root instanceof z.ZodObject)) throw new Error(`${options.prefix}: content schemas must be objects`);
  const walk: Walk = {
    pinned: new Set((options.pinned ?? []).map(anyItem)),
    prefix: options.prefix,
    relations: options.relations ?? {},
    choices: options.choices ?? {},
    checks: new Map(),
    insideOptional: false,
  };
  return { fields: objectFields(root, '', walk), checks: walk.checks };
}

/** A list field whose items satisfy `itemSchema`: how a file holding a list (plans.json) is edited. */
export function editorListField(
  name: string,
  itemSchema: ZodType,
  options: EditorOptions & { mayBeEmpty?: boolean },
): EditorFields {
  // A list that may be empty is optional to the editor: Decap refuses an empty required list.
  const list = z.array(itemSchema);
  return editorFields(z.object({ [name]: options.mayBeEmpty ? list.optional() : list.min(1) }), {
    ...options,
    pinned: (options.pinned ?? []).map((path) => `${name}${path}`),
  });
}

/**
 * An entry as the editor hands it over, as its file holds it: every object's keys in the order the schema lists
 * them (keys the schema does not know after them), since the editor keeps no key order of its own and a file
 * saved unchanged must come out byte for byte the same; and without the optional fields left empty, since Decap
 * keeps '' for a text typed and cleared again, and an object for a secondary button or an image whose fields were
 * opened and left empty, where the file has an optional field filled in or not at all.
 */
export function savedContent(schema: ZodType, value: unknown): unknown {
  const type = unwrap(schema).type;
  const option = unionOption(type, value);
  if (option) return savedContent(option, value);
  if (type instanceof z.ZodArray && Array.isArray(value)) {
    return value.map((item) => savedContent(type.element as ZodType, item));
  }
  if (type instanceof z.ZodObject && isPlainObject(value)) {
    const shape = type.shape as Record<string, ZodType>;
    const known = Object.keys(shape)
      .filter((key) => key in value)
      .flatMap((key) => {
        const saved = savedContent(shape[key], value[key]);
        return unwrap(shape[key]).optional && isEmptyValue(saved) ? [] : [[key, saved] as const];
      });
    // An experiment's end choice is the editor's, acted on before the save (src/admin/end-experiment.ts): never kept.
    const unknown = Object.keys(value)
      .filter((key) => !(key in shape) && !(key === EXPERIMENT_END_KEY && isExperiment(type)))
      .map((key) => [key, value[key]] as const);
    return Object.fromEntries([...known, ...unknown]);
  }
  return value;
}

/**
 * Every field path the schema defines (for the coverage test), as the editor fields name them: `hero.title`,
 * `stats[].label`, and per block type of a list of blocks `sections[hero].title`.
 */
export function schemaPaths(schema: ZodType, at = ''): string[] {
  const type = unwrap(schema).type;
  if (type instanceof z.ZodObject) return shapePaths(Object.entries(type.shape as Record<string, ZodType>), at);
  if (type instanceof z.ZodArray) {
    const item = unwrap(type.element as ZodType).type;
    if (item instanceof z.ZodDiscriminatedUnion) {
      return blocksOf(item).flatMap(({ tag, shape }) => [blockPath(at, tag), ...shapePaths(shape, blockPath(at, tag))]);
    }
    return item instanceof z.ZodObject ? schemaPaths(item, `${at}[]`) : [`${at}[]`];
  }
  return [];
}

function shapePaths(shape: [string, ZodType][], at: string): string[] {
  return shape.flatMap(([key, value]) => {
    const path = childPath(at, key);
    return [path, ...schemaPaths(value, path)];
  });
}

/** The block names (`type` values) of every list of blocks in `schema`: each needs its editor type. */
export function blockNames(schema: ZodType): string[] {
  const type = unwrap(schema).type;
  if (type instanceof z.ZodObject) {
    return Object.values(type.shape as Record<string, ZodType>).flatMap((value) => blockNames(value));
  }
  if (type instanceof z.ZodArray) {
    const item = unwrap(type.element as ZodType).type;
    if (item instanceof z.ZodDiscriminatedUnion) return blocksOf(item).map((block) => block.tag);
    return blockNames(item);
  }
  return [];
}
