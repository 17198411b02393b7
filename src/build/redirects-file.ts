// The short links of content/redirects.json, written to public/_redirects after `gatsby build` in Netlify's format
// (also read by Cloudflare Pages and by dev/static/static-server.ts): one rule a line, `from  to  status`.
// Gatsby's createRedirect is not used: it writes nothing a static host reads (src/build/static-host-adapter.ts).
// The content check has refused loops, chains and short links over pages before the build starts.
import fs from 'node:fs';
import path from 'node:path';
import { loadContent } from '../content-model/check';
import type { Redirect } from '../content-model/redirect-schema';

export const REDIRECTS_FILE = '_redirects';

/** 301 for a link that will never lead elsewhere (browsers keep it), 302 for a campaign link that may. */
export const redirectStatus = (redirect: Redirect) => (redirect.permanent ? 301 : 302);

/** The `_redirects` file for `redirects`, columns aligned for a reader. */
export function redirectsFileText(redirects: Redirect[]): string {
  const width = Math.max(0, ...redirects.map((redirect) => redirect.from.length));
  const toWidth = Math.max(0, ...redirects.map((redirect) => redirect.to.length));
  const rules = redirects.map(
    (redirect) => `${redirect.from.padEnd(width)}  ${redirect.to.padEnd(toWidth)}  ${redirectStatus(redirect)}\n`,
  );
  return `# Short links from content/redirects.json (CONTENT.md, "Short links"), written by the build.\n${rules.join('')}`;
}

/** Reads the validated short links of the content in `contentDir` and writes them to `publicDir`/_redirects. */
export function writeRedirectsFile(publicDir: string, contentDir: string): Redirect[] {
  const { content } = loadContent(contentDir);
  const source = [...content.keys()].find((candidate) => candidate.typeName === 'RedirectsJson');
  const redirects = (source ? (content.get(source) ?? []) : []).map((entry) => entry.value as Redirect);
  fs.writeFileSync(path.join(publicDir, REDIRECTS_FILE), redirectsFileText(redirects));
  return redirects;
}
