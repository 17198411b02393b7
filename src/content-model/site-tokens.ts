// Placeholders that copy may use for the figures kept once in content/site.json ("cut costs by up to
// {costReductionUpTo}"), so a claim or a call length is changed in one place. Filled in at build time.
import type { SiteSettings } from './schemas';

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

type TokenSettings = Pick<
  SiteSettings,
  'brandName' | 'responseTimeHours' | 'strategyCallMinutes' | 'discoveryCallMinutes' | 'claims'
>;

export function siteTokenValues(site: TokenSettings): Record<SiteTokenName, string> {
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
