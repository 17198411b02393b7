// Landing pages and images in the editor: the "Landing pages" folder collection, one editor block type per block
// of the schema (a block without one stops the editor's configuration), images uploaded to content/images with
// their description or decorative tick, references chosen from the collections that hold them, the demo form's
// problem chosen from its own options, and what an entry saved from the editor looks like in its file.
import fs from 'node:fs';
import path from 'node:path';
import { z, type ZodType } from 'zod';
import { cmsConfig, type Collection } from '../../src/admin/cms-config';
import { entryProblems, sourceOf } from '../../src/admin/entry-check';
import { editorNames } from '../../src/admin/field-names';
import { contentFormat } from '../../src/content-model/content-formats';
import { blockNames, editorFields, groupProblems, type EditorField } from '../../src/content-model/editor-fields';
import { BLOCK_LABELS } from '../../src/content-model/editor-wording';
import { IMAGE_FOLDER, IMAGE_PUBLIC_PATH, MAX_IMAGE_BYTES } from '../../src/content-model/image-schema';
import { landingPage, type LandingPageContent } from '../../src/content-model/landing-schema';
import { contentSources } from '../../src/content-model/registry';
import { text } from '../../src/content-model/zod-helpers';
import contactForm from '../../content/forms/contact-form.json';

const root = path.resolve(__dirname, '../..');
const checks = new Map<string, ZodType>();
const config = cmsConfig(
  { repo: 'owner/site', authBaseUrl: 'https://api.netlify.com', siteUrl: 'https://example.com' },
  checks,
);
const source = contentSources.find((candidate) => candidate.typeName === 'LandingPage')!;
const collection = config.collections.find((candidate) => candidate.name === 'landing')!;
const fields = 'fields' in collection ? collection.fields : [];

/** The editor field at `path` (`meta.image.src`, `sections[hero].title`) of a list of fields. */
function fieldAt(list: EditorField[], fieldPath: string): EditorField {
  const [, name, block, rest] = /^([^.[]+)(?:\[([^\]]*)\])?(?:\.(.*))?$/.exec(fieldPath)!;
  const field = list.find((candidate) => candidate.name === name);
  if (!field) throw new Error(`no editor field ${fieldPath}`);
  if (block !== undefined && field.types) {
    const type = field.types.find((candidate) => candidate.name === block)!;
    return rest ? fieldAt(type.fields, rest) : (type as unknown as EditorField);
  }
  if (rest === undefined) return field;
  return fieldAt(field.fields ?? [field.field!], rest);
}

const fileFields = (typeName: string) => {
  const found = config.collections.find((candidate: Collection) => candidate.name === typeName)!;
  return 'files' in found ? found.files[0].fields : found.fields;
};

/** The editor's check of the field at `fieldPath`: 'ok' or the schema's first message. */
const check = (list: EditorField[], fieldPath: string) => (value: unknown) => {
  const result = checks.get(fieldAt(list, fieldPath).check!)!.safeParse(value);
  return result.success ? 'ok' : result.error.issues[0].message;
};

const sample = () =>
  JSON.parse(fs.readFileSync(path.join(root, 'content/landing/dental-clinics.json'), 'utf8')) as LandingPageContent;

describe('the Landing pages collection', () => {
  it('edits content/landing/<slug>.json: new pages named after their address, deletable, previewed at it', () => {
    expect(collection).toMatchObject({
      label: 'Landing pages',
      label_singular: 'Landing page',
      folder: 'content/landing',
      extension: 'json',
      format: 'content-LandingPage',
      create: true,
      delete: true,
      slug: '{{fields.slug}}',
      identifier_field: 'slug',
      preview_path: '{{fields.slug}}',
    });
    expect(sourceOf('landing', 'dental-clinics')).toBe(source);
  });

  it('has one editor block type per block of the schema, named and summarised, added from "Add section"', () => {
    const sections = fieldAt(fields, 'sections');
    expect(sections).toMatchObject({ widget: 'list', typeKey: 'type', label_singular: 'section', min: 1 });
    expect(sections.types!.map((type) => type.name)).toEqual(blockNames(landingPage));
    expect(sections.types!.map((type) => type.label)).toEqual([
      'Hero',
      'Service cards',
      'Plans',
      'Testimonials',
      'Stats band',
      'Reasons',
      'Rich text',
      'Questions and answers',
      'Call to action',
      'Lead form',
    ]);
    expect(Object.fromEntries(sections.types!.map((type) => [type.name, type.summary]))).toMatchObject({
      hero: 'Hero: {{title}}',
      stats: 'Stats band',
      text: "Rich text{{title | ternary(': ', '')}}{{title}}",
    });
    // The tag is the block type itself, not a field of it.
    for (const type of sections.types!) expect(type.fields.map((field) => field.name)).not.toContain('type');
  });

  it('stops the editor configuration at a block without an editor name', () => {
    const block = (type: string) => z.object({ type: z.literal(type), title: text('title') });
    const schema = z.object({ sections: z.array(z.discriminatedUnion('type', [block('hero'), block('countdown')])) });
    expect(() => editorFields(schema, { prefix: 'Test' })).toThrow(/'countdown' has no name in the editor/);
    expect(Object.keys(BLOCK_LABELS).sort()).toEqual(blockNames(landingPage).sort());
  });

  it('chooses services, plans and testimonials from where they are edited, by the value the content names', () => {
    expect(fieldAt(fields, 'sections[services].services')).toMatchObject({
      widget: 'checked-relation',
      collection: 'services',
      value_field: '{{slug}}',
      display_fields: ['title'],
      multiple: true,
      min: 1,
    });
    expect(fieldAt(fields, 'sections[plans].plans')).toMatchObject({
      widget: 'checked-relation',
      collection: 'PlansJson',
      file: 'PlansJson',
      value_field: 'plans.*.id',
      search_fields: ['plans.*.name'],
      display_fields: ['plans.*.name'],
      multiple: true,
    });
    expect(fieldAt(fields, 'sections[testimonials].testimonials')).toMatchObject({
      collection: 'TestimonialsJson',
      file: 'TestimonialsJson',
      value_field: 'testimonials.*.id',
      display_fields: ['testimonials.*.name'],
    });
    // Each names a collection (and file, and list field) the editor has.
    for (const name of ['PlansJson', 'TestimonialsJson']) {
      const [list] = fileFields(name);
      expect(list.fields!.map((field) => field.name)).toEqual(expect.arrayContaining(['id', 'name']));
    }
    expect(config.collections.map((candidate) => candidate.name)).toContain('services');
    expect(check(fields, 'sections[services].services')([])).toBe('services must name at least one');
  });

  it('offers the demo form’s own problems for a form section, and Markdown for a text block', () => {
    expect(fieldAt(fields, 'sections[form].problem')).toMatchObject({
      widget: 'checked-select',
      options: contactForm.inputs.problem.options,
      required: false,
    });
    expect(fieldAt(fields, 'sections[form].form')).toMatchObject({
      widget: 'checked-select',
      options: ['demo-request', 'strategy-call'],
    });
    expect(fieldAt(fields, 'sections[text].body')).toMatchObject({
      widget: 'checked-markdown',
      editor_components: [],
      buttons: ['bold', 'italic', 'link', 'bulleted-list', 'numbered-list'],
    });
  });
});

describe('images', () => {
  const imageFields: [string, string][] = [
    ['LandingPage', 'meta.image'],
    ['LandingPage', 'sections[hero].image'],
    ['LandingPage', 'sections[reasons].image'],
    ['HomeJson', 'meta.image'],
    ['HomeJson', 'hero.image'],
    ['PricingPageJson', 'meta.image'],
    ['ContactPageJson', 'meta.image'],
    ['NotFoundPageJson', 'meta.image'],
    ['TestimonialsJson', 'testimonials.photo'],
  ];

  it('are uploaded to content/images and named by their /images path', () => {
    expect(config).toMatchObject({ media_folder: IMAGE_FOLDER, public_folder: IMAGE_PUBLIC_PATH });
    expect(IMAGE_FOLDER).toBe('content/images');
  });

  it.each(imageFields)(
    '%s %s: the media library (2 MB at most, no address from elsewhere), a description or the decorative tick',
    (typeName, at) => {
      const list = typeName === 'LandingPage' ? fields : fileFields(typeName);
      expect(fieldAt(list, at)).toMatchObject({ widget: 'checked-object', required: false });
      expect(fieldAt(list, `${at}.src`)).toMatchObject({
        widget: 'checked-image',
        label: 'Picture',
        choose_url: false,
        media_library: { allow_multiple: false, config: { max_file_size: MAX_IMAGE_BYTES } },
      });
      expect(fieldAt(list, `${at}.alt`)).toMatchObject({ widget: 'checked-string', label: 'Image description' });
      expect(fieldAt(list, `${at}.alt`).hint).toMatch(/^Describe what the picture shows/);
      expect(fieldAt(list, `${at}.decorative`)).toMatchObject({ widget: 'checked-boolean' });
      expect(fieldAt(list, `${at}.decorative`).hint).toMatch(/^Tick when the picture adds nothing to the words/);
    },
  );

  it('explains the social image where it is a page’s social image', () => {
    expect(fieldAt(fields, 'meta.image').hint).toMatch(/shared on social media.*1200 × 630/);
    expect(fieldAt(fields, 'sections[hero].image').hint).not.toMatch(/shared/);
  });

  it('refuses what the content check refuses: a path that is not an upload, no description without the tick', () => {
    const src = check(fields, 'sections[hero].image.src');
    expect(src('/images/clinic.jpg')).toBe('ok');
    expect(src('')).toBe('ok'); // no image: the hero's image is optional
    expect(src('/images/clinic.gif')).toMatch(/^src must be an image uploaded in the editor/);
    expect(src('https://example.com/clinic.jpg')).toMatch(/^src must be an image uploaded in the editor/);
    const image = check(fields, 'sections[hero].image');
    expect(image({ src: '/images/clinic.jpg', alt: 'The clinic’s front desk' })).toBe('ok');
    expect(image({ src: '/images/clinic.jpg', decorative: true })).toBe('ok');
    expect(image({ src: '', alt: '', decorative: false })).toBe('ok');
    expect(image({ src: '/images/clinic.jpg' })).toMatch(/^an image needs either alt/);
    expect(image({ src: '/images/clinic.jpg', alt: 'Desk', decorative: true })).toMatch(/^an image needs either alt/);
  });
});

describe('optional groups', () => {
  it('may be left empty, but a group in use needs its fields', () => {
    expect(check(fields, 'sections[hero].secondaryCta.label')('')).toBe('ok');
    expect(check(fields, 'sections[hero].secondaryCta.to')('pricing')).toMatch(/must start with "\/"/);
    const button = check(fields, 'sections[hero].secondaryCta');
    expect(button(undefined)).toBe('ok');
    expect(button({ label: '', to: '' })).toBe('ok');
    expect(button({ label: 'See the plans', to: '' })).toBe('to must not be empty');
    // The group says what its fields do not say themselves, each mistake once.
    const group = (at: string, value: unknown) => {
      const field = fieldAt(fields, at);
      const names = editorNames([field], { [field.name]: value }, [field.name]);
      return groupProblems(checks.get(field.check!)!, value, names);
    };
    expect(group('sections[hero].secondaryCta', { label: 'See the plans' })).toEqual([
      'Secondary button › Link to is missing. Add it (see CONTENT.md for an example).',
    ]);
    expect(group('sections[hero].secondaryCta', { label: 'See the plans', to: 'pricing' })).toEqual([]);
    expect(group('sections[hero].image', { src: '/images/clinic.jpg' })).toEqual([
      expect.stringMatching(/^Image › Image description: an image needs either alt/),
    ]);
    expect(fieldAt(fields, 'sections[hero].secondaryCta')).toMatchObject({ widget: 'checked-object', required: false });
    expect(fieldAt(fields, 'sections[hero].primaryCta')).toMatchObject({ widget: 'object', required: true });
  });
});

describe('an entry saved from the editor', () => {
  const format = contentFormat(source);

  it('leaves out what was left empty, and writes every key in its block’s order', () => {
    const page = sample();
    const hero = page.sections[0];
    const edited = {
      ...page,
      hideFromSearch: undefined,
      sections: [
        {
          ...Object.fromEntries(Object.entries(hero).reverse()),
          eyebrow: '',
          secondaryCta: { label: '', to: '' },
          image: { ...(hero as { image: object }).image, decorative: false },
        },
        ...page.sections.slice(1),
      ],
    };
    const saved = JSON.parse(format.toFile(edited)) as LandingPageContent;
    expect(Object.keys(saved.sections[0])).toEqual(['type', 'title', 'text', 'primaryCta', 'image', 'experiment']);
    expect(saved.sections[0]).toMatchObject({ image: { decorative: false } });
    expect(saved).not.toHaveProperty('hideFromSearch');
  });

  it('drops an image whose fields were opened and left empty', () => {
    const page = { ...sample(), meta: { ...sample().meta, image: { src: '', alt: '', decorative: false } } };
    expect(JSON.parse(format.toFile(page)).meta).not.toHaveProperty('image');
  });

  it('passes the check before a save for every landing page, and not with a bad address', async () => {
    const folder = path.join(root, 'content/landing');
    for (const name of fs.readdirSync(folder)) {
      const data = format.fromFile(fs.readFileSync(path.join(folder, name), 'utf8'));
      expect({ name, problems: await entryProblems(source, data) }).toEqual({ name, problems: [] });
    }
    expect(await entryProblems(source, { ...sample(), slug: 'Dental Clinics' })).toEqual([
      'Slug must be lowercase letters, digits and single dashes, e.g. dental-clinics for /dental-clinics.',
    ]);
  });

  it('keeps a page’s social image and a testimonial’s photo as they are', () => {
    const home = contentSources.find((candidate) => candidate.typeName === 'HomeJson')!;
    const raw = fs.readFileSync(path.join(root, 'content/pages/home.json'), 'utf8');
    const data = contentFormat(home).fromFile(raw) as { meta: object };
    const withImage = { ...data, meta: { ...data.meta, image: { src: '/images/team.jpg', alt: 'The team' } } };
    const printed = contentFormat(home).toFile(withImage);
    expect(contentFormat(home).toFile(contentFormat(home).fromFile(printed))).toBe(printed);
    expect(JSON.parse(printed).meta.image).toEqual({ src: '/images/team.jpg', alt: 'The team' });
  });
});
