// What a pull request changes in the copy: content files and fields, old → new. JSON values and MDX
// frontmatter are matched by field path; MDX bodies by paragraph (a longest-common-subsequence alignment,
// so an inserted paragraph does not make every later one look changed).
import { readCopy, type CopyField, type CopyFile } from './copy-fields';

export type CopyChange = {
  file: string;
  field: string;
  kind: 'changed' | 'added' | 'removed';
  before?: string;
  after?: string;
};

type Step<T> = { kind: 'same'; a: T; b: T } | { kind: 'removed'; a: T } | { kind: 'added'; b: T };

/** The shortest edit from `a` to `b` (longest common subsequence), as a list of steps in order. */
export function alignSequences<T>(a: T[], b: T[], equal: (x: T, y: T) => boolean = (x, y) => x === y): Step<T>[] {
  const lengths = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lengths[i][j] = equal(a[i], b[j]) ? lengths[i + 1][j + 1] + 1 : Math.max(lengths[i + 1][j], lengths[i][j + 1]);
  const steps: Step<T>[] = [];
  let [i, j] = [0, 0];
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && equal(a[i], b[j])) steps.push({ kind: 'same', a: a[i++], b: b[j++] });
    else if (i < a.length && (j === b.length || lengths[i + 1][j] >= lengths[i][j + 1]))
      steps.push({ kind: 'removed', a: a[i++] });
    else steps.push({ kind: 'added', b: b[j++] });
  }
  return steps;
}

/** Paragraph changes: a run of removed paragraphs followed by added ones pairs up as changed paragraphs. */
function diffParagraphs(file: string, before: CopyField[], after: CopyField[]): CopyChange[] {
  const changes: CopyChange[] = [];
  let removed: CopyField[] = [];
  let added: CopyField[] = [];
  const flush = () => {
    const pairs = Math.min(removed.length, added.length);
    for (let index = 0; index < pairs; index++)
      changes.push({
        file,
        field: added[index].field,
        kind: 'changed',
        before: removed[index].text,
        after: added[index].text,
      });
    for (const field of removed.slice(pairs))
      changes.push({ file, field: field.field, kind: 'removed', before: field.text });
    for (const field of added.slice(pairs))
      changes.push({ file, field: field.field, kind: 'added', after: field.text });
    removed = [];
    added = [];
  };
  for (const step of alignSequences(before, after, (x, y) => x.text === y.text)) {
    if (step.kind === 'same') flush();
    else if (step.kind === 'removed') removed.push(step.a);
    else added.push(step.b);
  }
  flush();
  return changes;
}

const isBody = (field: CopyField) => field.field.startsWith('body paragraph ');

function diffFile(file: string, before: CopyFile, after: CopyFile): CopyChange[] {
  const beforeFields = new Map(
    before.fields.filter((field) => !isBody(field)).map((field) => [field.field, field.text]),
  );
  const afterFields = new Map(after.fields.filter((field) => !isBody(field)).map((field) => [field.field, field.text]));
  const changes: CopyChange[] = [];
  for (const [field, text] of beforeFields) {
    if (!afterFields.has(field)) changes.push({ file, field, kind: 'removed', before: text });
    else if (afterFields.get(field) !== text)
      changes.push({ file, field, kind: 'changed', before: text, after: afterFields.get(field) });
  }
  for (const [field, text] of afterFields)
    if (!beforeFields.has(field)) changes.push({ file, field, kind: 'added', after: text });
  return [...changes, ...diffParagraphs(file, before.fields.filter(isBody), after.fields.filter(isBody))];
}

/** Every change between two content folders, file by file in path order. */
export function diffCopy(baseContentDir: string, headContentDir: string): CopyChange[] {
  const base = new Map(readCopy(baseContentDir).map((copy) => [copy.file, copy]));
  const head = new Map(readCopy(headContentDir).map((copy) => [copy.file, copy]));
  const files = [...new Set([...base.keys(), ...head.keys()])].sort();
  return files.flatMap((file): CopyChange[] => {
    const [before, after] = [base.get(file), head.get(file)];
    if (!before) return [{ file, field: '(new file)', kind: 'added' }];
    if (!after) return [{ file, field: '(file removed)', kind: 'removed' }];
    return diffFile(file, before, after);
  });
}

export type WordPart = { text: string; kind: 'same' | 'removed' | 'added' };

/** A word-level diff of two texts, for showing exactly which words a change touched. */
export function diffWords(before: string, after: string): WordPart[] {
  const tokens = (text: string) => text.split(/(\s+)/).filter(Boolean);
  const parts: WordPart[] = [];
  for (const step of alignSequences(tokens(before), tokens(after))) {
    const text = step.kind === 'added' ? step.b : step.a;
    const last = parts[parts.length - 1];
    if (last?.kind === step.kind) last.text += text;
    else parts.push({ text, kind: step.kind });
  }
  return parts;
}
