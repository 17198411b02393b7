// Turns a zod issue into a sentence a marketer can act on: which field, what is wrong, how to fix it. The one
// source of these words: `npm run check:content` names a field as the file has it ('hero.title'), the editor by
// its labels (Hero › Title, src/admin/field-names.ts); what is wrong and the fix read the same in both.
import { z, type ZodType } from 'zod';
import { itemWord, singular } from './editor-wording';
import { lengthLimits, unionOption, unwrap } from './zod-helpers';

/** A zod issue, parsed with `reportInput: true` so it carries the value it is about (see `schemaIssues`). */
type Issue = z.core.$ZodIssue;
export type IssuePath = (string | number)[];

/** How the reader finds a field: in the file by its keys, in the editor by its labels. */
export type FieldNames = {
  /** The field at `path`: `'hero.title'` in a file, `Hero › Title` in the editor. */
  name(path: IssuePath): string;
  /**
   * A rule a schema words of its field's key ("title must not be empty") follows the name in a file's report
   * ("'hero.title': title must not be empty"); in the editor the name takes the key's place ("Hero › Title must
   * not be empty").
   */
  rulesByName: boolean;
  /** The whole path of the field at `path`, when the names start above the checked value (a field of a group). */
  whole?(path: IssuePath): IssuePath;
};

/** The content being checked and its schema: what a list needs and which fields an object takes. */
export type Checked = { schema: ZodType; value: unknown };

/** The issues of `value` against `schema`, each with the value it is about, as `describeIssue` reads them. */
export function schemaIssues(schema: ZodType, value: unknown): Issue[] {
  const result = schema.safeParse(value, { reportInput: true });
  return result.success ? [] : result.error.issues;
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length];
}

export function closest(word: string, candidates: string[]): string | undefined {
  const ranked = candidates
    .map((candidate) => ({ candidate, score: distance(word.toLowerCase(), candidate.toLowerCase()) }))
    .sort((a, b) => a.score - b.score)[0];
  return ranked && ranked.score <= Math.max(2, Math.floor(word.length / 3)) ? ranked.candidate : undefined;
}

/** `sections[2].image.src`: a field as the content check names it, list positions counted from 1. */
export function fieldPath(path: IssuePath): string {
  return path.reduce<string>(
    (text, part) => (typeof part === 'number' ? `${text}[${part + 1}]` : text ? `${text}.${part}` : part),
    '',
  );
}

/** The content check's names: a field as the file has it, in quotes. */
export const fileNames: FieldNames = { name: (path) => `'${fieldPath(path)}'`, rulesByName: false };

/** The schema at `path` inside `value` (a section's fields depend on its type), unwrapped. */
export function schemaAt(checked: Checked, path: IssuePath): ZodType | undefined {
  let current: ZodType | undefined = checked.schema;
  let value = checked.value;
  for (const part of [...path, null]) {
    if (!current) return undefined;
    current = unwrap(current).type;
    current = unionOption(current, value) ?? current;
    if (part === null) break;
    value = value && typeof value === 'object' ? (value as Record<string | number, unknown>)[part] : undefined;
    if (current instanceof z.ZodArray) current = current.element as ZodType;
    else if (current instanceof z.ZodObject) current = (current.shape as Record<string, ZodType>)[part];
    else return undefined;
  }
  return current;
}

/** The keys the schema allows at `path` inside the checked value. */
export function keysAt(checked: Checked, path: IssuePath): string[] {
  const found = schemaAt(checked, path);
  return found instanceof z.ZodObject ? Object.keys(found.shape) : [];
}

/** The key of the list or field a path ends in: `features` for `features[2]`. */
const lastKey = (path: IssuePath) => [...path].reverse().find((part): part is string => typeof part === 'string');

/** "one section", "3 sections": how many of a list's items. */
function count(amount: number, word: string): string {
  if (amount === 1) return `one ${word}`;
  return `${amount} ${word.endsWith('s') ? word : `${word}s`}`;
}

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * A message the schema gives itself (`.min(1, 'title must not be empty')`), not zod's own (`Too small: …`), which
 * is for developers: zod words its own from the issue with the locale it is configured with.
 */
function isSchemaMessage(issue: Issue): boolean {
  const locale = z.config().localeError?.(issue as never);
  const own = typeof locale === 'string' ? locale : locale?.message;
  return issue.message !== own && issue.message !== 'Invalid input';
}

/** A rule the schema words itself, of the field at `path`. */
function schemaRule(names: FieldNames, path: IssuePath, message: string): string {
  const name = names.name(path);
  if (!names.rulesByName) return sentence(`${name}: ${message}`);
  const key = lastKey(names.whole?.(path) ?? path)?.toLowerCase();
  // Schemas word a rule of the field's key ("title must …"), of an item of a list by the list's key or its singular
  // ("feature must …"), or of "each of" the list's items; the name takes its place.
  const subject = /^(?:each of )?(\w+) /.exec(message);
  const isKey = (word: string) => word === key || singular(word) === key || word === singular(key ?? '');
  if (key && subject && isKey(subject[1].toLowerCase())) return sentence(`${name} ${message.slice(subject[0].length)}`);
  return sentence(`${name}: ${message}`);
}

/** What a field of zod's own rule needs, in words, when the schema gave it no message of its own. */
function ownRule(issue: Issue, name: string, item: string): string {
  switch (issue.code) {
    case 'too_small': {
      const least = Number(issue.minimum);
      if (issue.origin === 'array' || issue.origin === 'set') {
        return `${name} needs at least ${count(least, item)}. Add ${least === 1 ? 'one' : 'more'}.`;
      }
      if (issue.origin === 'string') {
        return least <= 1
          ? `${name} must not be empty. Fill it in.`
          : `${name} must be at least ${least} characters long. Add to it.`;
      }
      return issue.inclusive ? `${name} must be at least ${least}.` : `${name} must be more than ${least}.`;
    }
    case 'too_big': {
      const most = Number(issue.maximum);
      if (issue.origin === 'array' || issue.origin === 'set') {
        return `${name} may have at most ${count(most, item)}. Remove ${most === 0 ? 'them' : 'some'}.`;
      }
      if (issue.origin === 'string') return `${name} must be at most ${most} characters long. Shorten it.`;
      return issue.inclusive ? `${name} must be at most ${most}.` : `${name} must be less than ${most}.`;
    }
    case 'invalid_value':
      return `${name} must be one of: ${issue.values.map(String).join(', ')}.`;
    case 'invalid_format':
      if (issue.format === 'email') return `${name} must be an e-mail address, e.g. hello@example.com.`;
      if (issue.format === 'url') return `${name} must be a full address such as https://example.com.`;
      if (issue.format === 'starts_with')
        return `${name} must start with "${(issue as unknown as { prefix: string }).prefix}".`;
      if (issue.format === 'ends_with')
        return `${name} must end with "${(issue as unknown as { suffix: string }).suffix}".`;
      if (issue.format === 'includes')
        return `${name} must contain "${(issue as unknown as { includes: string }).includes}".`;
      return `${name} is not written the way this field needs. See CONTENT.md for an example.`;
    case 'not_multiple_of':
      return `${name} must be a multiple of ${String(issue.divisor)}.`;
    case 'invalid_union':
      return `${name} is none of the kinds this field takes. See CONTENT.md for an example.`;
    default:
      return `${name} is not accepted here. See CONTENT.md for what it takes.`;
  }
}

/** What one missing list needs: its least number of items, or that it may be empty. */
function missingList(checked: Checked, path: IssuePath, item: string): string {
  const list = schemaAt(checked, path);
  const least = list ? lengthLimits(list).min : undefined;
  return least ? `Add at least ${count(least, item)}.` : 'Add it (it may be empty).';
}

/** What is wrong with the content at the issue's field and how to fix it, in the reader's names for fields. */
export function describeIssue(issue: Issue, checked: Checked, names: FieldNames): string[] {
  const at = issue.path.filter((part): part is string | number => typeof part !== 'symbol');
  const name = names.name(at);
  const item = itemWord(lastKey(names.whole?.(at) ?? at) ?? '');
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => {
      const suggestion = closest(key, keysAt(checked, at));
      const field = names.name([...at, key]);
      return suggestion
        ? `${field} is not a known field. Did you mean '${suggestion}'? Rename it.`
        : `${field} is not a known field. Remove it, or check CONTENT.md for the fields this file takes.`;
    });
  }
  if (issue.code === 'invalid_type' && issue.input === undefined) {
    if (issue.expected === 'array') return [`${name} is missing. ${missingList(checked, at, item)}`];
    return [`${name} is missing. Add it (see CONTENT.md for an example).`];
  }
  if (issue.code === 'invalid_type' && issue.expected === 'int' && typeof issue.input === 'number') {
    return [`${name} must be a whole number, but it is ${issue.input}.`];
  }
  if (issue.code === 'invalid_type') {
    return [`${name} must be ${article(issue.expected)}, but it is ${article(kindOf(issue.input))}.`];
  }
  if (isSchemaMessage(issue)) return [schemaRule(names, at, issue.message)];
  return [ownRule(issue, name, item)];
}

/** A problem the content check words itself (an image's file), said of the field at `path`. */
export const namedProblem = (names: FieldNames, path: IssuePath, problem: string) => `${names.name(path)} ${problem}`;

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function article(type: string): string {
  const names: Record<string, string> = {
    string: 'text (in quotes)',
    number: 'a number (without quotes)',
    int: 'a whole number (without quotes)',
    boolean: 'true or false (without quotes)',
    array: 'a list ([ … ])',
    object: 'a group of fields ({ … })',
    null: 'empty (null)',
  };
  return names[type] ?? 'something else';
}
