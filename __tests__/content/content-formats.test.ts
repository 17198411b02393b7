// The files the editor (/admin) writes: every content file is already in that form (so opening and saving it
// unchanged writes nothing), the JSON printer prints what Prettier prints, and MDX bodies pass through verbatim.
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
// Prettier's standalone build: its Node entry loads parsers with import(), which Jest's CommonJS cannot run.
import * as prettier from 'prettier/standalone';
import * as babelPlugin from 'prettier/plugins/babel';
import * as estreePlugin from 'prettier/plugins/estree';
import { contentFiles } from '../../src/content-model/content-file-list';
import { parseFrontmatterFile, printContentJson, printFrontmatterFile } from '../../src/content-model/content-files';
import { canonicalContent, contentFormat } from '../../src/content-model/content-formats';
import { contentSources } from '../../src/content-model/registry';

const contentDir = path.resolve(__dirname, '../../content');
const files = contentFiles(contentDir);
const prettierOptions = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../.prettierrc.json'), 'utf8'));
const prettierJson = (text: string) =>
  prettier.format(text, { ...prettierOptions, parser: 'json', plugins: [babelPlugin, estreePlugin] });

describe('content files in the editor’s form', () => {
  it('covers every file the registry knows', () => {
    expect(new Set(files.map((entry) => entry.source))).toEqual(new Set(contentSources));
    expect(files.length).toBeGreaterThan(contentSources.length);
  });

  it.each(files.map((entry) => [entry.file, entry]))(
    '%s: saved unchanged, it is byte for byte the same',
    (_, entry) => {
      const raw = fs.readFileSync(path.join(contentDir, entry.file), 'utf8');
      expect(canonicalContent(entry.source, raw)).toBe(raw);
    },
  );

  it('keeps keys the schema does not know, after the known ones', () => {
    const home = contentSources.find((source) => source.typeName === 'HomeJson')!;
    const format = contentFormat(home);
    const data = format.fromFile(fs.readFileSync(path.join(contentDir, 'pages/home.json'), 'utf8'));
    const saved = JSON.parse(format.toFile({ note: 'for the team', ...data })) as Record<string, unknown>;
    expect(saved.note).toBe('for the team');
    expect(Object.keys(saved)).toEqual([...Object.keys(data), 'note']);
  });

  it('writes keys in the schema’s order whatever order the editor hands them in', () => {
    const plans = contentSources.find((source) => source.typeName === 'PlansJson')!;
    const format = contentFormat(plans);
    const raw = fs.readFileSync(path.join(contentDir, 'plans.json'), 'utf8');
    const data = format.fromFile(raw) as { plans: Record<string, unknown>[] };
    const shuffled = { plans: data.plans.map((plan) => Object.fromEntries(Object.entries(plan).reverse())) };
    expect(format.toFile(shuffled)).toBe(raw);
  });
});

describe('printContentJson', () => {
  it.each(files.filter((entry) => entry.file.endsWith('.json')).map((entry) => [entry.file]))(
    '%s: prints what Prettier prints',
    async (file) => {
      const printed = printContentJson(JSON.parse(fs.readFileSync(path.join(contentDir, file), 'utf8')));
      expect(printed).toBe(await prettierJson(printed));
    },
  );

  it('prints what Prettier prints for any content-shaped value', async () => {
    const text = fc.string({ maxLength: 40 });
    const value = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        text,
        fc.integer(),
        fc.boolean(),
        fc.array(text, { maxLength: 12 }),
        fc.array(tie('object'), { maxLength: 3 }),
        tie('object'),
      ),
      object: fc.dictionary(fc.string({ minLength: 1, maxLength: 30 }), tie('value'), { maxKeys: 5 }),
    })).object;
    await fc.assert(
      fc.asyncProperty(value, async (data) => {
        const printed = printContentJson(data);
        expect(printed).toBe(await prettierJson(printed));
        expect(JSON.parse(printed)).toEqual(data);
      }),
      { numRuns: 300 },
    );
  });
});

describe('MDX files', () => {
  it('keep any body verbatim and the frontmatter values', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.string({ minLength: 1 }),
        fc.array(fc.string({ minLength: 1 }), { minLength: 1, maxLength: 4 }),
        (body, title, benefits) => {
          const printed = printFrontmatterFile({ title, benefits, body });
          expect(parseFrontmatterFile(printed)).toEqual({ title, benefits, body });
        },
      ),
    );
  });
});
