// Every piece of copy in a content folder, named the way a marketer finds it: JSON values by field path
// (`hero.title`, `stats[0].label`), MDX frontmatter by key and MDX bodies by paragraph, each with the line
// of the file it starts on. Used by the spelling check and by the copy diff of the review page.
import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import { fieldPath } from '../../src/content-model/wording';

export type CopyField = {
  /** `hero.title`, `[2].features[0]`, `frontmatter.title`, `body paragraph 3` */
  field: string;
  text: string;
  /** 1-based line in the file where the text starts (0 when unknown). */
  line: number;
};

export type CopyFile = {
  /** Relative to the content folder's parent, e.g. `content/pages/home.json`. */
  file: string;
  fields: CopyField[];
};

/** `content/…` names every file the way it appears in the repository. */
const displayName = (contentDir: string, absolute: string) =>
  path.join(path.basename(contentDir), path.relative(contentDir, absolute)).split(path.sep).join('/');

export function listContentFiles(contentDir: string): string[] {
  if (!fs.existsSync(contentDir)) return [];
  return fs
    .readdirSync(contentDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(json|mdx)$/.test(file))
    .map((file) => path.join(contentDir, file))
    .sort();
}

/** Every leaf (text, number, yes/no) of a JSON value, as text, with its path. */
export function stringLeaves(value: unknown, at = ''): { field: string; text: string }[] {
  if (typeof value === 'string') return [{ field: at, text: value }];
  if (typeof value === 'number' || typeof value === 'boolean') return [{ field: at, text: String(value) }];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringLeaves(item, fieldPath(at, index)));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => stringLeaves(item, fieldPath(at, key)));
  return [];
}

/** The line a JSON string value starts on: the first line, from `from` on, holding it as a JSON string. */
function lineOfJsonValue(lines: string[], text: string, from: number): number {
  const encoded = /^(-?[\d.]+|true|false)$/.test(text) ? `: ${text}` : JSON.stringify(text);
  for (let index = from; index < lines.length; index++) if (lines[index].includes(encoded)) return index + 1;
  return 0;
}

function jsonFields(source: string): CopyField[] {
  const lines = source.split('\n');
  let cursor = 0;
  return stringLeaves(JSON.parse(source)).map(({ field, text }) => {
    const line = lineOfJsonValue(lines, text, cursor) || lineOfJsonValue(lines, text, 0);
    if (line) cursor = line - 1;
    return { field, text, line };
  });
}

/** An MDX body split into paragraphs (blank-line separated blocks), each with its starting line. */
export function paragraphs(body: string, firstLine: number): CopyField[] {
  const result: CopyField[] = [];
  let block: string[] = [];
  let start = 0;
  const lines = body.split('\n');
  const flush = () => {
    if (block.length)
      result.push({ field: `body paragraph ${result.length + 1}`, text: block.join('\n'), line: start });
    block = [];
  };
  lines.forEach((text, index) => {
    if (text.trim() === '') return flush();
    if (block.length === 0) start = firstLine + index;
    block.push(text);
  });
  flush();
  return result;
}

function mdxFields(source: string): CopyField[] {
  const parsed = matter(source);
  const frontmatterLines = source.slice(0, source.length - parsed.content.length).split('\n').length;
  const lines = source.split('\n');
  const front = stringLeaves(parsed.data, 'frontmatter').map(({ field, text }) => {
    const index = lines.findIndex((line, at) => at < frontmatterLines && line.includes(text.split('\n')[0]));
    return { field, text, line: index + 1 };
  });
  return [...front, ...paragraphs(parsed.content, frontmatterLines)];
}

export function readCopyFile(contentDir: string, absolute: string): CopyFile {
  const source = fs.readFileSync(absolute, 'utf8');
  return {
    file: displayName(contentDir, absolute),
    fields: absolute.endsWith('.json') ? jsonFields(source) : mdxFields(source),
  };
}

export function readCopy(contentDir: string): CopyFile[] {
  return listContentFiles(contentDir).map((file) => readCopyFile(contentDir, file));
}
