import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseHeadersFile, headersFor } from '../../dev/static/headers-file';
import {
  contentSecurityPolicy,
  formatHeadersFile,
  inlineCodeOutsideScripts,
  inlineScriptHashes,
  inlineScripts,
  metaContentSecurityPolicy,
  securityHeaderBlocks,
  withMetaPolicy,
  adminContentSecurityPolicy,
  urlPathFor,
  writeSecurityHeaders,
} from '../../src/build/security-headers';
import { adminPageHtml } from '../../src/build/admin-page';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

const page = (pagePath: string) => `<!DOCTYPE html><html><head>
<script type="module">const e="loading";</script>
<script type="application/ld+json" data-gatsby-head="true">{"@type":"Organization"}</script>
<style data-styled="">.a{color:red}</style>
</head><body><div id="___gatsby"></div>
<script id="gatsby-script-loader">/*<![CDATA[*/window.pagePath="${pagePath}";/*]]>*/</script>
<script
  id="gatsby-chunk-mapping"
>
  window.___chunkMapping="{}";
</script>
<script>window.___webpackCompilationHash="abc";</script>
<script src="/app-123.js" async></script>
<script type="text/javascript">ünïcode()</script>
</body></html>`;

describe('inline scripts', () => {
  it('finds every inline script, skipping external ones, and knows which ones run', () => {
    const scripts = inlineScripts(page('/'));
    expect(scripts.map((script) => script.executable)).toEqual([true, false, true, true, true, true]);
  });

  it('hashes exactly the text of each executable inline script (UTF-8, whitespace included), once', () => {
    const hashes = inlineScriptHashes(page('/') + '<script>window.___webpackCompilationHash="abc";</script>');
    expect(hashes).toEqual([
      sha('const e="loading";'),
      sha('/*<![CDATA[*/window.pagePath="/";/*]]>*/'),
      sha('\n  window.___chunkMapping="{}";\n'),
      sha('window.___webpackCompilationHash="abc";'),
      sha('ünïcode()'),
    ]);
    expect(hashes.join(' ')).not.toContain(sha('{"@type":"Organization"}'));
  });

  it('treats single-quoted, unquoted and upper-case attributes alike', () => {
    expect(inlineScripts(`<SCRIPT TYPE='application/json'>{}</SCRIPT><script type=module>x()</script>`)).toEqual([
      { attributes: "TYPE='application/json'", text: '{}', executable: false },
      { attributes: 'type=module', text: 'x()', executable: true },
    ]);
  });
});

describe('inline code outside scripts', () => {
  it('reports event handler attributes and javascript: URLs, and ignores text that merely mentions them', () => {
    expect(inlineCodeOutsideScripts('<p>Use onclick= and javascript: with care</p>')).toEqual([]);
    expect(inlineCodeOutsideScripts('<img src="x.png" onerror="alert(1)">')).toEqual(['onerror attribute']);
    expect(inlineCodeOutsideScripts('<a href="javascript:alert(1)">x</a>')).toHaveLength(1);
    expect(inlineCodeOutsideScripts('<script>if(a onclick= b){}</script>')).toEqual([]);
  });
});

describe('the policy', () => {
  const csp = contentSecurityPolicy(["'sha256-abc'"], 'https://ref.supabase.co/');
  const directives = Object.fromEntries(
    csp.split('; ').map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1).join(' ')]),
  );

  it('has every directive the issue asks for, and nothing unsafe for scripts', () => {
    expect(directives).toEqual({
      'default-src': "'self'",
      'script-src': "'self' 'sha256-abc'",
      'style-src': "'self' 'unsafe-inline'",
      'img-src': "'self' data:",
      'font-src': "'self'",
      'connect-src': "'self' https://ref.supabase.co",
      'manifest-src': "'self'",
      'frame-src': "'none'",
      'object-src': "'none'",
      'base-uri': "'self'",
      'form-action': "'self'",
      'frame-ancestors': "'none'",
    });
    expect(directives['script-src']).not.toMatch(/unsafe|\*|data:|https?:/);
  });

  it('allows only the origin of the Supabase URL for connections', () => {
    expect(contentSecurityPolicy([], 'http://127.0.0.1:54329/rest/v1')).toContain(
      "connect-src 'self' http://127.0.0.1:54329;",
    );
  });
});

describe('the _headers file', () => {
  it('maps built files to URL paths', () => {
    expect(urlPathFor('index.html')).toBe('/');
    expect(urlPathFor(path.join('services', 'index.html'))).toBe('/services');
    expect(urlPathFor('404.html')).toBe('/404.html');
  });

  const pages = [
    { path: '/', html: page('/') },
    { path: '/services', html: page('/services') },
    { path: '/404.html', html: page('/404.html') },
  ];
  const rules = parseHeadersFile(formatHeadersFile(securityHeaderBlocks(pages, 'http://127.0.0.1:54329')));
  /** What static-server.ts sends: every matching block in order, a later value replacing an earlier one. */
  const served = (pathname: string) => Object.fromEntries(headersFor(rules, pathname));
  /** What a host that joins repeated headers with commas enforces: every policy. */
  const policies = (pathname: string) =>
    headersFor(rules, pathname)
      .filter(([name]) => name === 'Content-Security-Policy')
      .map(([, value]) => value);

  it('gives each page a policy with only its own inline scripts, and the common headers', () => {
    const home = served('/');
    expect(home['Content-Security-Policy']).toContain(sha('/*<![CDATA[*/window.pagePath="/";/*]]>*/'));
    expect(home['Content-Security-Policy']).not.toContain(sha('/*<![CDATA[*/window.pagePath="/services";/*]]>*/'));
    expect(home).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Cross-Origin-Opener-Policy': 'same-origin',
    });
    expect(home['Strict-Transport-Security']).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
    expect(home['Permissions-Policy']).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
    for (const pathname of ['/services', '/services/']) {
      expect(served(pathname)['Content-Security-Policy']).toContain(
        sha('/*<![CDATA[*/window.pagePath="/services";/*]]>*/'),
      );
    }
  });

  it('sends an unknown path (answered with 404.html, which carries its own policy) the common headers and no policy', () => {
    expect(served('/no-such-page')).toEqual(Object.fromEntries(rules[0].headers));
    expect(served('/no-such-page')).not.toHaveProperty('Content-Security-Policy');
    expect(served('/no-such-page')['X-Frame-Options']).toBe('DENY');
  });

  it('gives every page exactly one policy, its own, also where a host joins every matching block', () => {
    for (const pathname of ['/', '/services', '/services/', '/404.html']) {
      // `/services/` matches the blocks of both spellings, which hold the same policy.
      expect([...new Set(policies(pathname))]).toEqual([served(pathname)['Content-Security-Policy']]);
    }
  });
});

describe('writeSecurityHeaders', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'headers-'));
    fs.mkdirSync(path.join(dir, 'pricing'));
    fs.mkdirSync(path.join(dir, 'page-data'));
    fs.writeFileSync(path.join(dir, 'index.html'), page('/'));
    fs.writeFileSync(path.join(dir, 'pricing', 'index.html'), page('/pricing'));
    fs.writeFileSync(path.join(dir, '404.html'), page('/404.html'));
    fs.writeFileSync(path.join(dir, 'page-data', 'ignored.html'), '<img onerror="x()">');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes public/_headers for every built page', () => {
    const { pages } = writeSecurityHeaders(dir, 'http://127.0.0.1:54321');
    expect(pages.map((built) => built.path).sort()).toEqual(['/', '/404.html', '/pricing']);
    const text = fs.readFileSync(path.join(dir, '_headers'), 'utf8');
    expect(parseHeadersFile(text).map((rule) => rule.pattern)).toEqual(['/*', '/', '/404.html', '/pricing']);
  });

  it('puts the 404 page’s own policy into 404.html, first in its head, without frame-ancestors; other pages unchanged', () => {
    writeSecurityHeaders(dir, 'http://127.0.0.1:54321');
    const hashes = inlineScriptHashes(page('/404.html'));
    const policy = metaContentSecurityPolicy(hashes, 'http://127.0.0.1:54321');
    expect(policy).toBe(
      contentSecurityPolicy(hashes, 'http://127.0.0.1:54321').replace("; frame-ancestors 'none'", ''),
    );
    const html = fs.readFileSync(path.join(dir, '404.html'), 'utf8');
    expect(html).toMatch(new RegExp(`<head><meta http-equiv="Content-Security-Policy" content="${escape(policy)}"/>`));
    expect(fs.readFileSync(path.join(dir, 'index.html'), 'utf8')).toBe(page('/'));
    // A second run (a rebuild reusing public/) leaves it as it is.
    writeSecurityHeaders(dir, 'http://127.0.0.1:54321');
    expect(fs.readFileSync(path.join(dir, '404.html'), 'utf8')).toBe(html);
  });

  it('writes a meta policy only once and leaves a page without a head alone', () => {
    expect(withMetaPolicy('<html><head lang="en"></head></html>', "default-src 'self'")).toBe(
      `<html><head lang="en"><meta http-equiv="Content-Security-Policy" content="default-src 'self'"/></head></html>`,
    );
    const once = withMetaPolicy('<head></head>', "default-src 'self'");
    expect(withMetaPolicy(once, "default-src 'self'")).toBe(once);
    expect(withMetaPolicy('<body></body>', "default-src 'self'")).toBe('<body></body>');
  });

  it('fails the build on inline code the policy would block', () => {
    fs.writeFileSync(path.join(dir, 'index.html'), '<body><button onclick="go()">Go</button></body>');
    expect(() => writeSecurityHeaders(dir, 'http://127.0.0.1:54321')).toThrow('/: onclick attribute');
  });
});

describe('the editor at /admin', () => {
  const sitePages = [
    { path: '/', html: page('/') },
    { path: '/services', html: page('/services') },
    { path: '/404.html', html: page('/404.html') },
  ];
  const admin = { path: '/admin', html: adminPageHtml('/admin/cms-ABC.js') };
  const rulesOf = (pages: typeof sitePages) =>
    parseHeadersFile(formatHeadersFile(securityHeaderBlocks(pages, 'http://127.0.0.1:54329')));
  const withAdmin = rulesOf([...sitePages, admin]);
  const served = (pathname: string) => Object.fromEntries(headersFor(withAdmin, pathname));

  it('gets its own policy, no indexing, and an opener policy its login popup can report back through', () => {
    for (const pathname of ['/admin', '/admin/', '/admin/cms-ABC.js']) {
      expect(served(pathname)).toMatchObject({
        'Content-Security-Policy': adminContentSecurityPolicy(),
        'X-Robots-Tag': 'noindex, nofollow',
        'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
      });
    }
    expect(adminContentSecurityPolicy()).toContain(
      "connect-src 'self' blob: https://api.github.com http://127.0.0.1:8081",
    );
    expect(adminContentSecurityPolicy()).toContain("frame-ancestors 'none'");
    expect(admin.html).toContain('<meta name="robots" content="noindex, nofollow" />');
  });

  it('leaves the site pages’ own headers exactly as they are without it', () => {
    const without = rulesOf(sitePages);
    for (const pathname of ['/', '/services', '/services/', '/404.html']) {
      const own = (rules: typeof without) =>
        rules.filter((rule) => rule.pattern !== '/*' && headersFor([rule], pathname).length);
      expect(own(withAdmin)).toEqual(own(without));
      expect(served(pathname)['Cross-Origin-Opener-Policy']).toBe('same-origin');
    }
  });

  it('puts no policy in the common block, so the editor’s allowances reach no site page', () => {
    expect(withAdmin[0].headers.map(([name]) => name)).not.toContain('Content-Security-Policy');
    expect(withAdmin[0].headers.map(([name]) => name)).not.toContain('Cross-Origin-Opener-Policy');
    for (const pathname of ['/', '/services', '/404.html', '/no-such-page']) {
      for (const [name, value] of headersFor(withAdmin, pathname)) {
        if (name === 'Content-Security-Policy') expect(value).not.toContain("'unsafe-eval'");
      }
    }
  });
});
