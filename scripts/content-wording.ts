// The wording of every content file (see src/content-model/wording.ts), file by file: JSON values and MDX
// frontmatter as field paths. Read by the spelling check and the reword check.
import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import { type ContentSource } from '../src/content-model/registry';
import { contentFiles } from '../src/content-model/content-file-list';
import { wordingFields, type WordingField } from '../src/content-model/wording';

export type FileWording = {
  source: ContentSource;
  /** Relative to the content folder, e.g. `pages/home.json`, `services/lead-capture.mdx`. */
  file: string;
  fields: WordingField[];
};

function fieldsOf(dir: string, source: ContentSource, file: string): WordingField[] {
  const text = fs.readFileSync(path.join(dir, file), 'utf8');
  if (source.kind === 'mdx-folder') return wordingFields(source.schema, matter(text).data, 'frontmatter');
  return wordingFields(source.kind === 'json-list' ? source.schema.array() : source.schema, JSON.parse(text));
}

export function contentWording(dir: string): FileWording[] {
  return contentFiles(dir)
    .filter(({ file }) => fs.existsSync(path.join(dir, file)))
    .map(({ source, file }) => ({ source, file, fields: fieldsOf(dir, source, file) }));
}
