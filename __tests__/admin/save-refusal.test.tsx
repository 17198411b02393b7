// What the editor shows when it refuses a save (issue 43): a new landing page saved before any section was added
// gets a toast in the marketer's words, naming the field by its label and saying what to do, not the schema's
// "sections: Invalid input: expected array, received undefined"; and a field's own error under it names it too.
import fs from 'node:fs';
import path from 'node:path';
import { createRef, Component, type ComponentType } from 'react';
import { render } from '@testing-library/react';
import { fromJS } from 'immutable';
import type { CMS } from 'decap-cms-core';
import type { ZodType } from 'zod';
import { cmsConfig, type Collection } from '../../src/admin/cms-config';
import { registerEditor } from '../../src/admin/register-editor';
import type { EditorField } from '../../src/content-model/editor-fields';

// The preview templates registered beside the checks compile MDX and Markdown, which this test does not show.
jest.mock('../../src/admin/previews/useMdx', () => ({ useMdx: () => ({}) }));
jest.mock('../../src/admin/previews/markdown-html', () => ({ markdownHtml: () => '' }));

const root = path.resolve(__dirname, '../..');

/** Decap's English toast for a save that failed, from its own locale: the thrown error is its `details`. */
const onFailToPersist = /onFailToPersist: '([^']*)'/.exec(
  fs.readFileSync(path.join(root, 'node_modules/decap-cms-locales/dist/esm/en/index.js'), 'utf8'),
)![1];
/** As Decap's toast words it (Polyglot puts each option in as its text). */
const toastFor = (error: unknown) => onFailToPersist.replace(/%\{details\}/g, () => String(error));

type Handler = (event: { entry: unknown }) => Promise<unknown>;

/** The editor as /admin registers it, with what it registered kept: the pre-save check and the widgets. */
function registeredEditor() {
  const checks = new Map<string, ZodType>();
  const config = cmsConfig({ repo: 'owner/site', authBaseUrl: 'https://api.netlify.com', siteUrl: '' }, checks);
  const handlers = new Map<string, Handler>();
  const widgets = new Map<string, ComponentType<never>>();
  class BuiltIn extends Component<{ value: unknown }> {
    render() {
      return <input readOnly value={String(this.props.value ?? '')} />;
    }
  }
  const cms = {
    registerCustomFormat: () => undefined,
    getWidget: () => ({ control: BuiltIn, preview: () => null }),
    registerWidget: (name: string, control: ComponentType<never>) => widgets.set(name, control),
    registerEventListener: ({ name, handler }: { name: string; handler: Handler }) => handlers.set(name, handler),
    registerPreviewTemplate: () => undefined,
  } as unknown as CMS;
  registerEditor(cms, checks);
  return { config, handlers, widgets };
}

const landingFields = (config: ReturnType<typeof cmsConfig>) => {
  const collection = config.collections.find((candidate: Collection) => candidate.name === 'landing')!;
  return 'fields' in collection ? collection.fields : [];
};

/** What the save shows for a new landing page holding `data`. */
async function saving(data: Record<string, unknown>): Promise<string> {
  const preSave = registeredEditor().handlers.get('preSave')!;
  const entry = fromJS({ collection: 'landing', slug: '', data });
  const error = await preSave({ entry }).then(
    () => undefined,
    (refusal: unknown) => refusal,
  );
  if (!error) throw new Error('the save went through');
  return toastFor(error);
}

const newPage = {
  slug: 'spring-offer',
  meta: { title: 'Spring offer', description: 'Set-up at half price until the end of October.' },
};

it('says "Add at least one section" when a new landing page is saved before a section was added', async () => {
  expect(await saving(newPage)).toBe('Failed to persist entry: Sections is missing. Add at least one section.');
});

it('says the same of sections added and all removed again', async () => {
  expect(await saving({ ...newPage, sections: [] })).toBe(
    'Failed to persist entry: Sections is empty. Add at least one section, starting with a hero.',
  );
});

it('names a field inside a section by the labels the editor shows', async () => {
  const hero = { type: 'hero', title: 'Spring offer', text: 'Half price.', primaryCta: { label: 'Book', to: 'book' } };
  expect(await saving({ ...newPage, sections: [hero] })).toBe(
    'Failed to persist entry: Section 1 (Hero) › Primary button › Link to must start with "/" (a page of this site), ' +
      '"https://" or "mailto:", or be #form (a landing page\'s form).',
  );
});

it('shows a field’s own error under it with its label', () => {
  const { config, widgets } = registeredEditor();
  const meta = landingFields(config).find((field) => field.name === 'meta')!;
  const title = meta.fields!.find((field: EditorField) => field.name === 'title')!;
  const Control = widgets.get(title.widget) as unknown as ComponentType<Record<string, unknown>>;
  const control = createRef<{ isValid(): unknown }>();
  render(
    <Control
      ref={control}
      field={fromJS(title)}
      value={'x'.repeat(71)}
      onChange={() => undefined}
      forID="meta-title"
      classNameWrapper=""
    />,
  );
  expect(control.current!.isValid()).toEqual({
    error: {
      type: 'CUSTOM',
      message: 'Title should be at most 70 characters so search engines show it whole.',
    },
  });
});
