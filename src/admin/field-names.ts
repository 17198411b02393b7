// How the editor names a field in what it refuses: by the labels of its configuration (cms-config.ts, derived from
// the schemas), the field's own and those of the groups and list items around it: "Section 2 (Hero) › Primary
// button › Link to". The words of a refusal are the content check's (friendly-issue.ts); only the names differ.
import type { ZodType } from 'zod';
import type { EditorField } from '../content-model/editor-fields';
import { fieldLabel, itemWord } from '../content-model/editor-wording';
import {
  describeIssue,
  namedProblem,
  schemaIssues,
  type FieldNames,
  type IssuePath,
} from '../content-model/friendly-issue';
import { plainValue } from './widgets/plain-value';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const child = (value: unknown, part: string | number): unknown =>
  value && typeof value === 'object' ? (value as Record<string | number, unknown>)[part] : undefined;

/**
 * The editor's names for the fields of `fields`, whose values `data` holds (a list item's block type names it);
 * `prefix` leads every path: a list file's items are checked as a list, and the editor holds them in a field.
 */
export function editorNames(fields: EditorField[], data: unknown, prefix: IssuePath = []): FieldNames {
  return {
    rulesByName: true,
    whole: (path) => [...prefix, ...path],
    name(path) {
      const parts: string[] = [];
      let level: EditorField[] | undefined = fields;
      let field: EditorField | undefined;
      let value = data;
      for (const part of [...prefix, ...path]) {
        value = child(value, part);
        if (typeof part === 'number') {
          // An item is named by what one of the list is, and a block by its type: Section 2 (Hero), Feature 3.
          const type = field?.types?.find((candidate) => candidate.name === child(value, field?.typeKey ?? 'type'));
          const word = field?.label_singular ?? field?.field?.label ?? itemWord(field?.name ?? '');
          const name = `${capitalised(word)} ${part + 1}${type ? ` (${type.label})` : ''}`;
          if (field) parts[parts.length - 1] = name;
          else parts.push(name);
          level = type?.fields ?? field?.fields;
          field = field?.field;
          continue;
        }
        field = level?.find((candidate) => candidate.name === part);
        parts.push(field?.label ?? fieldLabel(part));
        level = field?.fields;
      }
      return parts.join(' › ') || 'This entry';
    },
  };
}

/** A field's configuration as Decap hands it to a control (Immutable), as plain data. */
export function editorField(field: { get(key: string): unknown }): EditorField {
  const plain = plainValue(field);
  if (plain !== field) return plain as EditorField;
  return { name: String(field.get('name')), label: String(field.get('label')), widget: '', required: true };
}

/** The names of one field's value, as its control checks it: the field by its label, what it holds under it. */
const fieldNames = (field: EditorField, value: unknown) => editorNames([field], { [field.name]: value }, [field.name]);

/** What `check` refuses in the value of `field`, as the editor says it under the field. */
export function fieldRefusals(check: ZodType, field: EditorField, value: unknown): string[] {
  const names = fieldNames(field, value);
  return schemaIssues(check, value).flatMap((issue) => describeIssue(issue, { schema: check, value }, names));
}

/** A problem the content check words itself (an image's file), said of `field`. */
export const fieldProblem = (field: EditorField, problem: string) =>
  namedProblem(fieldNames(field, undefined), [], problem);
