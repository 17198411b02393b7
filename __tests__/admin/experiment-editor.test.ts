// Experiments in the editor (issue 44): under a landing page's hero and call to action and the home page's hero, an
// optional Experiment with its id, name, start (a date-and-time picker writing what the schema takes) and variants
// (a name, a share from 1 to 99, then the section's own fields, all optional), and the editor's own "End the
// experiment", which the save acts on: Decap saves the section as the chosen version, without the experiment.
import fs from 'node:fs';
import path from 'node:path';
import dayjs from 'dayjs';
// Decap's own copy of Immutable, as the editor's data is made of (the site's node_modules has an older one).
import { fromJS, List, Map as ImmutableMap } from 'decap-cms-app/node_modules/immutable';
import type { CMS } from 'decap-cms-core';
import type { ZodType } from 'zod';
import { cmsConfig, type Collection } from '../../src/admin/cms-config';
import { EntryRefusal } from '../../src/admin/entry-check';
import { registerEditor } from '../../src/admin/register-editor';
import { immutableLike } from '../../src/admin/widgets/plain-value';
import { contentFormat } from '../../src/content-model/content-formats';
import { groupProblems, type EditorField } from '../../src/content-model/editor-fields';
import { END_EXPERIMENT_WORDING, fieldLabel } from '../../src/content-model/editor-wording';
import { contentSources } from '../../src/content-model/registry';
import { editorNames } from '../../src/admin/field-names';

// The preview templates registered beside the save handler compile MDX and Markdown, which this test does not show.
jest.mock('../../src/admin/previews/useMdx', () => ({ useMdx: () => ({}) }));
jest.mock('../../src/admin/previews/markdown-html', () => ({ markdownHtml: () => '' }));

const root = path.resolve(__dirname, '../..');
const checks = new Map<string, ZodType>();
const config = cmsConfig({ repo: 'owner/site', authBaseUrl: 'https://api.netlify.com', siteUrl: '' }, checks);

function collectionFields(name: string): EditorField[] {
  const collection = config.collections.find((candidate: Collection) => candidate.name === name)!;
  return 'files' in collection ? collection.files[0].fields : collection.fields;
}
const byName = (fields: EditorField[] | undefined, name: string) => fields?.find((field) => field.name === name);
const landingBlock = (type: string) =>
  byName(collectionFields('landing'), 'sections')!.types!.find((block) => block.name === type)!;

const experiments: [string, EditorField[]][] = [
  ['a landing page’s hero', landingBlock('hero').fields],
  ['a landing page’s call to action', landingBlock('cta').fields],
  ['the home page’s hero', byName(collectionFields('HomeJson'), 'hero')!.fields!],
];
const sectionFields = (fields: EditorField[]) => fields.filter((field) => field.name !== 'experiment');

describe.each(experiments)('the experiment of %s', (_, section) => {
  const experiment = byName(section, 'experiment')!;
  const field = (name: string) => byName(experiment.fields, name)!;
  const variantFields = field('variants').fields!;

  it('is an optional group after the section’s fields: id, name, start, variants, and the end', () => {
    expect(section[section.length - 1]).toBe(experiment);
    expect(experiment).toMatchObject({ label: 'Experiment', widget: 'checked-object', required: false });
    expect(experiment.hint).toMatch(/Test other words for this section/);
    expect(experiment.fields!.map((inner) => [inner.label, inner.widget])).toEqual([
      ['Id', 'checked-string'],
      ['Name', 'checked-string'],
      ['Started at', 'checked-datetime'],
      ['Variants', 'list'],
      [END_EXPERIMENT_WORDING.label, 'select'],
    ]);
    expect(field('id').hint).toMatch(/Never change it while the experiment runs/);
  });

  it('lists up to 3 variants, each a name, a share from 1 to 99 and the section’s fields, all optional', () => {
    expect(field('variants')).toMatchObject({ min: 1, max: 3, required: false });
    expect(variantFields[0]).toMatchObject({ name: 'name', widget: 'checked-string' });
    expect(variantFields[1]).toMatchObject({
      name: 'share',
      widget: 'checked-number',
      value_type: 'int',
      min: 1,
      max: 99,
      step: 1,
    });
    expect(variantFields[1].hint).toMatch(/percentage of visitors/);
    const overrides = variantFields.slice(2);
    expect(overrides.map((inner) => inner.name)).toEqual(sectionFields(section).map((inner) => inner.name));
    for (const [index, own] of sectionFields(section).entries()) {
      const widget = own.widget === 'object' ? 'checked-object' : own.widget;
      expect(overrides[index]).toMatchObject({ label: fieldLabel(own.name), widget, required: false });
    }
  });

  it('picks the start as a date and time that the check takes, whatever the editor’s time zone', () => {
    const startedAt = field('startedAt');
    expect(startedAt.format).toBe('YYYY-MM-DDTHH:mm:ssZ');
    const check = checks.get(startedAt.check!)!;
    const written = dayjs('2026-11-27T09:00').format(startedAt.format);
    expect(written).toMatch(/^2026-11-27T09:00:00[+-]\d\d:\d\d$/);
    expect(check.safeParse(written).success).toBe(true);
    expect(check.safeParse('2026-11-27T09:00:00+11:00').success).toBe(true);
    // Emptied with the widget's Clear: a draft.
    expect(check.safeParse('').success).toBe(true);
    expect(check.safeParse('2026-11-27T09:00').success).toBe(false);
  });

  it('offers to end it by keeping the original or one of the variants, a choice the editor alone holds', () => {
    expect(field('end')).toMatchObject({
      label: 'End the experiment',
      widget: 'select',
      required: false,
      editorOnly: true,
      options: [
        { label: 'Keep the original', value: '0' },
        { label: 'Keep variant 1', value: '1' },
        { label: 'Keep variant 2', value: '2' },
        { label: 'Keep variant 3', value: '3' },
      ],
    });
    expect(field('end').hint).toMatch(/choose the version to keep and save/);
    // The group's check takes an experiment with the choice made: the choice is no field of the content.
    const value = {
      id: 'a-test',
      name: 'A test',
      variants: [{ name: 'Other', share: 50, title: 'New words' }],
      end: '1',
    };
    const names = editorNames([experiment], { experiment: value }, ['experiment']);
    expect(groupProblems(checks.get(experiment.check!)!, value, names)).toEqual([]);
  });
});

type Handler = (event: { entry: unknown }) => Promise<unknown>;

/** Decap's save handler as /admin registers it. */
function preSave(): Handler {
  let handler: Handler | undefined;
  const cms = {
    registerCustomFormat: () => undefined,
    getWidget: () => ({ control: () => null, preview: () => null }),
    registerWidget: () => undefined,
    registerEventListener: (listener: { name: string; handler: Handler }) => {
      if (listener.name === 'preSave') handler = listener.handler;
    },
    registerPreviewTemplate: () => undefined,
  } as unknown as CMS;
  registerEditor(cms, new Map());
  return handler!;
}

describe('saving a landing page whose experiment was ended', () => {
  const landing = contentSources.find((source) => source.typeName === 'LandingPage')!;
  const raw = fs.readFileSync(path.join(root, 'content/landing/dental-clinics.json'), 'utf8');
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the sample entry, edited freely
  const entryWith = (end: unknown): any => {
    const data = contentFormat(landing).fromFile(raw) as { sections: Record<string, Record<string, unknown>>[] };
    data.sections[0].experiment = { ...data.sections[0].experiment, end };
    return fromJS({ collection: 'landing', slug: 'dental-clinics', data });
  };

  it('hands Decap the section as the chosen version, in Decap’s own Immutable data, to be saved without the experiment', async () => {
    const saved = (await preSave()({ entry: entryWith('1') })) as ImmutableMap<string, unknown>;
    expect(ImmutableMap.isMap(saved)).toBe(true);
    expect(List.isList(saved.get('sections'))).toBe(true);
    const file = contentFormat(landing).toFile(saved.toJS() as Record<string, unknown>);
    const hero = JSON.parse(file).sections[0];
    expect(hero).not.toHaveProperty('experiment');
    expect(hero.title).toBe(JSON.parse(raw).sections[0].experiment.variants[0].title);
    expect(file).not.toMatch(/"end"/);
  });

  it('takes the choice out when none was made, and leaves an entry without one to Decap', async () => {
    const saved = (await preSave()({ entry: entryWith(null) })) as ImmutableMap<string, unknown>;
    expect(contentFormat(landing).toFile(saved.toJS() as Record<string, unknown>)).toBe(raw);
    const untouched = fromJS({
      collection: 'landing',
      slug: 'dental-clinics',
      data: contentFormat(landing).fromFile(raw),
    });
    expect(await preSave()({ entry: untouched })).toBeUndefined();
  });

  it('refuses to keep a variant the experiment does not have', async () => {
    const refusal = await preSave()({ entry: entryWith('2') }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(EntryRefusal);
    expect(String(refusal)).toBe(
      'Section 1 (Hero) › Experiment › End the experiment: there is no variant 2, this experiment has one variant. Choose “Keep the original” or a variant it has.',
    );
  });
});

it('turns plain data back into Decap’s Immutable data, as the save hands it back', () => {
  const plain = { title: 'Words', sections: [{ type: 'hero', highlights: ['One', 'Two'] }], empty: [], none: null };
  const like = fromJS({ any: 'map' });
  const made = immutableLike(like, plain) as ImmutableMap<string, unknown>;
  expect(ImmutableMap.isMap(made)).toBe(true);
  expect(List.isList(made.getIn(['sections', 0, 'highlights']))).toBe(true);
  expect(made.toJS()).toEqual(plain);
});
