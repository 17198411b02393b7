import type { IncomingHttpHeaders } from 'node:http';
import { errors, jwtVerify } from 'jose';
import { apiError } from './api-error';

// Authenticates a request as PostgREST behind Supabase's gateway does: the bearer token (or, without an
// Authorization header, the apikey header) must be an HS256 JWT signed with the project's secret, and its
// `role` claim names the database role the request runs as.
export const API_ROLES = ['anon', 'authenticated', 'service_role'] as const;
export type ApiRole = (typeof API_ROLES)[number];
export type RequestIdentity = { role: ApiRole; claims: Record<string, unknown> };

const isApiRole = (value: unknown): value is ApiRole => API_ROLES.includes(value as ApiRole);

function tokenFrom(headers: IncomingHttpHeaders): string | undefined {
  const authorization = headers.authorization;
  if (authorization !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    return match ? match[1] : '';
  }
  const apikey = headers.apikey;
  return Array.isArray(apikey) ? apikey[0] : apikey;
}

export function createAuthenticator(jwtSecret: string) {
  const key = new TextEncoder().encode(jwtSecret);
  return async function authenticate(headers: IncomingHttpHeaders): Promise<RequestIdentity> {
    const token = tokenFrom(headers);
    if (!token) {
      throw apiError(
        401,
        'PGRST301',
        'No API key found in request',
        null,
        'Send the anon key as apikey and as a Bearer token.',
      );
    }
    let claims: Record<string, unknown>;
    try {
      ({ payload: claims } = await jwtVerify(token, key, { algorithms: ['HS256'] }));
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw apiError(401, 'PGRST303', 'JWT expired');
      throw apiError(401, 'PGRST301', 'Invalid JWT: the key is malformed or not signed with the local secret');
    }
    if (!isApiRole(claims.role)) {
      throw apiError(401, 'PGRST301', `JWT role ${JSON.stringify(claims.role)} is not one of ${API_ROLES.join(', ')}`);
    }
    return { role: claims.role, claims };
  };
}

export type Authenticator = ReturnType<typeof createAuthenticator>;
