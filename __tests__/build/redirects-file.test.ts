/** @jest-environment node */
// The build writes the short links of content/redirects.json to public/_redirects in Netlify's format, which the
// local static server reads back as a host would.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { redirectsFileText, writeRedirectsFile } from '../../src/build/redirects-file';
import { parseRedirectsFile } from '../../dev/static/redirects-file';
import { copyContent } from '../helpers/content-copy';

let content: ReturnType<typeof copyContent>;
let publicDir: string;
beforeEach(() => {
  content = copyContent();
  publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'public-'));
});
afterEach(() => {
  content.cleanup();
  fs.rmSync(publicDir, { recursive: true, force: true });
});

it('writes one rule a line, 302 for a campaign link and 301 for a permanent one, columns aligned', () => {
  expect(
    redirectsFileText([
      { from: '/dental', to: '/contact?utm_source=flyer', permanent: false },
      { from: '/plans', to: '/pricing', permanent: true },
    ]),
  ).toBe(
    '# Short links from content/redirects.json (CONTENT.md, "Short links"), written by the build.\n' +
      '/dental  /contact?utm_source=flyer  302\n' +
      '/plans   /pricing                   301\n',
  );
});

it('writes the validated short links of the content folder to public/_redirects', () => {
  content.write(
    'redirects.json',
    JSON.stringify([
      { from: '/dental', to: '/contact?utm_campaign=dental', permanent: false },
      { from: '/linkedin', to: 'https://www.linkedin.com/company/example', permanent: true },
    ]),
  );
  const written = writeRedirectsFile(publicDir, content.dir);
  expect(written).toHaveLength(2);
  expect(parseRedirectsFile(fs.readFileSync(path.join(publicDir, '_redirects'), 'utf8'))).toEqual([
    { from: '/dental', to: '/contact?utm_campaign=dental', status: 302, force: false },
    { from: '/linkedin', to: 'https://www.linkedin.com/company/example', status: 301, force: false },
  ]);
});

it('writes a file with no rules for a site with no short links', () => {
  content.write('redirects.json', '[]\n');
  expect(writeRedirectsFile(publicDir, content.dir)).toEqual([]);
  expect(parseRedirectsFile(fs.readFileSync(path.join(publicDir, '_redirects'), 'utf8'))).toEqual([]);
});
