// Placeholders that copy may use for the figures kept once in content/site.json ("cut costs by up to
// {costReductionUpTo}"), so a claim or a call length is changed in one place. Filled in at build time.
export const siteTokenNames = [
  'brandName',
  'costReductionUpTo',
  'costReductionRange',
  'uptime',
  'returnMultiple',
  'returnWindowDays',
  'noShowReduction',
  'responseTimeHours',
  'strategyCallMinutes',
  'discoveryCallMinutes',
] as const;

export type SiteTokenName = (typeof siteTokenNames)[number];

type SiteSettings = {
  brandName: string;
  responseTimeHours: number;
  strategyCallMinutes: number;
  discoveryCallMinutes: number;
  claims: {
    costReductionUpTo: string;
    costReductionRange: string;
    uptime: string;
    returnMultiple: string;
    returnWindowDays: number;
    noShowReduction: string;
  };
};

export function siteTokenValues(site: SiteSettings): Record<SiteTokenName, string> {
  return {
    brandName: site.brandName,
    ...site.claims,
    returnWindowDays: String(site.claims.returnWindowDays),
    responseTimeHours: String(site.responseTimeHours),
    strategyCallMinutes: String(site.strategyCallMinutes),
    discoveryCallMinutes: String(site.discoveryCallMinutes),
  };
}

const tokenPattern = /\{([A-Za-z]+)\}/g;

/** Replaces the known placeholders; anything else in braces is left as written. */
export function fillSiteTokens(text: string, values: Record<SiteTokenName, string>): string {
  return text.replace(tokenPattern, (whole, name: string) => (name in values ? values[name as SiteTokenName] : whole));
}

/** Placeholders in `text` that are not site tokens (and not in `allowed`), e.g. a misspelled one. */
export function unknownTokens(text: string, allowed: readonly string[] = []): string[] {
  return [...text.matchAll(tokenPattern)]
    .map((match) => match[1])
    .filter((name) => !(siteTokenNames as readonly string[]).includes(name) && !allowed.includes(name));
}

/** Applies `fill` to every string inside a JSON-like value. */
export function mapStrings<T>(value: T, fill: (text: string) => string): T {
  if (typeof value === 'string') return fill(value) as T;
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, fill)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, mapStrings(inner, fill)])) as T;
  }
  return value;
}
