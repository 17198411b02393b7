// Each content file's format as the editor reads and writes it: JSON printed as Prettier prints it, MDX as plain
// YAML frontmatter and the body verbatim, keys in the schema's order, optional fields left empty in the editor
// left out. A file holding a list (plans.json) is edited as an object with one list field, since the editor edits
// objects. A folder of JSON files (the landing pages) is one object per file, like a single JSON file.
import { z } from 'zod';
import { parseFrontmatterFile, printContentJson, printFrontmatterFile } from './content-files';
import { savedContent } from './editor-fields';
import type { ContentSource } from './registry';

export type ContentFormat = {
  extension: 'json' | 'mdx';
  fromFile(raw: string): Record<string, unknown>;
  toFile(data: Record<string, unknown>): string;
};

/** The field holding the items of a file that is a list: `plans`, `testimonials`. */
export const listFieldName = (source: ContentSource & { kind: 'json-list' }) => `${source.itemName}s`;

/** The items of a list file as the editor holds them: a list that may be empty may come without its field. */
const listItems = (source: ContentSource & { kind: 'json-list' }, data: Record<string, unknown>) =>
  data[listFieldName(source)] ?? (source.mayBeEmpty ? [] : undefined);

export function contentFormat(source: ContentSource): ContentFormat {
  if (source.kind === 'mdx-folder') {
    return {
      extension: 'mdx',
      fromFile: parseFrontmatterFile,
      toFile: (data) => printFrontmatterFile(savedContent(source.schema, data) as Record<string, unknown>),
    };
  }
  if (source.kind === 'json-list') {
    const name = listFieldName(source);
    return {
      extension: 'json',
      fromFile: (raw) => ({ [name]: JSON.parse(raw) as unknown }),
      toFile: (data) => printContentJson(savedContent(z.array(source.schema), listItems(source, data))),
    };
  }
  return {
    extension: 'json',
    fromFile: (raw) => JSON.parse(raw) as Record<string, unknown>,
    toFile: (data) => printContentJson(savedContent(source.schema, data)),
  };
}

/** The content file `raw` as the editor writes it: what a save without changes must leave unchanged. */
export const canonicalContent = (source: ContentSource, raw: string) => {
  const format = contentFormat(source);
  return format.toFile(format.fromFile(raw));
};

/**
 * The part of an entry's data the file's schema checks, as it will be saved, with that schema: a list file's items,
 * an MDX file's frontmatter.
 */
export function checkedPart(
  source: ContentSource,
  data: Record<string, unknown>,
): { schema: z.ZodType; value: unknown } {
  if (source.kind === 'json-list') {
    const schema = z.array(source.schema);
    return { schema, value: savedContent(schema, listItems(source, data)) };
  }
  if (source.kind === 'mdx-folder') {
    const frontmatter = Object.fromEntries(Object.entries(data).filter(([key]) => key !== 'body'));
    return { schema: source.schema, value: savedContent(source.schema, frontmatter) };
  }
  return { schema: source.schema, value: savedContent(source.schema, data) };
}
