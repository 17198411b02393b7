import type { AuthContext, AuthRequest } from './auth-context';
import { authError } from './auth-error';
import { findSession, type SessionRef } from './session-store';
import { findUserById, isUuid, type UserRow } from './user-store';

// Supabase Auth's requireAuthentication (supabase/auth internal/api/auth.go, maybeLoadUserOrSession): the bearer
// token's user, who must still exist, and its session, which must not have been ended.

export type Authenticated = { user: UserRow; session: SessionRef | undefined };

export async function authenticatedUser(context: AuthContext, request: AuthRequest): Promise<Authenticated> {
  const claims = await context.claims.bearerClaims(request.headers);
  if (typeof claims.sub !== 'string' || claims.sub === '') {
    throw authError(403, 'bad_jwt', 'invalid claim: missing sub claim');
  }
  if (!isUuid(claims.sub)) throw authError(400, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await findUserById(context.db, claims.sub);
  if (!user) throw authError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  const sessionId = typeof claims.session_id === 'string' ? claims.session_id : '';
  if (sessionId === '' || sessionId === '00000000-0000-0000-0000-000000000000') return { user, session: undefined };
  if (!isUuid(sessionId)) throw authError(403, 'bad_jwt', 'invalid claim: session_id claim must be a UUID');
  const session = await findSession(context.db, sessionId);
  if (!session) throw authError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  return { user, session };
}
