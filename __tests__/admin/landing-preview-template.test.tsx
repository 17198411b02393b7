// The editor's preview template of a landing page: the share preview of its search listing and social image,
// then its sections as the site draws them, from the entry Decap hands over (Immutable data, uploads looked up by
// their file name); registered for the Landing pages collection with every other collection's.
import { render, screen, within } from '@testing-library/react';
import { fromJS } from 'immutable';
import type { CMS } from 'decap-cms-core';
import type { ZodType } from 'zod';
import { LandingPreview } from '../../src/admin/previews/landing-preview';
import { SHARE_TEXT_LIMITS, truncated } from '../../src/admin/previews/SocialCardPreview';
import { registerEditor } from '../../src/admin/register-editor';
import { cmsConfig } from '../../src/admin/cms-config';
import { landingPages } from '../helpers/landing-data';

jest.mock('../../src/admin/previews/markdown-html', () => ({
  markdownHtml: (body: string) => `<p>${body.split('\n')[0]}</p>`,
}));
jest.mock('../../src/admin/previews/useMdx', () => ({ useMdx: () => ({}) }));
jest.mock('../../src/lib/leads');

beforeAll(() =>
  Promise.all([
    import('../../src/components/landing/below-the-fold'),
    import('../../src/features/forms/ContactForm'),
    import('../../src/features/forms/BookingForm'),
  ]),
);

it('shows the share preview, then the sections, with uploads found by their file name', async () => {
  const page = landingPages()[0];
  const asked: string[] = [];
  const getAsset = (path: string) => {
    asked.push(path);
    return { toString: () => `blob:upload-${path}` };
  };
  render(<LandingPreview entry={fromJS({ data: page })} document={document} getAsset={getAsset} />);
  const share = within(screen.getByLabelText('Share preview'));
  // The page's title from content, its site placeholders filled, as the large card cuts it.
  expect(page.meta.title).not.toMatch(/[{}]/);
  share.getAllByText(truncated(page.meta.title, SHARE_TEXT_LIMITS.largeTitle));
  expect(share.getAllByRole('img', { hidden: true })[0]).toHaveAttribute('src', 'blob:upload-dental-clinics-share.jpg');
  const [hero] = page.sections;
  if (hero.type !== 'hero') throw new Error('the sample page starts with its hero');
  await screen.findByRole('heading', { level: 1, name: hero.title });
  expect(asked).toEqual(expect.arrayContaining(['dental-clinics-share.jpg', 'dental-front-desk.jpg']));
  expect(asked.some((path) => path.startsWith('/'))).toBe(false);
});

it('is registered for every collection with a page to show, the landing pages included', () => {
  const templates = new Map<string, unknown>();
  const cms = {
    registerCustomFormat: () => undefined,
    getWidget: () => ({ control: () => null, preview: () => null }),
    registerWidget: () => undefined,
    registerEventListener: () => undefined,
    registerPreviewTemplate: (name: string, template: unknown) => templates.set(name, template),
  } as unknown as CMS;
  registerEditor(cms, new Map<string, ZodType>());
  expect(templates.get('landing')).toBe(LandingPreview);
  const config = cmsConfig({ repo: 'o/r', authBaseUrl: 'https://api.netlify.com', siteUrl: '' }, new Map());
  const withPages = config.collections.filter((collection) =>
    ['landing', 'services', 'legal', 'HomeJson', 'PricingPageJson'].includes(collection.name),
  );
  for (const collection of withPages) expect(templates.has(collection.name)).toBe(true);
});

// Decap's own widgets (decap-cms-app registers them); every other widget the configuration names must be ours.
const DECAP_WIDGETS = [
  'string',
  'text',
  'number',
  'boolean',
  'select',
  'object',
  'list',
  'relation',
  'image',
  'markdown',
];

it('registers every widget the configuration names', () => {
  const registered = new Set<string>(DECAP_WIDGETS);
  const cms = {
    registerCustomFormat: () => undefined,
    getWidget: () => ({ control: () => null, preview: () => null }),
    registerWidget: (name: string) => registered.add(name),
    registerEventListener: () => undefined,
    registerPreviewTemplate: () => undefined,
  } as unknown as CMS;
  registerEditor(cms, new Map<string, ZodType>());
  type Field = { widget?: string; fields?: Field[]; field?: Field; types?: Field[] };
  const widgets = (fields: Field[] = []): string[] =>
    fields.flatMap((field) => [
      ...(field.widget ? [field.widget] : []),
      ...widgets(field.fields),
      ...widgets(field.field ? [field.field] : []),
      ...widgets(field.types),
    ]);
  const config = cmsConfig({ repo: 'o/r', authBaseUrl: 'https://api.netlify.com', siteUrl: '' }, new Map());
  const named = config.collections.flatMap((collection) =>
    'files' in collection ? collection.files.flatMap((file) => widgets(file.fields)) : widgets(collection.fields),
  );
  expect([...new Set(named)].filter((widget) => !registered.has(widget))).toEqual([]);
  expect(named).toContain('mdx-body');
});
