/** @jest-environment node */
// The entries the editor's browser test opens (__tests__/browser/setup/editor-sample.ts) stand for all of them:
// together they render every widget of the editor's whole configuration, come from every kind of content source,
// are in every file format, and their first text boxes (where the test types) are of every widget any entry's first
// text box is. A new widget, block type, collection or kind of source is sampled without anyone choosing it.
import path from 'node:path';
import type { ZodType } from 'zod';
import { cmsConfig, editorFieldsOf } from '../../src/admin/cms-config';
import type { EditorField } from '../../src/content-model/editor-fields';
import { contentSources, folderExtension, isFolderSource } from '../../src/content-model/registry';
import {
  controlsOf,
  editorEntries,
  editorSample,
  entryControls,
  entryFeatures,
  firstTextBox,
  widgetKind,
} from '../browser/setup/editor-sample';

const repo = path.resolve(__dirname, '../..');
const entries = editorEntries(repo);
const sample = editorSample(repo);
const sampled = new Set(sample.flatMap((entry) => entryFeatures(entry, controlsOf(repo, entry))));

/** Every widget of the configuration handed to Decap, inside objects, lists and every block type. */
function configWidgets(fields: EditorField[]): string[] {
  return fields.flatMap((field) => [
    widgetKind(field),
    ...configWidgets(field.fields ?? []),
    ...configWidgets(field.field ? [field.field] : []),
    ...(field.types ?? []).flatMap((type) => configWidgets(type.fields)),
  ]);
}

describe('the sample of entries the editor’s browser test saves', () => {
  it('renders every widget the editor’s configuration uses', () => {
    const config = cmsConfig(
      { repo: 'owner/site', authBaseUrl: 'https://api.netlify.com', siteUrl: '' },
      new Map<string, ZodType>(),
    );
    const widgets = new Set(
      config.collections.flatMap((collection) =>
        'files' in collection
          ? collection.files.flatMap((file) => configWidgets(file.fields))
          : configWidgets(collection.fields),
      ),
    );
    expect(widgets).toContain('checked-string');
    expect(widgets).toContain('mdx-body');
    expect(widgets).toContain('list of blocks');
    const missing = [...widgets].filter((widget) => !sampled.has(`widget ${widget}`));
    expect(missing).toEqual([]);
  });

  it('has an entry of every kind of content source and every file format', () => {
    const kinds = new Set(contentSources.map((source) => `kind ${source.kind}`));
    const formats = new Set(
      contentSources.map((source) => `format ${isFolderSource(source) ? folderExtension(source) : 'json'}`),
    );
    expect(kinds.size).toBe(4);
    expect(formats).toEqual(new Set(['format json', 'format mdx']));
    expect([...kinds, ...formats].filter((feature) => !sampled.has(feature))).toEqual([]);
  });

  it('types into a first text box of every widget some entry’s first text box is', () => {
    const firsts = new Set(entries.map((entry) => firstTextBox(controlsOf(repo, entry))?.widget ?? 'none'));
    expect(firsts).toContain('checked-string');
    expect([...firsts].filter((widget) => !sampled.has(`first text box ${widget}`))).toEqual([]);
  });

  it('shows everything the whole list of entries shows, with fewer entries', () => {
    const all = new Set(entries.flatMap((entry) => entryFeatures(entry, controlsOf(repo, entry))));
    expect(sampled).toEqual(all);
    expect(new Set(sample.map((entry) => entry.entry)).size).toBe(sample.length);
    expect(sample.length).toBeLessThan(entries.length);
  });
});

describe('the controls of an opened entry, in page order', () => {
  const field = (name: string, widget: string, more: Partial<EditorField> = {}): EditorField => ({
    name,
    label: name,
    widget,
    required: true,
    ...more,
  });

  it('walks objects always, a list’s items as the file has them, each block by its type', () => {
    const fields = [
      field('meta', 'checked-object', { fields: [field('title', 'checked-string')] }),
      field('tags', 'list', { field: field('tag', 'checked-string') }),
      field('sections', 'list', {
        collapsed: false,
        typeKey: 'type',
        types: [
          { name: 'hero', label: 'Hero', widget: 'object', summary: '', fields: [field('text', 'checked-text')] },
          { name: 'faq', label: 'FAQ', widget: 'object', summary: '', fields: [field('body', 'checked-markdown')] },
        ],
      }),
      field('pinned', 'fixed'),
    ];
    const data = {
      tags: ['a', 'b'],
      sections: [
        { type: 'faq', body: 'x' },
        { type: 'hero', text: 'y' },
      ],
    };
    expect(entryControls(fields, data).map(({ kind, path, visible }) => [kind, path, visible])).toEqual([
      ['checked-object', 'meta', true],
      ['checked-string', 'meta.title', true],
      ['list of one field', 'tags', true],
      // Folded items: in the page, but hidden.
      ['checked-string', 'tags[0]', false],
      ['checked-string', 'tags[1]', false],
      ['list of blocks', 'sections', true],
      ['checked-markdown', 'sections[0].body', true],
      ['checked-text', 'sections[1].text', true],
      ['fixed', 'pinned', true],
    ]);
  });

  it('finds the first text box of a service: its title, and of every entry one that shows', () => {
    const service = entries.find((entry) => entry.source.typeName === 'Service')!;
    expect(editorFieldsOf(service.source)[0].name).toBe('title');
    expect(firstTextBox(controlsOf(repo, service))).toEqual({
      widget: 'checked-string',
      kind: 'checked-string',
      path: 'title',
      visible: true,
    });
    const hidden = entries.filter((entry) => firstTextBox(controlsOf(repo, entry))?.visible === false);
    expect(hidden.map((entry) => entry.entry)).toEqual([]);
  });
});
