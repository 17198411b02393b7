// The checks on the short links (content/redirects.json) that look beyond one link: a short link must not hide a
// page of the site or an address the build owns, must be the only one with its address, must lead straight to a
// page (no chain through another short link, no loop) and, when it leads inside the site, to a page that exists.
import { LINK_ONLY_PATHS, pageRoutes, siteRoutes } from './routes';
import { RESERVED_PATHS } from './route-paths';
import type { ContentProblem } from './check';

type RedirectEntry = { file: string; item?: string; value: Record<string, unknown> };

/** The page a link inside the site opens: its path without the query, the fragment or a trailing slash. */
export const pagePath = (to: string) => to.split(/[?#]/)[0].replace(/(.)\/$/, '$1');
const isInternal = (to: string) => to.startsWith('/');

/**
 * Every route of the site (pages, legal pages and whatever else `siteRoutes` lists) in the content folder `root`.
 * A folder the check has already reported as broken leaves the fixed pages.
 */
function routesIn(root: string): string[] {
  try {
    return siteRoutes(root);
  } catch {
    return [...pageRoutes];
  }
}

/** The address the site uses for its files that `from` is, or is inside (/images/hero is inside /images). */
const reservedBy = (from: string) =>
  RESERVED_PATHS.find((reserved) => from === reserved || from.startsWith(`${reserved}/`));

/** The short links `entries` (validated), checked against each other and against the routes of the content in `root`. */
export function redirectProblems(entries: RedirectEntry[], root: string): ContentProblem[] {
  const routes = routesIn(root);
  const targets = routes.filter((route) => !LINK_ONLY_PATHS.includes(route));
  const problems: ContentProblem[] = [];
  const byFrom = new Map<string, RedirectEntry>();
  for (const entry of entries) {
    const from = entry.value.from as string;
    const report = (message: string) => problems.push({ file: entry.file, item: entry.item, message });
    const earlier = byFrom.get(from);
    const reserved = reservedBy(from);
    if (earlier) {
      report(`'from': ${from} is also the short link of ${earlier.item}. Keep one of them, or choose another address.`);
    } else if (routes.includes(from)) {
      report(
        `'from': this short link shadows the page at ${from}: visitors could no longer open it. Choose another short link.`,
      );
    } else if (reserved) {
      const where = reserved === from ? `${from} is an address` : `${from} is under ${reserved}, a folder`;
      report(`'from': ${where} the site itself uses. Choose another short link.`);
    } else {
      // Only a short link that can work is one that others may lead through (a chain or a loop).
      byFrom.set(from, entry);
    }
  }

  for (const entry of entries) {
    const from = entry.value.from as string;
    const to = entry.value.to as string;
    const report = (message: string) => problems.push({ file: entry.file, item: entry.item, message });
    if (!isInternal(to)) continue;
    const target = pagePath(to);
    if (byFrom.has(target)) {
      report(chainProblem(from, to, byFrom));
    } else if (LINK_ONLY_PATHS.includes(target)) {
      report(`'to': ${target} opens only from the secret link in an e-mail. Point the short link at another page.`);
    } else if (!routes.includes(target)) {
      report(`'to': there is no page at ${target}. Use one of: ${[...targets].sort().join(', ')}.`);
    }
  }
  return problems;
}

/** The message for a short link whose `to` is another short link: a loop, or a chain with where it ends. */
function chainProblem(from: string, to: string, byFrom: Map<string, RedirectEntry>): string {
  const hops = [from];
  let next = to;
  while (isInternal(next) && byFrom.has(pagePath(next))) {
    const path = pagePath(next);
    if (path === from) {
      const loop = [...hops, from].join(' → ');
      return hops.length === 1
        ? `'to': ${to} leads back to this short link itself, a loop that never reaches a page. Point it at a page, such as /contact.`
        : `'to': ${pagePath(to)} is a short link that leads back here (${loop}), a loop that never reaches a page. Point it straight at a page.`;
    }
    if (hops.includes(path)) {
      return `'to': ${pagePath(to)} is itself a short link, and it goes round in a loop (${[...hops, path].join(' → ')}). Point this one straight at a page.`;
    }
    hops.push(path);
    next = byFrom.get(path)!.value.to as string;
  }
  return `'to': ${pagePath(to)} is itself a short link (a chain: ${[...hops, next].join(' → ')}). Point it straight at ${next}.`;
}
