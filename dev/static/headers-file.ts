// Reads a Netlify-style `_headers` file: a path pattern line, then indented "Name: value" lines.
// Patterns may end in `*`; every matching block applies, in file order.
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

function matches(pattern: string, pathname: string): boolean {
  if (pattern.endsWith('*')) return pathname.startsWith(pattern.slice(0, -1));
  return pattern === pathname || pattern.replace(/\/$/, '') === pathname.replace(/\/$/, '');
}

export function headersFor(rules: HeaderRule[], pathname: string): [string, string][] {
  return rules.filter((rule) => matches(rule.pattern, pathname)).flatMap((rule) => rule.headers);
}
