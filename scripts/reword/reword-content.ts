// What a marketer's pull request does to content/: every piece of wording the specification does not fix gets
// one more word in front. Wording is what the schemas do not mark `notWording` (link targets, ids, addresses and
// the chat's listening words stay); the specification's texts are the pinned fields of the test contract.
import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import { printContentJson } from '../../src/content-model/content-files';
import { fieldKeys, type WordingField } from '../../src/content-model/wording';
import { contentWording, type FileWording } from '../content-wording';
import { pinnedFields } from '../../src/content-model/spec-texts';

export const REWORD_PREFIX = 'Freshly';

export type Reworded = { file: string; field: string; before: string; after: string };

const reword = (text: string) => `${REWORD_PREFIX} ${text}`;

/** Sets the value at a field path such as `steps.email.invalid`, `[2].features[0]` or `navigation[1].label`. */
export function setAt(root: unknown, field: string, value: string): void {
  const parts = fieldKeys(field);
  let holder = root as Record<string | number, unknown>;
  for (const part of parts.slice(0, -1)) holder = holder[part] as Record<string | number, unknown>;
  holder[parts[parts.length - 1]] = value;
}

const pinnedIn = (file: string) =>
  new Set(pinnedFields.filter((pinned) => pinned.file === file).map((pinned) => pinned.field));

function rewordJson(dir: string, { file, fields }: FileWording): Reworded[] {
  const absolute = path.join(dir, file);
  const data: unknown = JSON.parse(fs.readFileSync(absolute, 'utf8'));
  const pinned = pinnedIn(file);
  const changes = fields
    .filter(({ field }) => !pinned.has(field))
    .map(({ field, text }) => ({ file, field, before: text, after: reword(text) }));
  for (const change of changes) setAt(data, change.field, change.after);
  // Printed as the editor prints it, so a reworded file is one a marketer's save could have written.
  fs.writeFileSync(absolute, printContentJson(data));
  return changes;
}

/** Frontmatter is edited in its own lines (YAML is not rewritten, so dates and quoting stay as written). */
function rewordFrontmatterLine(lines: string[], end: number, { text }: WordingField): boolean {
  const index = lines.findIndex(
    (line, at) => at < end && (line.endsWith(`: ${text}`) || line.endsWith(`- ${text}`) || line.endsWith(`"${text}"`)),
  );
  if (index < 0) return false;
  const start = lines[index].lastIndexOf(text);
  lines[index] = `${lines[index].slice(0, start)}${reword(text)}${lines[index].slice(start + text.length)}`;
  return true;
}

/** Prose paragraphs and headings of an MDX body; lists, tables and components keep their first word. */
function rewordBody(lines: string[], from: number, file: string): Reworded[] {
  const changes: Reworded[] = [];
  for (let index = from; index < lines.length; index++) {
    const line = lines[index];
    const startsBlock = index === from || lines[index - 1].trim() === '';
    const prose = /^#{1,6} |^(?=[A-Za-z"“‘(])/.exec(line);
    if (!startsBlock || !prose) continue;
    const at = prose[0].length;
    const after = `${line.slice(0, at)}${reword(line.slice(at))}`;
    changes.push({ file, field: `line ${index + 1}`, before: line, after });
    lines[index] = after;
  }
  return changes;
}

function rewordMdx(dir: string, { file, fields }: FileWording): Reworded[] {
  const absolute = path.join(dir, file);
  const sourceText = fs.readFileSync(absolute, 'utf8');
  const lines = sourceText.split('\n');
  const bodyStart = lines.length - matter(sourceText).content.split('\n').length;
  const changes: Reworded[] = [];
  for (const field of fields) {
    if (!rewordFrontmatterLine(lines, bodyStart, field))
      throw new Error(`${file}: cannot find ${field.field} ("${field.text}") on a line of its own`);
    changes.push({ file, field: field.field, before: field.text, after: reword(field.text) });
  }
  changes.push(...rewordBody(lines, bodyStart, file));
  fs.writeFileSync(absolute, lines.join('\n'));
  return changes;
}

/** Rewords every content file in `dir` (a copy of content/) in place and lists what changed. */
export function rewordContent(dir: string): Reworded[] {
  return contentWording(dir).flatMap((wording) =>
    wording.source.kind === 'mdx-folder' ? rewordMdx(dir, wording) : rewordJson(dir, wording),
  );
}
