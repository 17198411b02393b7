import type { IncomingHttpHeaders } from 'node:http';

// `Prefer: return=representation, missing=default, count=exact` (several Prefer headers arrive joined by commas).
export type Preferences = { returnRepresentation: boolean; missingAsDefault: boolean; countExact: boolean };

export function parsePreferences(headers: IncomingHttpHeaders): Preferences {
  const raw = headers.prefer;
  const tokens = (Array.isArray(raw) ? raw.join(',') : (raw ?? '')).split(',').map((token) => token.trim());
  return {
    returnRepresentation: tokens.includes('return=representation'),
    missingAsDefault: tokens.includes('missing=default'),
    countExact: tokens.includes('count=exact'),
  };
}

export function appliedPreferences(preferences: Preferences): string | undefined {
  const applied = [
    preferences.returnRepresentation ? 'return=representation' : undefined,
    preferences.missingAsDefault ? 'missing=default' : undefined,
    preferences.countExact ? 'count=exact' : undefined,
  ].filter(Boolean);
  return applied.length > 0 ? applied.join(', ') : undefined;
}
