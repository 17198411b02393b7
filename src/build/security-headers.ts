// Security headers for static hosting, computed from the built HTML after `gatsby build` and written to
// public/_headers (Netlify's format, also read by Cloudflare Pages and by dev/static/static-server.ts).
//
// Every page gets a Content-Security-Policy whose script-src allows 'self' plus the SHA-256 hashes of
// exactly the inline scripts Gatsby put in that page's HTML: no 'unsafe-inline', no 'unsafe-eval'. Pages
// reached later by client-side navigation run only external chunks (from 'self'), so the policy of the
// page first loaded covers the whole visit. The reasons for each directive are in docs/security.md.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ADMIN_PATH } from './admin-page';
import { TEAM_PATHS } from '../content-model/route-paths';

export type BuiltPage = { /** URL path, e.g. `/`, `/services`, `/404.html` */ path: string; html: string };
export type HeaderBlock = { pattern: string; headers: [string, string][] };

/** Headers every response gets (the `/*` block). */
export const COMMON_HEADERS: [string, string][] = [
  ['Strict-Transport-Security', 'max-age=63072000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  [
    'Permissions-Policy',
    'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
  ],
  ['X-Frame-Options', 'DENY'],
];

/**
 * Cross-Origin-Opener-Policy: every site page is cut off from other windows. The editor's is not: its GitHub
 * login runs in a popup on the OAuth provider's origin that reports back to the editor through window.opener.
 * A host joins the values of every matching block, so the header is set per page, never in `/*`.
 */
const PAGE_OPENER_POLICY: [string, string] = ['Cross-Origin-Opener-Policy', 'same-origin'];
const ADMIN_OPENER_POLICY: [string, string] = ['Cross-Origin-Opener-Policy', 'same-origin-allow-popups'];

/** The team's pages (TEAM_PATHS, the dashboard at /insights): kept out of search engines by the response too. */
export const TEAM_PAGE_ROBOTS: [string, string] = ['X-Robots-Tag', 'noindex, nofollow'];

// Script types a browser executes (HTML "JavaScript MIME type essence match", plus module and no type).
const EXECUTABLE_TYPES = new Set([
  '',
  'module',
  'text/javascript',
  'application/javascript',
  'application/ecmascript',
  'application/x-ecmascript',
  'application/x-javascript',
  'text/ecmascript',
  'text/jscript',
  'text/livescript',
  'text/x-ecmascript',
  'text/x-javascript',
]);

function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name}(?:\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+)))?`, 'i').exec(attributes);
  if (!match) return undefined;
  return match[1] ?? match[2] ?? match[3] ?? '';
}

export type InlineScript = { attributes: string; text: string; executable: boolean };

/** The inline `<script>` elements of a page, with whether a browser would run them. */
export function inlineScripts(html: string): InlineScript[] {
  const scripts: InlineScript[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const [, attributes, text] = match;
    if (attribute(attributes, 'src') !== undefined) continue;
    const type = (attribute(attributes, 'type') ?? '').trim().toLowerCase();
    scripts.push({ attributes: attributes.trim(), text, executable: EXECUTABLE_TYPES.has(type) });
  }
  return scripts;
}

/** `'sha256-…'` source expressions for the executable inline scripts, in order, without repeats. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = inlineScripts(html)
    .filter((script) => script.executable)
    .map((script) => `'sha256-${createHash('sha256').update(script.text, 'utf8').digest('base64')}'`);
  return [...new Set(hashes)];
}

/**
 * Markup a strict policy would silently break: inline event handler attributes (`onload="…"`) and
 * `javascript:` URLs. The build fails on them rather than loosening the policy.
 */
export function inlineCodeOutsideScripts(html: string): string[] {
  const withoutScripts = html.replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, '');
  const problems: string[] = [];
  for (const match of withoutScripts.matchAll(/<[a-z][^>]*?\s(on[a-z]+)\s*=/gi)) problems.push(`${match[1]} attribute`);
  for (const match of withoutScripts.matchAll(
    /<[a-z][^>]*?\s(?:href|src|action|formaction)\s*=\s*["']?\s*javascript:/gi,
  ))
    problems.push(`javascript: URL in ${match[0].slice(0, 60)}`);
  return problems;
}

type Directives = [string, string[]][];

const formatPolicy = (directives: Directives) =>
  directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');

function pageDirectives(scriptHashes: string[], supabaseUrl: string): Directives {
  const supabaseOrigin = new URL(supabaseUrl).origin;
  return [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...scriptHashes]],
    // styled-components adds <style> rules at run time and Gatsby inlines its CSS: see docs/security.md.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:']],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", supabaseOrigin]],
    ['manifest-src', ["'self'"]],
    ['frame-src', ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
}

export function contentSecurityPolicy(scriptHashes: string[], supabaseUrl: string): string {
  return formatPolicy(pageDirectives(scriptHashes, supabaseUrl));
}

/** The local backend the editor looks for on 127.0.0.1 (decap-server, started by `npm start`). */
const LOCAL_EDITOR_BACKEND = 'http://127.0.0.1:8081';

/**
 * /admin (Decap CMS): as strict as the editor allows. Its reasons, directive by directive, are in docs/security.md
 * ("The editor at /admin"): 'unsafe-eval' for the form-schema validator and the MDX preview, GitHub's API and the
 * local backend to read and write content, blob: for the uploaded images it reads back before sending them, GitHub
 * avatars, and the preview pane's own frame.
 */
const ADMIN_DIRECTIVES: Directives = [
  ['default-src', ["'self'"]],
  ['script-src', ["'self'", "'unsafe-eval'"]],
  ['style-src', ["'self'", "'unsafe-inline'"]],
  ['img-src', ["'self'", 'data:', 'blob:', 'https://avatars.githubusercontent.com']],
  ['font-src', ["'self'", 'data:']],
  ['connect-src', ["'self'", 'blob:', 'https://api.github.com', LOCAL_EDITOR_BACKEND]],
  ['frame-src', ["'self'"]],
  ['worker-src', ["'self'", 'blob:']],
  ['object-src', ["'none'"]],
  ['base-uri', ["'self'"]],
  ['form-action', ["'self'"]],
  ['frame-ancestors', ["'none'"]],
];

export const adminContentSecurityPolicy = () => formatPolicy(ADMIN_DIRECTIVES);

/** The page answering unknown paths: a host sends it with the `/*` block's headers only, not its own block's. */
export const NOT_FOUND_PAGE = '/404.html';

/**
 * The policy a page carries in its own `<meta http-equiv>`: the page's, without frame-ancestors, which a meta
 * policy may not set (X-Frame-Options: DENY in `/*` still forbids framing).
 */
export function metaContentSecurityPolicy(scriptHashes: string[], supabaseUrl: string): string {
  return formatPolicy(pageDirectives(scriptHashes, supabaseUrl).filter(([name]) => name !== 'frame-ancestors'));
}

/** A policy meta element this step put into a page. */
const META_POLICY = /<meta http-equiv="Content-Security-Policy" content="[^"]*"\/>/g;

/**
 * `html` with `policy` as the first element of its head, so it covers every script after it, and as its only policy
 * meta: a page Gatsby's incremental build did not render again keeps the meta of the build before, whose hashes no
 * longer match its scripts (a browser enforces every policy it is given).
 */
export function withMetaPolicy(html: string, policy: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policy.replace(/"/g, '&quot;')}"/>`;
  return html.replace(META_POLICY, '').replace(/<head\b[^>]*>/i, (head) => head + meta);
}

/** `index.html` → `/`, `services/index.html` → `/services`, `404.html` → `/404.html`. */
export function urlPathFor(relativeHtmlFile: string): string {
  const posix = relativeHtmlFile.split(path.sep).join('/');
  if (posix === 'index.html') return '/';
  if (posix.endsWith('/index.html')) return `/${posix.slice(0, -'/index.html'.length)}`;
  return `/${posix}`;
}

/**
 * The `_headers` blocks: `/*` with the common headers, then one block per page with its Content-Security-Policy
 * (only that page's inline script hashes) and opener policy, then the editor's. No policy in `/*`: a host joins
 * the values of every matching block, so one there would be enforced on top of each page's and the editor's.
 * An unknown path, answered with 404.html under `/*` alone, gets its policy from the page (withMetaPolicy).
 */
export function securityHeaderBlocks(pages: BuiltPage[], supabaseUrl: string): HeaderBlock[] {
  const sorted = [...pages].sort((a, b) => a.path.localeCompare(b.path));
  const sitePages = sorted.filter((page) => page.path !== ADMIN_PATH);
  const perPage = sitePages.map((page) => ({ page, hashes: inlineScriptHashes(page.html) }));
  const hasAdmin = sitePages.length < sorted.length;
  const blocks: HeaderBlock[] = [{ pattern: '/*', headers: [...COMMON_HEADERS] }];
  for (const { page, hashes } of perPage) {
    const csp: [string, string] = ['Content-Security-Policy', contentSecurityPolicy(hashes, supabaseUrl)];
    // One block per page: a host matches `/pricing` at `/pricing/` too (Netlify's rule is `^/pricing/?$`), so a
    // second `/pricing/` block would send each header twice, joined into a value browsers reject.
    const headers: [string, string][] = [csp, PAGE_OPENER_POLICY];
    // The team's pages (the dashboard) are for no search engine, whatever a page says in its HTML.
    if (TEAM_PATHS.includes(page.path)) headers.push(TEAM_PAGE_ROBOTS);
    blocks.push({ pattern: page.path, headers });
  }
  if (hasAdmin) {
    const headers: [string, string][] = [
      ['Content-Security-Policy', adminContentSecurityPolicy()],
      ADMIN_OPENER_POLICY,
      ['X-Robots-Tag', 'noindex, nofollow'],
    ];
    // `/admin/*` matches `/admin` as well on the host (see dev/static/headers-file.ts): one block, headers once.
    blocks.push({ pattern: `${ADMIN_PATH}/*`, headers });
  }
  return blocks;
}

export function formatHeadersFile(blocks: HeaderBlock[]): string {
  const header = '# Written by src/build/security-headers.ts after every build. Do not edit: rebuild.\n';
  return (
    header +
    blocks
      .map((block) => [block.pattern, ...block.headers.map(([name, value]) => `  ${name}: ${value}`)].join('\n'))
      .join('\n\n') +
    '\n'
  );
}

function htmlFiles(dir: string, base = dir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return ['static', 'page-data', '_gatsby'].includes(entry.name) ? [] : htmlFiles(full, base);
    return entry.name.endsWith('.html') ? [path.relative(base, full)] : [];
  });
}

/**
 * Reads every built page in `publicDir`, checks it, writes `publicDir/_headers`, and puts the 404 page's own
 * policy into 404.html, which a host sends for unknown paths without that page's headers.
 */
export function writeSecurityHeaders(publicDir: string, supabaseUrl: string): { file: string; pages: BuiltPage[] } {
  const files = htmlFiles(publicDir);
  const pages = files.map((file) => ({
    path: urlPathFor(file),
    html: fs.readFileSync(path.join(publicDir, file), 'utf8'),
  }));
  const problems = pages.flatMap((page) =>
    inlineCodeOutsideScripts(page.html).map((problem) => `${page.path}: ${problem}`),
  );
  if (problems.length > 0) {
    throw new Error(`Inline code that the Content-Security-Policy would block:\n${problems.join('\n')}`);
  }
  const file = path.join(publicDir, '_headers');
  fs.writeFileSync(file, formatHeadersFile(securityHeaderBlocks(pages, supabaseUrl)));
  const notFound = pages.find((page) => page.path === NOT_FOUND_PAGE);
  if (notFound) {
    const policy = metaContentSecurityPolicy(inlineScriptHashes(notFound.html), supabaseUrl);
    fs.writeFileSync(path.join(publicDir, files[pages.indexOf(notFound)]), withMetaPolicy(notFound.html, policy));
  }
  return { file, pages };
}
