// "View Preview" on a pull request opens the page of the entry being edited on the deploy preview: every
// collection's preview_path, compiled by Decap's own template code for every entry in content/, names a route
// the build makes (and a service's section on /services); a landing page opens at its own address.
import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import { Map as ImmutableMap } from 'immutable';
import type { ZodType } from 'zod';
import { cmsConfig } from '../../src/admin/cms-config';
import { siteRoutes } from '../../src/content-model/routes';

// The editor's template engine, as Decap's previewUrlFormatter calls it (decap-cms-core, lib/formatters).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { stringTemplate } = require('decap-cms-app/node_modules/decap-cms-lib-widgets') as {
  stringTemplate: {
    addFileTemplateFields: (
      entryPath: string,
      fields: ImmutableMap<string, unknown>,
      folder?: string,
    ) => ImmutableMap<string, unknown>;
    compileStringTemplate: (
      template: string,
      date: null,
      slug: string,
      fields: ImmutableMap<string, unknown>,
    ) => string;
  };
};

const root = path.resolve(__dirname, '../..');
const previewBase = 'https://deploy-preview-42--brightlane.netlify.app';
const config = cmsConfig(
  { repo: 'owner/site', authBaseUrl: 'https://api.netlify.com', siteUrl: '' },
  new Map<string, ZodType>(),
);
const builtPaths = new Set([...siteRoutes(), '/404.html']);

/** Decap's previewUrlFormatter: the template with the entry's fields, after the preview's address. */
function previewUrl(template: string, entryPath: string, data: Record<string, unknown>, folder?: string): string {
  const fields = stringTemplate.addFileTemplateFields(entryPath, ImmutableMap(data), folder);
  const slug = path.basename(entryPath, path.extname(entryPath));
  const compiled = stringTemplate.compileStringTemplate(template, null, slug, fields);
  return `${previewBase}/${compiled.replace(/^[ /]+/, '')}`;
}

const entries = config.collections.flatMap((collection) => {
  if ('files' in collection) {
    return collection.files.map((file) => ({
      name: `${collection.name}: ${file.file}`,
      url: previewUrl(file.preview_path, file.file, JSON.parse(fs.readFileSync(path.join(root, file.file), 'utf8'))),
    }));
  }
  return fs
    .readdirSync(path.join(root, collection.folder))
    .filter((name) => name.endsWith(`.${collection.extension}`))
    .map((name) => {
      const file = `${collection.folder}/${name}`;
      const raw = fs.readFileSync(path.join(root, file), 'utf8');
      const data = collection.extension === 'json' ? JSON.parse(raw) : matter(raw).data;
      return {
        name: `${collection.name}: ${file}`,
        url: previewUrl(collection.preview_path, file, data, collection.folder),
      };
    });
});

it('gives every collection and file a preview path', () => {
  for (const collection of config.collections) {
    if ('files' in collection) for (const file of collection.files) expect(file.preview_path).toBeTruthy();
    else expect(collection.preview_path).toBeTruthy();
  }
  expect(entries.length).toBeGreaterThan(config.collections.length);
});

it.each(entries)('$name opens a page the build makes', ({ url }) => {
  const { pathname, hash } = new URL(url);
  expect(builtPaths).toContain(pathname);
  if (hash) {
    // A service's section: /services shows each service under the id of its file name.
    expect(pathname).toBe('/services');
    expect(fs.existsSync(path.join(root, 'content/services', `${hash.slice(1)}.mdx`))).toBe(true);
  }
});

it('opens the edited page itself, not the home page, for the pages, the forms and the legal pages', () => {
  const opened = Object.fromEntries(
    entries.map(({ name, url }) => [name.split(': ')[1], new URL(url).pathname + new URL(url).hash]),
  );
  expect(opened).toMatchObject({
    'content/site.json': '/',
    'content/pages/pricing.json': '/pricing',
    'content/forms/booking-form.json': '/book',
    'content/pages/not-found.json': '/404.html',
    'content/services/lead-capture.mdx': '/services#lead-capture',
    'content/legal/terms.mdx': '/terms',
    'content/landing/dental-clinics.json': '/dental-clinics',
  });
});
