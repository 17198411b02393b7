import type { IncomingHttpHeaders } from 'node:http';
import { errors, jwtVerify } from 'jose';
import { apiError } from './api-error';
import { API_ROLES, isApiRole, type ApiRole } from './api-roles';
import { apikeyFrom, bearerFrom, isOpaqueApiKey } from './request-credentials';

// Authenticates a request as Supabase's gateway and PostgREST do. Two kinds of key:
// - an opaque API key (sb_publishable_… → anon, sb_secret_… → service_role), in the apikey header or as the
//   bearer token; the gateway maps it to its role;
// - a legacy HS256 JWT signed with the project's secret, whose `role` claim names the role. A bearer JWT
//   (e.g. a signed-in user's) wins over the apikey, as on a hosted project.
export { API_ROLES, type ApiRole };
export type RequestIdentity = { role: ApiRole; claims: Record<string, unknown> };

export function createAuthenticator(jwtSecret: string, apiKeys: Record<string, ApiRole>) {
  const key = new TextEncoder().encode(jwtSecret);

  function identityForApiKey(apiKey: string): RequestIdentity {
    const role = apiKeys[apiKey];
    if (!role) throw apiError(401, 'PGRST301', 'Invalid API key', null, 'Use the publishable key or a secret key.');
    return { role, claims: { role } };
  }

  async function identityForJwt(token: string): Promise<RequestIdentity> {
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
  }

  return async function authenticate(headers: IncomingHttpHeaders): Promise<RequestIdentity> {
    const bearer = bearerFrom(headers);
    const apikey = apikeyFrom(headers);
    // supabase-js sends an opaque key both as apikey and as the bearer token; a JWT bearer is a session.
    const token = bearer === undefined || (isOpaqueApiKey(bearer) && apikey) ? apikey : bearer;
    if (!token) {
      throw apiError(
        401,
        'PGRST301',
        'No API key found in request',
        null,
        'Send the publishable key as apikey (supabase-js does this).',
      );
    }
    return isOpaqueApiKey(token) ? identityForApiKey(token) : identityForJwt(token);
  };
}

export type Authenticator = ReturnType<typeof createAuthenticator>;
