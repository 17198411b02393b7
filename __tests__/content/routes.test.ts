/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pageRoutes, siteRoutes } from '../../src/content-model/routes';

it('lists the pages, then one route per legal page and per landing page named by its slug', () => {
  const contentDir = fs.mkdtempSync(path.join(os.tmpdir(), 'routes-'));
  fs.mkdirSync(path.join(contentDir, 'legal'));
  fs.writeFileSync(path.join(contentDir, 'legal', 'b.mdx'), '---\nslug: cookie-policy\n---\nText');
  fs.writeFileSync(path.join(contentDir, 'legal', 'a.mdx'), '---\nslug: imprint\n---\nText');
  fs.writeFileSync(path.join(contentDir, 'legal', 'notes.txt'), 'not a page');
  fs.mkdirSync(path.join(contentDir, 'landing'));
  fs.writeFileSync(path.join(contentDir, 'landing', 'tradies.json'), '{ "slug": "ai-receptionist-for-tradies" }');
  fs.writeFileSync(path.join(contentDir, 'landing', 'a-dental.json'), '{ "slug": "dental" }');
  expect(siteRoutes(contentDir)).toEqual([
    ...pageRoutes,
    '/imprint',
    '/cookie-policy',
    '/dental',
    '/ai-receptionist-for-tradies',
  ]);
});

it("reads the site's own content by default", () => {
  const legalFiles = fs.readdirSync(path.resolve(__dirname, '../../content/legal')).filter((f) => f.endsWith('.mdx'));
  const landingFiles = fs.readdirSync(path.resolve(__dirname, '../../content/landing'));
  expect(siteRoutes()).toHaveLength(pageRoutes.length + legalFiles.length + landingFiles.length);
});
