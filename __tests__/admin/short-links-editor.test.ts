// The short links in the editor: their own collection, fields derived from the schema with hints of their own
// (a short link's `from` is no time of day), the schema's messages on every value, and a list whose last link may
// be removed: a site with no short links saves as [].
import type { ZodType } from 'zod';
import { cmsConfig } from '../../src/admin/cms-config';
import type { EditorField } from '../../src/content-model/editor-fields';
import { checkedPart, contentFormat } from '../../src/content-model/content-formats';
import { contentSources } from '../../src/content-model/registry';

const checks = new Map<string, ZodType>();
const config = cmsConfig(
  { repo: 'owner/site', authBaseUrl: 'https://api.netlify.com', siteUrl: 'https://example.com' },
  checks,
);
const source = contentSources.find((candidate) => candidate.typeName === 'RedirectsJson')!;
const collection = config.collections.find((candidate) => candidate.name === 'RedirectsJson')!;
const file = 'files' in collection ? collection.files[0] : undefined;
const list = file?.fields[0] as EditorField;
const field = (name: string) => list.fields!.find((candidate) => candidate.name === name)!;
const check = (name: string) => (value: unknown) => {
  const result = checks.get(field(name).check!)!.safeParse(value);
  return result.success ? 'ok' : result.error.issues[0].message;
};

it('is a collection of its own, "Short links", editing content/redirects.json', () => {
  expect(collection).toMatchObject({ label: 'Short links', description: 'Short links' });
  expect(file).toMatchObject({ file: 'content/redirects.json', preview_path: '/' });
});

it('lets the last short link be removed: the list is optional and has no minimum', () => {
  expect(list).toMatchObject({ name: 'redirects', widget: 'list', required: false });
  expect(list).not.toHaveProperty('min');
  expect(list.fields!.map((item) => [item.name, item.widget, item.required])).toEqual([
    ['from', 'checked-string', true],
    ['to', 'checked-string', true],
    ['permanent', 'checked-boolean', true],
  ]);
});

it('explains each field in a marketer’s words, without changing the chat’s times of day', () => {
  expect(field('from').hint).toMatch(/^The short address people type, e\.g\. \/dental/);
  expect(field('to').hint).toMatch(/campaign tags/);
  expect(field('permanent').hint).toMatch(/^Leave off for a campaign link you may point elsewhere later/);
  const chat = config.collections.find((candidate) => candidate.name === 'ChatJson')!;
  expect(JSON.stringify(chat)).toContain('A time as HH:MM on a 24-hour clock, e.g. 09:00.');
});

it('refuses in the editor what the content check refuses, with the schema’s message', () => {
  expect(check('from')('/dental')).toBe('ok');
  expect(check('from')('/Dental Clinics')).toMatch(/^from must be a path such as \/dental/);
  expect(check('from')('/dental/')).toBe('from must not end with "/": write /dental');
  expect(check('to')('/contact?utm_source=flyer')).toBe('ok');
  expect(check('to')('www.example.com')).toMatch(/^to must be a page of this site/);
});

it('saves a list with no short links as [] and passes it before the save', () => {
  const format = contentFormat(source);
  expect(format.toFile({ redirects: [] })).toBe('[]\n');
  expect(format.toFile({})).toBe('[]\n');
  expect(checkedPart(source, {}).schema.safeParse(checkedPart(source, {}).value).success).toBe(true);
  expect(format.fromFile('[]\n')).toEqual({ redirects: [] });
});
