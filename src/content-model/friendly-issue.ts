// Turns a zod issue into a sentence a marketer can act on: where, what is wrong, how to fix it.
import type { z } from 'zod';

/** A zod issue, parsed with `reportInput: true` so it carries the value it is about. */
type Issue = z.core.$ZodIssue;

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

export function fieldPath(path: (string | number)[]): string {
  return path.reduce<string>(
    (text, part) => (typeof part === 'number' ? `${text}[${part + 1}]` : text ? `${text}.${part}` : part),
    '',
  );
}

/** `knownKeys` lists the fields allowed where an unknown field was found (for "did you mean"). */
export function describeIssue(issue: Issue, knownKeys: (path: (string | number)[]) => string[]): string[] {
  const at = issue.path.filter((part): part is string | number => typeof part !== 'symbol');
  const where = fieldPath(at);
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => {
      const suggestion = closest(key, knownKeys(at));
      const field = where ? `${where}.${key}` : key;
      return suggestion
        ? `'${field}' is not a known field. Did you mean '${suggestion}'? Rename it.`
        : `'${field}' is not a known field. Remove it, or check CONTENT.md for the fields this file takes.`;
    });
  }
  if (issue.code === 'invalid_type' && issue.input === undefined) {
    return [`'${where}' is missing. Add it (see CONTENT.md for an example).`];
  }
  if (issue.code === 'invalid_type') {
    return [`'${where}' must be ${article(issue.expected)}, but it is ${article(kindOf(issue.input))}.`];
  }
  return [`'${where}': ${issue.message}.`];
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function article(type: string): string {
  const names: Record<string, string> = {
    string: 'text (in quotes)',
    number: 'a number (without quotes)',
    boolean: 'true or false (without quotes)',
    array: 'a list ([ … ])',
    object: 'a group of fields ({ … })',
    null: 'empty (null)',
  };
  return names[type] ?? type;
}
