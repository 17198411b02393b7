/** @jest-environment node */
// Every refusal, in a marketer's words (issue 43): for each content type of the registry, an entry with each
// required list and group removed, each field given the wrong kind of value, each limit exceeded, each placeholder
// a text must hold taken out, each link and each other written-out rule (an address, an id, a choice) broken, all
// generated from the schemas and the content in the repository. Each must be refused by the content check and by
// the editor (before a save, and under the field), naming the field (the editor by its labels) and saying what
// to do, without the schema's jargon: zod's own messages, issue codes, JSON paths.
import fs from 'node:fs';
import path from 'node:path';
import { z, type ZodType } from 'zod';
import { cmsConfig, folderCollectionName, type Collection } from '../../src/admin/cms-config';
import { entryProblems } from '../../src/admin/entry-check';
import { editorNames, fieldRefusals } from '../../src/admin/field-names';
import { schemaProblems } from '../../src/content-model/check';
import { contentFormat, listFieldName } from '../../src/content-model/content-formats';
import { groupProblems, type EditorField } from '../../src/content-model/editor-fields';
import { itemWord } from '../../src/content-model/editor-wording';
import { fieldPath, type IssuePath } from '../../src/content-model/friendly-issue';
import { contentRoot, contentSources, type ContentSource } from '../../src/content-model/registry';
import { lengthLimits, unionOption, unwrap } from '../../src/content-model/zod-helpers';

const root = path.resolve(__dirname, '../..');
const checks = new Map<string, ZodType>();
const config = cmsConfig({ repo: 'owner/site', authBaseUrl: 'https://api.netlify.com', siteUrl: '' }, checks);

/** Words a marketer should never read: zod's own messages and codes, and field paths as code writes them. */
const JARGON: RegExp[] = [
  /Invalid (input|option|string|url|email|number|element|key|value|format|date|type)\b/i,
  /\bexpected (array|string|number|object|boolean|int|nan|undefined|one of|record)\b/i,
  /\breceived (undefined|string|number|object|array|boolean|null|nan)\b/i,
  /\bToo (small|big)\b/i,
  /\bUnrecognized key/i,
  /\b(invalid_type|too_small|too_big|invalid_format|invalid_value|invalid_union|invalid_key|invalid_element|unrecognized_keys|not_multiple_of)\b/,
  /[<>]=?\s?\d/,
  /\b[A-Za-z_]\w*\.\d+\b/, // sections.0.items
  /\bundefined\b/,
  /\bsomething else\b/, // the check's word for a kind of value it has no name for
];
/** And in the editor, the names the file gives fields: `sections[1].title`, `hero.title`, `failureMessage`. */
const FILE_NAMES: RegExp[] = [/\w\[\d+\]/, /'[a-z]\w*(\.\w+)+'/, /(?<![/\w{])[a-z]+[A-Z]\w*(?![\w}])/];

const jargonIn = (message: string, editor: boolean) =>
  [...JARGON, ...(editor ? FILE_NAMES : [])].filter((pattern) => pattern.test(message)).map(String);

type Rule = 'missing' | 'wrong kind' | 'limit' | 'placeholder' | 'link' | 'rule';
const REMOVE = Symbol('remove');
/** `emptied`: an optional text emptied, which a file may not hold but the editor leaves out of the file. */
type Case = { rule: Rule; path: IssuePath; value: unknown; emptied?: boolean };

const isRecord = (value: unknown): value is Record<string | number, unknown> =>
  Boolean(value) && typeof value === 'object';

function withValue(entry: unknown, at: IssuePath, value: unknown): unknown {
  const copy = structuredClone(entry) as Record<string | number, unknown>;
  const parent = at
    .slice(0, -1)
    .reduce<Record<string | number, unknown>>(
      (current, part) => current[part] as Record<string | number, unknown>,
      copy,
    );
  const key = at[at.length - 1];
  if (value === REMOVE) delete parent[key];
  else parent[key] = value;
  return copy;
}

/** A value of another kind than `type` takes. */
function wrongKind(type: ZodType): unknown {
  if (type instanceof z.ZodString || type instanceof z.ZodEnum) return 42;
  if (type instanceof z.ZodNumber) return 'many';
  if (type instanceof z.ZodBoolean) return 'yes';
  if (type instanceof z.ZodArray) return 'one item';
  return 'some words';
}

const LINK = /^(\/|https?:\/\/|mailto:|#)/;

/**
 * The refusals the schema at `at` can give, generated from it and from the value there: a value of the wrong kind
 * and a missing list or group always; a limit, a placeholder, a link or another rule when the field's own schema
 * refuses the value tried (and with it the entry's).
 */
function casesAt(schema: ZodType, value: unknown, at: IssuePath): Case[] {
  const { type, optional } = unwrap(schema);
  if (value === undefined) return []; // an optional field left out: nothing to break
  const cases: Case[] = at.length > 0 ? [{ rule: 'wrong kind', path: at, value: wrongKind(type) }] : [];
  const tried = (rule: Rule, candidate: unknown, emptied?: boolean) => {
    if (!schema.safeParse(candidate).success) cases.push({ rule, path: at, value: candidate, emptied });
  };
  const option = unionOption(type, value);
  if (type instanceof z.ZodObject || option) {
    const object = (option ?? type) as z.ZodObject;
    const tag = type instanceof z.ZodDiscriminatedUnion ? type._zod.def.discriminator : undefined;
    if (at.length > 0 && !optional && !option) cases.push({ rule: 'missing', path: at, value: REMOVE });
    for (const [key, inner] of Object.entries(object.shape as Record<string, ZodType>)) {
      if (key !== tag) cases.push(...casesAt(inner, (value as Record<string, unknown>)[key], [...at, key]));
    }
  } else if (type instanceof z.ZodArray && Array.isArray(value)) {
    if (!optional) cases.push({ rule: 'missing', path: at, value: REMOVE });
    const { min, max } = lengthLimits(type);
    if (min) tried('limit', value.slice(0, min - 1));
    if (max !== undefined && value.length > 0)
      tried(
        'limit',
        Array.from({ length: max + 1 }, () => value[0]),
      );
    // The items of a sample hold one item of each list, one block of each type of a list of blocks.
    value.forEach((item, index) => cases.push(...casesAt(type.element as ZodType, item, [...at, index])));
  } else if (type instanceof z.ZodString && typeof value === 'string') {
    const { min, max } = lengthLimits(type);
    if (min) tried('limit', '', optional);
    if (max !== undefined) tried('limit', 'x'.repeat(max + 1));
    const withoutPlaceholders = value.replace(/\{\w+\}/g, '').trim();
    if (withoutPlaceholders && withoutPlaceholders !== value) tried('placeholder', withoutPlaceholders);
    if (LINK.test(value)) tried('link', 'our pricing page');
    else tried('rule', 'Not Like This!');
  } else if (type instanceof z.ZodEnum) {
    tried('rule', 'not-one-of-them');
  } else if (type instanceof z.ZodNumber) {
    const number = type as z.ZodNumber;
    // An int's own bounds are the safe integers': no limit the schema sets.
    const set = (bound: number | null): bound is number => bound !== null && Math.abs(bound) < Number.MAX_SAFE_INTEGER;
    if (set(number.minValue)) tried('limit', number.minValue - 1);
    if (set(number.maxValue)) tried('limit', number.maxValue + 1);
    if (number.isInt) tried('limit', 2.5);
  }
  return cases;
}

/**
 * `value` with each list cut to as few items as its schema takes (at least one), a list of blocks to one block of
 * each type: every field is still there once, and checking the entry is quicker (the chat's 28 time zones each ask
 * Intl whether it knows them).
 */
function trimmed(schema: ZodType, value: unknown): unknown {
  const type = unwrap(schema).type;
  const option = unionOption(type, value);
  if (option) return trimmed(option, value);
  if (type instanceof z.ZodArray && Array.isArray(value)) {
    const element = unwrap(type.element as ZodType).type;
    const tagOf = (item: unknown) =>
      element instanceof z.ZodDiscriminatedUnion && isRecord(item) ? item[element._zod.def.discriminator] : undefined;
    const kept = value.filter((item, index) =>
      tagOf(item) === undefined
        ? index < Math.max(lengthLimits(type).min ?? 1, 1)
        : value.findIndex((other) => tagOf(other) === tagOf(item)) === index,
    );
    return kept.map((item) => trimmed(type.element as ZodType, item));
  }
  if (type instanceof z.ZodObject && isRecord(value)) {
    const shape = type.shape as Record<string, ZodType>;
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, shape[key] ? trimmed(shape[key], item) : item]),
    );
  }
  return value;
}

/** An entry of each content type as its file holds it (a list file: its first item), and as the editor holds it. */
function sampleOf(source: ContentSource) {
  const format = contentFormat(source);
  const file =
    source.kind === 'json-object' || source.kind === 'json-list'
      ? path.join(root, contentRoot, source.file)
      : path.join(root, contentRoot, source.folder, fs.readdirSync(path.join(root, contentRoot, source.folder))[0]);
  const data = format.fromFile(fs.readFileSync(file, 'utf8'));
  if (source.kind === 'json-list') {
    const list = listFieldName(source);
    const [first] = data[list] as unknown[];
    return {
      entry: trimmed(source.schema, first),
      editorData: (item: unknown) => ({ [list]: [item] }),
      prefix: [list],
    };
  }
  if (source.kind === 'mdx-folder') {
    const { body, ...frontmatter } = data;
    return {
      entry: trimmed(source.schema, frontmatter),
      editorData: (item: unknown) => ({ ...(item as object), body }),
      prefix: [],
    };
  }
  return {
    entry: trimmed(source.schema, data),
    editorData: (item: unknown) => item as Record<string, unknown>,
    prefix: [],
  };
}

/** The editor's fields of a content type, as its collection in the editor's configuration has them. */
function editorFieldsOf(source: ContentSource): EditorField[] {
  const name = folderCollectionName(source.typeName) ?? source.typeName;
  const collection = config.collections.find((candidate: Collection) => candidate.name === name)!;
  return 'files' in collection ? collection.files[0].fields : collection.fields;
}

/**
 * The editor fields along `at` in `data`, each with its path, and the label a refusal of the last must name: a
 * field's label, or for an item of a list what one of its items is called (Section, Feature).
 */
function editorTrail(fields: EditorField[], data: unknown, at: IssuePath) {
  const trail: { field: EditorField; path: IssuePath }[] = [];
  let level: EditorField[] | undefined = fields;
  let field: EditorField | undefined;
  let value: unknown = data;
  const labels: string[] = [];
  const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
  at.forEach((part, index) => {
    value = isRecord(value) ? value[part] : undefined;
    if (typeof part === 'number') {
      const type = field?.types?.find((candidate) => isRecord(value) && candidate.name === value[field!.typeKey!]);
      labels.push(capitalised(field?.label_singular ?? field?.field?.label ?? itemWord(field?.name ?? '')));
      level = type?.fields ?? field?.fields;
      field = field?.field;
      if (field) trail.push({ field, path: at.slice(0, index + 1) });
      return;
    }
    field = level?.find((candidate) => candidate.name === part);
    if (!field) throw new Error(`no editor field at ${fieldPath(at)}`);
    labels.push(field.label);
    level = field.fields;
    trail.push({ field, path: at.slice(0, index + 1) });
  });
  return { trail, labels, label: labels[labels.length - 1] };
}

/** What the checked fields along the path say under themselves (a group: what its fields do not say). */
function fieldMessages(trail: ReturnType<typeof editorTrail>['trail'], data: unknown): string[] {
  return trail.flatMap(({ field, path: at }) => {
    const check = field.check && checks.get(field.check);
    if (!check) return [];
    const value = at.reduce<unknown>((current, part) => (isRecord(current) ? current[part] : undefined), data);
    if (field.widget === 'checked-object') {
      return groupProblems(check, value, editorNames([field], { [field.name]: value }, [field.name]));
    }
    return fieldRefusals(check, field, value);
  });
}

type Result = { typeName: string; cases: Case[]; failures: unknown[] };

async function refusalsOf(source: ContentSource): Promise<Result> {
  const { entry, editorData, prefix } = sampleOf(source);
  const cases = casesAt(source.schema, entry, []);
  const fields = editorFieldsOf(source);
  const failures: unknown[] = [];
  for (const found of cases) {
    const broken = withValue(entry, found.path, found.value);
    const where = { rule: found.rule, field: fieldPath(found.path), value: found.value };
    // The content check: refused, the field named as the file names it, nothing of the schema's jargon.
    const checkMessages = schemaProblems(source, broken);
    if (checkMessages.length === 0) failures.push({ ...where, problem: 'the content check takes it' });
    if (!checkMessages.some((message) => message.includes(`'${fieldPath(found.path)}`))) {
      failures.push({ ...where, problem: 'the content check does not name the field', checkMessages });
    }
    for (const message of checkMessages) {
      const jargon = jargonIn(message, false);
      if (jargon.length > 0) failures.push({ ...where, problem: 'jargon in the content check', message, jargon });
    }
    // The editor: before the save, and under the fields along the path; each names the field by its label.
    const data = editorData(broken);
    const editorPath = [...prefix, ...found.path];
    const { trail, labels, label } = editorTrail(fields, data, editorPath);
    if (found.emptied) continue;
    const saveMessages = await entryProblems(source, data);
    if (saveMessages.length === 0) failures.push({ ...where, problem: 'the editor saves it' });
    if (!saveMessages.some((message) => message.includes(label))) {
      failures.push({ ...where, problem: `the editor's refusal does not name '${label}'`, saveMessages });
    }
    const underFields = fieldMessages(trail, data);
    for (const message of [...saveMessages, ...underFields]) {
      const jargon = jargonIn(message, true);
      if (jargon.length > 0) failures.push({ ...where, problem: 'jargon in the editor', message, jargon });
    }
    for (const message of underFields) {
      if (!labels.some((name) => message.includes(name))) {
        failures.push({ ...where, problem: 'a field error without a label of the field', message, labels });
      }
    }
    // "What to do": a message is more than a name; a missing list or group says how to add it.
    if (found.rule === 'missing' && !saveMessages.some((message) => /\bAdd (it|at least)\b/.test(message))) {
      failures.push({ ...where, problem: 'a missing field without "Add …"', saveMessages });
    }
  }
  return { typeName: source.typeName, cases, failures };
}

const results = new Map<string, Promise<Result>>();
const resultOf = (source: ContentSource) => {
  if (!results.has(source.typeName)) results.set(source.typeName, refusalsOf(source));
  return results.get(source.typeName)!;
};

describe.each(contentSources.map((source) => [source.typeName, source] as const))('%s', (_, source) => {
  it('refuses every broken rule in words naming the field, the editor by its labels, without jargon', async () => {
    const { cases, failures } = await resultOf(source);
    expect(failures).toEqual([]);
    // Every content type has fields to leave out or get wrong, and rules the generator found to break.
    expect(cases.filter((found) => found.rule === 'wrong kind').length).toBeGreaterThan(0);
    expect(cases.filter((found) => found.rule !== 'wrong kind').length).toBeGreaterThan(0);
  });
});

it('goes through every kind of refusal across the content types', async () => {
  const all = (await Promise.all(contentSources.map(resultOf))).flatMap((result) => result.cases);
  const byRule = Object.fromEntries(
    (['missing', 'wrong kind', 'limit', 'placeholder', 'link', 'rule'] as const).map((rule) => [
      rule,
      all.filter((found) => found.rule === rule).length,
    ]),
  );
  for (const count of Object.values(byRule)) expect(count).toBeGreaterThan(0);
  expect(all.length).toBeGreaterThan(1000);
});

it('names a missing list of sections as the editor labels it, and says to add one', async () => {
  const source = contentSources.find((candidate) => candidate.typeName === 'LandingPage')!;
  const { entry } = sampleOf(source);
  const broken = withValue(entry, ['sections'], REMOVE);
  expect(await entryProblems(source, broken as Record<string, unknown>)).toEqual([
    'Sections is missing. Add at least one section.',
  ]);
  expect(schemaProblems(source, broken)).toEqual(["'sections' is missing. Add at least one section."]);
});
