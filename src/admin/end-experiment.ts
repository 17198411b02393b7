// Ending an experiment in one edit (issue 44, CONTENT.md "Run an experiment"): the marketer chooses the version to
// keep under the experiment ("End the experiment") and saves; before the save is checked and written, the chosen
// version's fields become the section's own and the experiment goes. The choice is the editor's alone: it is taken
// out of every experiment whether or not one was made, so no file ever holds it.
import { z, type ZodType } from 'zod';
import { listFieldName } from '../content-model/content-formats';
import { savedContent } from '../content-model/editor-fields';
import { END_EXPERIMENT_WORDING } from '../content-model/editor-wording';
import { EXPERIMENT_END_KEY, sectionForVariant, type ExperimentContent } from '../content-model/experiment-schema';
import { experimentsIn } from '../content-model/experiments-in';
import type { ContentSource } from '../content-model/registry';
import { editorFieldsOf } from './cms-config';
import { editorNames } from './field-names';

export type EndedExperiments = {
  /** The entry's data as it is to be saved: `data` itself when it holds no choice to act on. */
  data: Record<string, unknown>;
  /** What stops a chosen version from being kept, as the editor says it. */
  problems: string[];
};

/** The schema of an entry as the editor holds it: a list file's items are a field of that name. */
const entrySchema = (source: ContentSource): ZodType =>
  source.kind === 'json-list' ? z.object({ [listFieldName(source)]: z.array(source.schema) }) : source.schema;

/** `data` with `value` at `path`, the objects and lists on the way copied, not changed. */
function withValueAt(data: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [key, ...rest] = path;
  if (Array.isArray(data)) return data.map((item, index) => (index === key ? withValueAt(item, rest, value) : item));
  const record = data as Record<string, unknown>;
  return { ...record, [key]: withValueAt(record[key], rest, value) };
}

const isChosen = (choice: unknown) => choice !== undefined && choice !== null && choice !== '';

/**
 * The entry `data` of `source` with every experiment whose end was chosen ended: the section shows the chosen
 * version (0 the original, 1… a variant; the choice's values are these indexes, editor-fields.ts) without an
 * experiment, and every other experiment without the choice.
 */
export function endExperiments(source: ContentSource, data: Record<string, unknown>): EndedExperiments {
  const found = experimentsIn(entrySchema(source), data).filter(
    ({ section, key }) => EXPERIMENT_END_KEY in (section[key] as Record<string, unknown>),
  );
  if (found.length === 0) return { data, problems: [] };
  const names = editorNames(editorFieldsOf(source), data);
  const problems: string[] = [];
  const ended = found.reduce<unknown>((result, { path, section, key, schema }) => {
    const { [EXPERIMENT_END_KEY]: choice, ...experiment } = section[key] as Record<string, unknown>;
    if (!isChosen(choice)) return withValueAt(result, path, { ...section, [key]: experiment });
    // The variants as they are saved: a field opened and left empty keeps the original's.
    const saved = savedContent(schema, experiment) as Partial<ExperimentContent>;
    const variants = Array.isArray(saved.variants) ? saved.variants : [];
    const index = Number(choice);
    if (!Number.isInteger(index) || index < 0 || index > variants.length) {
      const has = variants.length === 1 ? 'one variant' : `${variants.length} variants`;
      problems.push(
        `${names.name([...path, key, EXPERIMENT_END_KEY])}: there is no variant ${String(choice)}, this experiment has ${has}. Choose “${END_EXPERIMENT_WORDING.original}” or a variant it has.`,
      );
      return withValueAt(result, path, { ...section, [key]: experiment });
    }
    const { [key]: _experiment, ...fields } = section;
    const running = { ...fields, experiment: { ...saved, variants } as ExperimentContent };
    return withValueAt(result, path, sectionForVariant(running, index));
  }, data);
  return { data: ended as Record<string, unknown>, problems };
}
