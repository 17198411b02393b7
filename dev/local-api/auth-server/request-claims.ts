import type { IncomingHttpHeaders } from 'node:http';
import { errors, jwtVerify, type JWTPayload } from 'jose';
import type { ApiRole } from '../api-roles';
import { apikeyFrom, bearerFrom, isOpaqueApiKey } from '../request-credentials';
import { authError, gatewayError } from './auth-error';

// Whom a request to /auth/v1 comes from, read as a hosted project reads it. The gateway first: the `apikey` must be
// one of the project's keys, and an opaque key (sb_publishable_…, sb_secret_…) sent as the bearer token, or in
// place of one, stands for its role. Then Supabase Auth reads the bearer JWT (supabase/auth internal/api/auth.go,
// extractBearerToken and parseJWTClaims), with its errors.
export type Claims = JWTPayload & { role?: unknown; session_id?: unknown; email?: unknown };

export function createRequestClaims(jwtSecret: string, apiKeyRoles: Record<string, ApiRole>) {
  const key = new TextEncoder().encode(jwtSecret);

  async function verified(token: string): Promise<Claims> {
    try {
      return (await jwtVerify(token, key, { algorithms: ['HS256'] })).payload;
    } catch (error) {
      const reason =
        error instanceof errors.JWTExpired ? 'token has invalid claims: token is expired' : 'signature is invalid';
      throw authError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
    }
  }

  function opaqueKeyClaims(apiKey: string): Claims {
    const role = apiKeyRoles[apiKey];
    if (!role) throw gatewayError('Invalid API key', 'Double check the provided API key.');
    return { role };
  }

  /** The gateway's check of the apikey header: the claims the key stands for. */
  async function apiKeyClaims(headers: IncomingHttpHeaders): Promise<Claims> {
    const apiKey = apikeyFrom(headers);
    if (!apiKey) {
      throw gatewayError('No API key found in request', 'No `apikey` request header or url param was found.');
    }
    if (isOpaqueApiKey(apiKey)) return opaqueKeyClaims(apiKey);
    return verified(apiKey).catch(() => {
      throw gatewayError('Invalid API key', 'Double check the provided API key.');
    });
  }

  /** The claims of the bearer token the Auth server sees, after the gateway's check. */
  async function bearerClaims(headers: IncomingHttpHeaders): Promise<Claims> {
    const keyClaims = await apiKeyClaims(headers);
    const bearer = bearerFrom(headers);
    if (bearer === undefined && isOpaqueApiKey(apikeyFrom(headers) ?? '')) return keyClaims;
    if (!bearer) throw authError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    return isOpaqueApiKey(bearer) ? opaqueKeyClaims(bearer) : verified(bearer);
  }

  return { apiKeyClaims, bearerClaims };
}

export type RequestClaims = ReturnType<typeof createRequestClaims>;

/** What Supabase Auth's requireAdmin asks: a token of an administrative role. */
export function requireAdmin(claims: Claims): void {
  if (claims.role !== 'service_role' && claims.role !== 'supabase_admin') {
    throw authError(403, 'not_admin', 'User not allowed');
  }
}
