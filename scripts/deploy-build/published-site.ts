// What a deploy publishes, checked as the host would serve it: every route's page, and the headers the host
// reads from `_headers` for it, each header once (a host joins the values of every block that matches a path,
// so a header written twice reaches the browser as "A, B").
import fs from 'node:fs';
import path from 'node:path';
import { headersFor, parseHeadersFile } from '../../dev/static/headers-file';
import { COMMON_HEADERS } from '../../src/build/security-headers';
import { parseRedirectsFile } from '../../dev/static/redirects-file';
import { REDIRECTS_FILE, redirectStatus } from '../../src/build/redirects-file';
import type { Redirect } from '../../src/content-model/redirect-schema';

/** Sent with every page: a page without one of them was published without its protection. */
export const REQUIRED_HEADERS = [
  ...COMMON_HEADERS.map(([name]) => name),
  'Content-Security-Policy',
  'Cross-Origin-Opener-Policy',
];

export function pageFile(publishDir: string, route: string): string | undefined {
  const candidates =
    route === '/' ? ['index.html'] : [path.join(route.slice(1), 'index.html'), `${route.slice(1)}.html`];
  return candidates.map((file) => path.join(publishDir, file)).find((file) => fs.existsSync(file));
}

/** Every problem a visitor or the host would meet with this published folder; empty when it is whole. */
export function publishedSiteProblems(
  publishDir: string,
  routes: string[],
  supabaseUrl: string,
  /** The short links of the content, which `_redirects` must publish, each as the content says and nothing else. */
  shortLinks: Redirect[] = [],
): string[] {
  const problems: string[] = [];
  const headersFile = path.join(publishDir, '_headers');
  if (!fs.existsSync(headersFile)) return [`${headersFile} is missing: the host would send no security headers`];
  const rules = parseHeadersFile(fs.readFileSync(headersFile, 'utf8'));
  for (const route of routes) {
    if (!pageFile(publishDir, route)) problems.push(`${route}: no page in ${publishDir}`);
    const headers = headersFor(rules, route);
    for (const name of REQUIRED_HEADERS) {
      const values = headers.filter(([header]) => header.toLowerCase() === name.toLowerCase());
      if (values.length === 0) problems.push(`${route}: no ${name} header`);
      if (values.length > 1) problems.push(`${route}: ${name} is set by ${values.length} blocks; the host joins them`);
    }
    const policy = headers.find(([header]) => header === 'Content-Security-Policy')?.[1] ?? '';
    const connect = /(?:^|;)\s*connect-src ([^;]*)/.exec(policy)?.[1].split(/\s+/) ?? [];
    if (policy && !connect.includes(new URL(supabaseUrl).origin)) {
      problems.push(`${route}: connect-src (${connect.join(' ')}) does not allow the Supabase project ${supabaseUrl}`);
    }
  }
  const notFound = path.join(publishDir, '404.html');
  if (!fs.existsSync(notFound)) problems.push('404.html is missing: unknown paths would get the host’s own page');
  else if (!fs.readFileSync(notFound, 'utf8').includes('http-equiv="Content-Security-Policy"')) {
    problems.push('404.html carries no Content-Security-Policy of its own');
  }
  problems.push(...redirectProblems(publishDir, routes, shortLinks));
  return problems;
}

function redirectProblems(publishDir: string, routes: string[], shortLinks: Redirect[]): string[] {
  const file = path.join(publishDir, REDIRECTS_FILE);
  if (!fs.existsSync(file)) {
    return shortLinks.length > 0 ? [`${REDIRECTS_FILE} is missing: the short links would lead nowhere`] : [];
  }
  const published = parseRedirectsFile(fs.readFileSync(file, 'utf8'));
  const line = (rule: { from: string; to: string; status: number }) => `${rule.from} → ${rule.to} ${rule.status}`;
  const expected = shortLinks.map((link) => line({ ...link, status: redirectStatus(link) }));
  const actual = published.map(line);
  return [
    ...expected
      .filter((rule) => !actual.includes(rule))
      .map((rule) => `${REDIRECTS_FILE} lacks the short link ${rule}`),
    ...actual
      .filter((rule) => !expected.includes(rule))
      .map((rule) => `${REDIRECTS_FILE} has ${rule}, which is not a short link of the content: find out what wrote it`),
    ...published
      .filter((rule) => routes.includes(rule.from))
      .map((rule) => `${REDIRECTS_FILE} sends ${rule.from} elsewhere, but it is a page of the site`),
  ];
}

/**
 * Lines a build or `npm start` printed that a reader takes for a failure: Gatsby's `error`/`ERROR`, npm's
 * `npm error`, also behind the `[site] ` that `npm start` puts before each of its processes' lines.
 */
export function errorLines(output: string): string[] {
  // eslint-disable-next-line no-control-regex
  const plain = output.replace(/\u001b\[[0-9;]*[A-Za-z]/g, '');
  return plain.split('\n').filter((line) => /^\s*(\[[\w-]+\] +)?(npm )?error\b/i.test(line));
}
