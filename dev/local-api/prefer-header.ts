import type { IncomingHttpHeaders } from 'node:http';

// `Prefer: return=representation, missing=default` (several Prefer headers arrive joined by commas).
export type Preferences = { returnRepresentation: boolean; missingAsDefault: boolean };

export function parsePreferences(headers: IncomingHttpHeaders): Preferences {
  const raw = headers.prefer;
  const tokens = (Array.isArray(raw) ? raw.join(',') : (raw ?? '')).split(',').map((token) => token.trim());
  return {
    returnRepresentation: tokens.includes('return=representation'),
    missingAsDefault: tokens.includes('missing=default'),
  };
}

export function appliedPreferences(preferences: Preferences): string | undefined {
  const applied = [
    preferences.returnRepresentation ? 'return=representation' : undefined,
    preferences.missingAsDefault ? 'missing=default' : undefined,
  ].filter(Boolean);
  return applied.length > 0 ? applied.join(', ') : undefined;
}
