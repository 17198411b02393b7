/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEPLOY_CONTEXTS, distinctBuilds, hostBuilds, readHostBuilds } from '../../scripts/deploy-build/netlify-config';
import { redirectsFileText } from '../../src/build/redirects-file';
import { errorLines, publishedSiteProblems, REQUIRED_HEADERS } from '../../scripts/deploy-build/published-site';

describe('netlify.toml as the host reads it', () => {
  it('gives every deploy context a command, the publish folder and [build.environment]', () => {
    const builds = readHostBuilds(path.resolve(__dirname, '../../netlify.toml'));
    expect(builds.map((build) => build.context)).toEqual([...DEPLOY_CONTEXTS]);
    for (const build of builds) {
      expect(build.command).toBe('npm run build');
      expect(build.publish).toBe('public');
      expect(build.environment.GATSBY_TELEMETRY_DISABLED).toBe('1');
    }
  });

  it('lets a context override the command and add variables, and groups contexts that build the same site', () => {
    const builds = hostBuilds(`
[build]
  command = "npm run build"
  publish = "public"
[build.environment]
  A = "1"
[context.deploy-preview]
  command = "npm run build:preview"
[context.branch-deploy.environment]
  B = 2
`);
    expect(builds.find((build) => build.context === 'deploy-preview')?.command).toBe('npm run build:preview');
    expect(builds.find((build) => build.context === 'branch-deploy')?.environment).toEqual({ A: '1', B: '2' });
    expect(distinctBuilds(builds).map((group) => group.contexts)).toEqual([
      ['production'],
      ['deploy-preview'],
      ['branch-deploy'],
    ]);
    expect(distinctBuilds(hostBuilds('[build]\ncommand="x"\npublish="p"')).map((group) => group.contexts)).toEqual([
      [...DEPLOY_CONTEXTS],
    ]);
  });

  it('refuses a file without a command or publish folder, naming what is missing', () => {
    expect(() => hostBuilds('[build]\npublish = "public"')).toThrow(/no build command for the production context/);
    expect(() => hostBuilds('[build]\ncommand = "x"')).toThrow(/no publish folder/);
  });
});

describe('the published folder, as the host serves it', () => {
  let dir: string;
  const url = 'https://abc.supabase.co';
  const headers = (extra = '') =>
    [
      '/*',
      ...REQUIRED_HEADERS.filter(
        (name) => !['Content-Security-Policy', 'Cross-Origin-Opener-Policy'].includes(name),
      ).map((name) => `  ${name}: x`),
      '/',
      `  Content-Security-Policy: default-src 'self'; connect-src 'self' ${url}`,
      '  Cross-Origin-Opener-Policy: same-origin',
      extra,
    ].join('\n');
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'published-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<h1>Home</h1>');
    fs.writeFileSync(path.join(dir, '404.html'), '<meta http-equiv="Content-Security-Policy" content="x">');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is whole when every route has its page and every header once', () => {
    fs.writeFileSync(path.join(dir, '_headers'), headers());
    expect(publishedSiteProblems(dir, ['/'], url)).toEqual([]);
  });

  it('names a missing page, a header sent twice, a policy without the project and a missing headers file', () => {
    fs.writeFileSync(path.join(dir, '_headers'), headers('/index\n  X-Frame-Options: DENY'));
    expect(publishedSiteProblems(dir, ['/', '/pricing'], 'https://other.supabase.co')).toEqual([
      expect.stringMatching(/^\/: connect-src .* does not allow the Supabase project https:\/\/other/),
      '/pricing: no page in ' + dir,
      '/pricing: no Content-Security-Policy header',
      '/pricing: no Cross-Origin-Opener-Policy header',
    ]);
    fs.writeFileSync(path.join(dir, '_headers'), headers('/\n  X-Frame-Options: DENY'));
    expect(publishedSiteProblems(dir, ['/'], url)).toEqual([
      '/: X-Frame-Options is set by 2 blocks; the host joins them',
    ]);
    fs.rmSync(path.join(dir, '_headers'));
    expect(publishedSiteProblems(dir, ['/'], url)).toEqual([expect.stringMatching(/_headers is missing/)]);
  });

  it("publishes the content's short links in _redirects, each as written and nothing else", () => {
    fs.writeFileSync(path.join(dir, '_headers'), headers());
    const shortLinks = [
      { from: '/demo', to: '/contact?utm_source=short-link', permanent: false },
      { from: '/dental', to: '/dental-clinics', permanent: true },
    ];
    expect(publishedSiteProblems(dir, ['/'], url, shortLinks)).toEqual([
      '_redirects is missing: the short links would lead nowhere',
    ]);
    fs.writeFileSync(path.join(dir, '_redirects'), redirectsFileText(shortLinks));
    expect(publishedSiteProblems(dir, ['/'], url, shortLinks)).toEqual([]);
    fs.writeFileSync(path.join(dir, '_redirects'), '/demo  /contact?utm_source=short-link  301\n/  /elsewhere  302\n');
    expect(publishedSiteProblems(dir, ['/'], url, shortLinks)).toEqual([
      '_redirects lacks the short link /demo → /contact?utm_source=short-link 302',
      '_redirects lacks the short link /dental → /dental-clinics 301',
      '_redirects has /demo → /contact?utm_source=short-link 301, which is not a short link of the content: find out what wrote it',
      '_redirects has / → /elsewhere 302, which is not a short link of the content: find out what wrote it',
      '_redirects sends / elsewhere, but it is a page of the site',
    ]);
  });
});

it('finds the lines of a build log a reader takes for failures, through colour codes', () => {
  const log =
    'info done\n\u001b[31merror\u001b[39m ◇ injected env (0)\nnpm error code X\n ERROR  UNKNOWN\n[site] error x\nno errors here';
  expect(errorLines(log)).toEqual([
    'error ◇ injected env (0)',
    'npm error code X',
    ' ERROR  UNKNOWN',
    '[site] error x',
  ]);
});
