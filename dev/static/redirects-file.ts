// Reads a Netlify-style `_redirects` file (the short links the build writes, src/build/redirects-file.ts):
// one rule a line, `from to [status][!]`, `#` for comments. Only what the build writes is honoured, as Netlify
// does it: an exact path (case-sensitive, with or without a trailing slash), a redirect status (301 when none is
// given), and `!` to force a rule over an existing file. Splats, placeholders, conditions and rewrites are not.
export type RedirectRule = { from: string; to: string; status: number; force: boolean };

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export function parseRedirectsFile(text: string): RedirectRule[] {
  return text.split('\n').flatMap((line): RedirectRule[] => {
    const [from, to, status = '301'] = line.trim().split(/\s+/);
    if (!from || from.startsWith('#') || !to) return [];
    const code = Number(status.replace(/!$/, ''));
    if (!REDIRECT_STATUSES.has(code)) return [];
    return [{ from, to, status: code, force: status.endsWith('!') }];
  });
}

/** The first rule for `pathname` (a rule for /dental answers /dental/ too), as Netlify picks it. */
export function redirectFor(rules: RedirectRule[], pathname: string): RedirectRule | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return rules.find((rule) => rule.from === path);
}

/** Where the rule sends a request with the query `search`: the request's query goes on when the rule has none. */
export function redirectLocation(rule: RedirectRule, search: string): string {
  if (!search || rule.to.includes('?')) return rule.to;
  const hash = rule.to.indexOf('#');
  return hash < 0 ? `${rule.to}${search}` : `${rule.to.slice(0, hash)}${search}${rule.to.slice(hash)}`;
}
