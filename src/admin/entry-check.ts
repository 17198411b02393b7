// The whole-entry check the editor runs before every save (Decap's preSave event): the same check as
// `npm run check:content` for the entry's own file.
import { checkedPart } from '../content-model/content-formats';
import { markedValues } from '../content-model/marked-values';
import { contentSources, type ContentSource } from '../content-model/registry';
import { folderCollectionTypeName } from './cms-config';
import { imageFileProblems } from './widgets/CheckedImage';

/** The content source an entry belongs to: file entries are named after their type, folders after the collection. */
export function sourceOf(collection: string, slug: string): ContentSource | undefined {
  const folder = folderCollectionTypeName(collection);
  return contentSources.find((source) => source.typeName === (folder ?? slug));
}

/**
 * The same check as `npm run check:content` for the entry's own file, before anything is written: its schema, and
 * the files of the images it names that an image field has read (each image field reads its file when it shows it).
 */
export async function entryProblems(source: ContentSource, data: Record<string, unknown>): Promise<string[]> {
  const { schema, value } = checkedPart(source, data);
  const result = schema.safeParse(value);
  const problems = result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  const images = markedValues(schema, value).filter((marked) => marked.kind.kind === 'image');
  const fileProblems = await imageFileProblems(images.map((marked) => String(marked.value)));
  images.forEach((marked, index) => {
    if (fileProblems[index]) problems.push(`${marked.field}: ${fileProblems[index]}`);
  });
  return problems;
}
