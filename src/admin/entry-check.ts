// The whole-entry check the editor runs before every save (Decap's preSave event): the same check as
// `npm run check:content` for the entry's own file, in its words, each field named by the editor's labels.
import { checkedPart, listFieldName } from '../content-model/content-formats';
import { describeIssue, namedProblem, schemaIssues } from '../content-model/friendly-issue';
import { markedValues } from '../content-model/marked-values';
import { contentSources, type ContentSource } from '../content-model/registry';
import { editorFieldsOf, folderCollectionTypeName } from './cms-config';
import { editorNames } from './field-names';
import { imageFileProblems } from './widgets/CheckedImage';

/** The content source an entry belongs to: file entries are named after their type, folders after the collection. */
export function sourceOf(collection: string, slug: string): ContentSource | undefined {
  const folder = folderCollectionTypeName(collection);
  return contentSources.find((source) => source.typeName === (folder ?? slug));
}

/**
 * The same check as `npm run check:content` for the entry's own file, before anything is written: its schema, and
 * the files of the images it names that an image field has read (each image field reads its file when it shows it).
 * Each problem is a sentence naming the field as the editor labels it ("Sections is missing. Add at least one
 * section.").
 */
export async function entryProblems(source: ContentSource, data: Record<string, unknown>): Promise<string[]> {
  const checked = checkedPart(source, data);
  // A list file's items are checked as a list; the editor holds them in a field of that name.
  const list = source.kind === 'json-list' ? listFieldName(source) : undefined;
  const names = list
    ? editorNames(editorFieldsOf(source), { [list]: checked.value }, [list])
    : editorNames(editorFieldsOf(source), checked.value);
  const problems = schemaIssues(checked.schema, checked.value).flatMap((issue) => describeIssue(issue, checked, names));
  const images = markedValues(checked.schema, checked.value).filter((marked) => marked.kind.kind === 'image');
  const fileProblems = await imageFileProblems(images.map((marked) => String(marked.value)));
  images.forEach((marked, index) => {
    const problem = fileProblems[index];
    if (problem) problems.push(namedProblem(names, marked.path, problem));
  });
  return problems;
}

/**
 * A save the check refused. Decap shows it in its toast ("Failed to persist entry: …") as the error's text: these
 * are the problems alone, without the "Error:" of an Error.
 */
export class EntryRefusal extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join(' '));
    this.name = 'EntryRefusal';
  }

  toString(): string {
    return this.message;
  }
}
