// The editor's configuration against the schemas: every file the registry knows is editable, every schema field
// has exactly one editor field (per block type in a list of blocks) and no editor field lacks a schema field, every
// block has its editor type, the limits carry over, and the texts the specification fixes are read-only with a
// hint that says why.
import type { ZodType } from 'zod';
import { cmsConfig, editorTypeNames, type Collection } from '../../src/admin/cms-config';
import { anyItem, blockNames, schemaPaths, type EditorField } from '../../src/content-model/editor-fields';
import { FIXED_BY_SPEC_HINT } from '../../src/content-model/editor-wording';
import { contentSources, type ContentSource } from '../../src/content-model/registry';
import { serviceIcons } from '../../src/content-model/schemas';
import { pinnedFields, problemOptions } from '../../src/content-model/spec-texts';
import { listFieldName } from '../../src/content-model/content-formats';

const checks = new Map<string, ZodType>();
const config = cmsConfig(
  { repo: 'owner/site', authBaseUrl: 'https://api.netlify.com', siteUrl: 'https://example.com' },
  checks,
);

type Located = { source: ContentSource; fields: EditorField[] };

function locate(source: ContentSource): Located[] {
  return config.collections.flatMap((collection: Collection) => {
    if ('files' in collection) {
      return collection.files
        .filter((file) => file.name === source.typeName)
        .map((file) => ({ source, fields: file.fields }));
    }
    return 'folder' in source && collection.folder === `content/${source.folder}`
      ? [{ source, fields: collection.fields }]
      : [];
  });
}

/**
 * Field paths the editor covers, as schemaPaths names them; a read-only field covers everything inside it, a list
 * of blocks names each block type's fields `sections[hero].title`, a relation choosing several the items' path.
 */
function editorPaths(fields: EditorField[], at = ''): { path: string; field: EditorField }[] {
  return fields.flatMap((field) => {
    const path = at ? `${at}.${field.name}` : field.name;
    if (field.types) {
      return [
        { path, field },
        ...field.types.flatMap((type) => [
          { path: `${path}[${type.name}]`, field: { ...type, required: true } },
          ...editorPaths(type.fields, `${path}[${type.name}]`),
        ]),
      ];
    }
    if (field.widget === 'checked-relation' && field.multiple) {
      return [
        { path, field },
        { path: `${path}[]`, field },
      ];
    }
    if (field.fields) {
      const inner = field.widget === 'list' ? `${path}[]` : path;
      return [{ path, field }, ...editorPaths(field.fields, inner)];
    }
    if (field.field)
      return [
        { path, field },
        { path: `${path}[]`, field: field.field },
      ];
    return [{ path, field }];
  });
}

function fieldAt(fields: EditorField[], path: string): EditorField | undefined {
  return editorPaths(fields).find((entry) => entry.path === path)?.field;
}

/** The schema's paths as the editor sees the file: a list file is one list field. */
function expectedPaths(source: ContentSource): string[] {
  if (source.kind !== 'json-list') return schemaPaths(source.schema);
  const name = listFieldName(source);
  return [name, ...schemaPaths(source.schema, `${name}[]`)];
}

describe('the editor configuration', () => {
  it('places every content type of the registry exactly once', () => {
    for (const source of contentSources) expect(locate(source)).toHaveLength(1);
    expect([...editorTypeNames()].sort()).toEqual(contentSources.map((source) => source.typeName).sort());
  });

  it.each(contentSources.map((source) => [source.typeName, source]))(
    '%s: one editor field per schema field, and none without one',
    (_, source) => {
      const [{ fields }] = locate(source);
      const covered = editorPaths(fields);
      const fixed = covered.filter((entry) => entry.field.widget === 'fixed').map((entry) => entry.path);
      const isInsideFixed = (path: string) =>
        fixed.some((root) => path.startsWith(`${root}[]`) || path.startsWith(`${root}.`));
      // The editor's own choices (an experiment's end) are no content: the editor acts on them and saves none.
      const editorSide = covered
        .filter((entry) => !entry.field.editorOnly)
        .map((entry) => entry.path)
        .filter((path) => !(source.kind === 'mdx-folder' && path === 'body'));
      const schemaSide = expectedPaths(source).filter((path) => !isInsideFixed(path));
      expect(editorSide.sort()).toEqual(schemaSide.sort());
    },
  );

  it('gives every block of a list of blocks (a landing page’s sections) its editor type', () => {
    const blocks = contentSources.flatMap((source) => {
      const covered = editorPaths(locate(source)[0].fields).map((entry) => entry.path);
      return blockNames(source.schema).map((name) => ({
        block: `${source.typeName} ${name}`,
        edited: covered.some((path) => path.endsWith(`[${name}]`)),
      }));
    });
    expect(blocks.length).toBeGreaterThanOrEqual(10);
    for (const block of blocks) expect(block).toEqual({ ...block, edited: true });
  });

  it('checks every text, number, choice and yes/no field against its schema', () => {
    for (const source of contentSources) {
      for (const { field } of editorPaths(locate(source)[0].fields)) {
        if (field.widget.startsWith('checked-')) expect(checks.get(field.check!)).toBeDefined();
        else if (field.editorOnly) expect(field.widget).toBe('select');
        else expect(['object', 'list', 'fixed', 'mdx-body']).toContain(field.widget);
        expect(field.widget).not.toBe('relation');
      }
    }
  });

  it('shows every text the specification fixes read-only, with the reason', () => {
    for (const pinned of pinnedFields) {
      const source = contentSources.find((candidate) => 'file' in candidate && candidate.file === pinned.file)!;
      const [{ fields }] = locate(source);
      const path = anyItem(source.kind === 'json-list' ? `${listFieldName(source)}${pinned.field}` : pinned.field);
      const field = fieldAt(fields, path) ?? fieldAt(fields, path.replace(/\[\]$/, ''));
      expect({ path, widget: field?.widget, hint: field?.hint }).toEqual({
        path,
        widget: 'fixed',
        hint: FIXED_BY_SPEC_HINT,
      });
    }
  });

  it('fixes the number and order of list items the specification names (plans, navigation)', () => {
    const plans = locate(contentSources.find((source) => source.typeName === 'PlansJson')!)[0].fields;
    expect(fieldAt(plans, 'plans')).toMatchObject({ allow_add: false, allow_remove: false, allow_reorder: false });
    const testimonials = locate(contentSources.find((source) => source.typeName === 'TestimonialsJson')!)[0].fields;
    expect(fieldAt(testimonials, 'testimonials')).not.toHaveProperty('allow_add');
  });

  it('carries over required fields, list lengths, choices and limits', () => {
    const field = (typeName: string, path: string) =>
      fieldAt(locate(contentSources.find((source) => source.typeName === typeName)!)[0].fields, path);
    expect(field('HomeJson', 'hero.title')).toMatchObject({ widget: 'checked-string', required: true });
    expect(field('HomeJson', 'stats')).toMatchObject({ widget: 'list', min: 1 });
    expect(field('HomeJson', 'meta.title')?.hint).toContain('At most 70 characters');
    expect(field('ContactFormJson', 'inputs.details.placeholder')).toMatchObject({ required: false });
    expect(field('ContactFormJson', 'inputs.problem.options')).toMatchObject({ widget: 'fixed' });
    expect(field('Service', 'icon')).toMatchObject({ widget: 'checked-select', options: [...serviceIcons] });
    expect(field('TestimonialsJson', 'testimonials[].rating')).toMatchObject({ value_type: 'int', min: 1, max: 5 });
    expect(problemOptions).toHaveLength(6);
  });

  it('refuses in the editor what the content check refuses, with the schema’s message', () => {
    const check = (typeName: string, path: string) => {
      const field = fieldAt(locate(contentSources.find((source) => source.typeName === typeName)!)[0].fields, path)!;
      return (value: unknown) => {
        const result = checks.get(field.check!)!.safeParse(value);
        return result.success ? 'ok' : result.error.issues[0].message;
      };
    };
    expect(check('HomeJson', 'hero.title')('')).toBe('title must not be empty');
    expect(check('HomeJson', 'hero.title')('   ')).toBe('title must not be empty');
    expect(check('HomeJson', 'meta.title')('x'.repeat(71))).toMatch(/at most 70 characters/);
    expect(check('HomeJson', 'meta.title')('x'.repeat(70))).toBe('ok');
    expect(check('LegalPage', 'slug')('Privacy Policy')).toMatch(/lowercase letters/);
    expect(check('HomeJson', 'hero.primaryCta.to')('pricing')).toMatch(/must start with "\/"/);
    expect(check('Service', 'icon')('rocket')).toMatch(/icon must be one of/);
  });

  it('saves every change as a pull request, and uses the local backend only on this machine', () => {
    expect(config).toMatchObject({
      publish_mode: 'editorial_workflow',
      backend: { name: 'github', repo: 'owner/site', branch: 'main' },
      local_backend: { url: 'http://127.0.0.1:8081/api/v1' },
    });
  });
});
