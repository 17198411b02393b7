import type { IncomingHttpHeaders } from 'node:http';

// The credentials a request carries, as Supabase's gateway reads them: the `apikey` header and the bearer token.

/** An opaque API key (sb_publishable_… or sb_secret_…), as opposed to a JWT. */
export const isOpaqueApiKey = (token: string) => /^sb_(publishable|secret)_/.test(token);

/** The bearer token; '' for an Authorization header of another form, undefined without one. */
export function bearerFrom(headers: IncomingHttpHeaders): string | undefined {
  const authorization = headers.authorization;
  if (authorization === undefined) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  return match ? match[1] : '';
}

export function apikeyFrom(headers: IncomingHttpHeaders): string | undefined {
  const apikey = headers.apikey;
  return Array.isArray(apikey) ? apikey[0] : apikey;
}
