// Reads a Netlify-style `_headers` file: a path pattern line, then indented "Name: value" lines.
// Every matching block applies, in file order; a host joins the values of a header set by several of them.
export type HeaderRule = { pattern: string; headers: [string, string][] };

export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: [] });
      continue;
    }
    const separator = line.indexOf(':');
    const rule = rules[rules.length - 1];
    if (rule && separator > 0) rule.headers.push([line.slice(0, separator).trim(), line.slice(separator + 1).trim()]);
  }
  return rules;
}

/**
 * Netlify's matching (@netlify/headers-parser, getForRegExp): the pattern's segments, `*` as a whole segment
 * matching the rest of the path (or nothing), `:name` one segment, an optional trailing slash, any case. So
 * `/pricing` matches `/pricing/`, and `/admin/*` matches `/admin`.
 */
export function patternRegExp(pattern: string): RegExp {
  const parts = pattern
    .split('/')
    .map((part) => part.trimEnd())
    .filter(Boolean)
    .map((part) => {
      if (part.startsWith(':')) return '([^/]+)';
      if (part === '*') return '?(.*)';
      const escaped = part.replace(/[|\\{}()[\]^$+?.]/g, '\\$&');
      return escaped.replaceAll('*', '(.*)');
    });
  return new RegExp(`^/${parts.join('/')}/?$`, 'iu');
}

// Every request tests every rule: each pattern is compiled once.
const compiled = new Map<string, RegExp>();

function matches(pattern: string, pathname: string): boolean {
  let regExp = compiled.get(pattern);
  if (!regExp) {
    regExp = patternRegExp(pattern);
    compiled.set(pattern, regExp);
  }
  return regExp.test(pathname);
}

export function headersFor(rules: HeaderRule[], pathname: string): [string, string][] {
  return rules.filter((rule) => matches(rule.pattern, pathname)).flatMap((rule) => rule.headers);
}
