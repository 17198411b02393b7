// The entries the editor's round-trip test (editor.test.ts) opens and saves in the browser: not all of them
// (every content file round-trips through the editor's formats in __tests__/content/content-formats.test.ts), but
// the fewest, chosen greedily, that together show every widget the editor renders for some entry, every kind of
// content source, every file format, and every widget the test's first editable text box can be. A new widget,
// collection or kind of entry grows the sample by itself (__tests__/admin/editor-sample.test.ts checks it against
// the whole editor configuration). Pure: reads the content files, renders nothing.
import fs from 'node:fs';
import path from 'node:path';
import { editorFieldsOf, folderCollectionName } from '../../../src/admin/cms-config';
import { contentFiles } from '../../../src/content-model/content-file-list';
import { contentFormat } from '../../../src/content-model/content-formats';
import type { EditorField } from '../../../src/content-model/editor-fields';
import type { ContentSource } from '../../../src/content-model/registry';

/** An entry of the editor: its address under #/collections/, its file in the repository and its source. */
export type EditorEntry = { entry: string; file: string; source: ContentSource };

/** Every entry of the editor (its address under #/collections/) with its file, for the content in `repo`. */
export function editorEntries(repo: string): EditorEntry[] {
  return contentFiles(path.join(repo, 'content')).map(({ source, file }) => {
    const repoFile = `content/${file}`;
    // A content file is a collection of its own holding one file, both named after its type.
    if (!('folder' in source)) return { entry: `${source.typeName}/${source.typeName}`, file: repoFile, source };
    const collection = folderCollectionName(source.typeName);
    return { entry: `${collection}/${path.basename(file, path.extname(file))}`, file: repoFile, source };
  });
}

/**
 * A field's widget as the editor renders it; the three kinds of list are three ways Decap renders a list (items
 * of one field, items of several fields, items that are blocks of several types).
 */
export function widgetKind(field: Pick<EditorField, 'widget' | 'field' | 'fields' | 'types'>): string {
  if (field.widget !== 'list') return field.widget;
  if (field.types) return 'list of blocks';
  return field.fields ? 'list of objects' : 'list of one field';
}

/**
 * The widgets whose control is a text box the test's locator (`input[type="text"]:not([readonly]), textarea`)
 * finds: Decap's string (an input) and text (a textarea, also the MDX body), and the search input of react-select
 * in a select and a relation. Markdown is a contenteditable, a number an `input type="number"`, an image buttons,
 * a yes/no a switch, a fixed text a plain element; objects and lists hold other controls.
 */
export const TEXT_BOX_WIDGETS = new Set([
  'checked-string',
  'checked-text',
  'mdx-body',
  'checked-select',
  'checked-relation',
]);

/**
 * One control of an opened entry, in the order of the page: its widget (Decap's name, as the page labels the
 * control "<widget> field"), the kind of it (`widgetKind`), its field path and whether it shows.
 */
export type Control = { widget: string; kind: string; path: string; visible: boolean };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value);

/**
 * The controls Decap renders for `fields` holding `value`, in page order: every field of an object (an empty one
 * too), one item per value of a list, each block with its type's fields. A list's items are rendered folded (in
 * the page, hidden) unless the list is `collapsed: false`; a fixed text shows its value, with no controls inside.
 */
export function entryControls(fields: EditorField[], value: unknown, at = '', visible = true): Control[] {
  const object = isRecord(value) ? value : {};
  return fields.flatMap((field) =>
    fieldControls(field, object[field.name], at ? `${at}.${field.name}` : field.name, visible),
  );
}

function fieldControls(field: EditorField, value: unknown, at: string, visible: boolean): Control[] {
  const self: Control = { widget: field.widget, kind: widgetKind(field), path: at, visible };
  if (field.widget === 'fixed') return [self];
  if (field.widget === 'list') {
    const items = Array.isArray(value) ? (value as unknown[]) : [];
    const open = visible && field.collapsed === false;
    return [self, ...items.flatMap((item, index) => itemControls(field, item, `${at}[${index}]`, open))];
  }
  if (field.fields) return [self, ...entryControls(field.fields, value, at, visible)];
  return [self];
}

function itemControls(list: EditorField, item: unknown, at: string, visible: boolean): Control[] {
  if (list.types) {
    const tag = isRecord(item) ? item[list.typeKey ?? 'type'] : undefined;
    const type = list.types.find((candidate) => candidate.name === tag);
    return type ? entryControls(type.fields, item, at, visible) : [];
  }
  if (list.fields) return entryControls(list.fields, item, at, visible);
  return list.field ? fieldControls(list.field, item, at, visible) : [];
}

/** The controls of one entry, read from its file in `repo` as the editor reads it. */
export function controlsOf(repo: string, { source, file }: EditorEntry): Control[] {
  const data = contentFormat(source).fromFile(fs.readFileSync(path.join(repo, file), 'utf8'));
  return entryControls(editorFieldsOf(source), data);
}

/** The first control the test's text-box locator finds in an entry (the one it types into), if any. */
export const firstTextBox = (controls: Control[]): Control | undefined =>
  controls.find((control) => TEXT_BOX_WIDGETS.has(control.widget));

/**
 * What one entry shows of the editor: its source's kind, its file's format (each source's format is built by
 * content-formats.ts from its kind and its extension), every widget it renders, and the widget of its first text
 * box (`none` for an entry without one: the test could not type into it, and so samples it to fail).
 */
export function entryFeatures(entry: EditorEntry, controls: Control[]): string[] {
  const features = [
    `kind ${entry.source.kind}`,
    `format ${path.extname(entry.file).slice(1)}`,
    ...controls.map((control) => `widget ${control.kind}`),
    `first text box ${firstTextBox(controls)?.widget ?? 'none'}`,
  ];
  return [...new Set(features)];
}

/**
 * A sampled entry with what it was chosen for (the features no entry chosen before it shows), the widgets its
 * controls are (Decap's names) and the control the test types into.
 */
export type SampledEntry = EditorEntry & { covers: string[]; widgets: string[]; textBox: Control | undefined };

/**
 * The sample: greedily, the entry showing the most features not yet shown, until every feature some entry shows is
 * shown; on a tie the entry with the fewest controls (the cheapest to render), then the first in `entries`.
 */
export function editorSample(repo: string, entries = editorEntries(repo)): SampledEntry[] {
  const candidates = entries.map((entry) => {
    const controls = controlsOf(repo, entry);
    return {
      entry,
      features: entryFeatures(entry, controls),
      cost: controls.length,
      widgets: [...new Set(controls.map((control) => control.widget))].sort(),
      textBox: firstTextBox(controls),
    };
  });
  const uncovered = new Set(candidates.flatMap((candidate) => candidate.features));
  const sample: SampledEntry[] = [];
  while (uncovered.size > 0) {
    const gain = (candidate: (typeof candidates)[number]) =>
      candidate.features.filter((feature) => uncovered.has(feature));
    const best = candidates.reduce((chosen, candidate) => {
      const [more, less] = [gain(candidate).length, gain(chosen).length];
      return more > less || (more === less && candidate.cost < chosen.cost) ? candidate : chosen;
    });
    const covers = gain(best);
    for (const feature of covers) uncovered.delete(feature);
    sample.push({ ...best.entry, covers, widgets: best.widgets, textBox: best.textBox });
  }
  return sample;
}
