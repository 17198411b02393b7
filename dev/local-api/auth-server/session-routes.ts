import { sessionJson } from './access-token';
import type { AuthAnswer, AuthContext, AuthRequest } from './auth-context';
import { authError } from './auth-error';
import { authenticatedUser } from './authenticated-user';
import { endSessions, newRefreshToken, rotateRefreshToken, type SignOutScope } from './session-store';
import { userJson } from './user-json';
import { findUserById } from './user-store';

// A signed-in session's routes, as Supabase Auth answers them: POST /token?grant_type=refresh_token (supabase-js
// refreshes the session with it; supabase/auth internal/api/token_refresh.go and internal/tokens/service.go),
// GET /user (getUser; user.go) and POST /logout (signOut; logout.go).
const REFRESH_TOKEN = /^[a-z0-9]{12}$/;

/** POST /token: a new session for a refresh token, which is spent. */
export async function refreshSession(context: AuthContext, request: AuthRequest): Promise<AuthAnswer> {
  await context.claims.apiKeyClaims(request.headers);
  if (request.query.get('grant_type') !== 'refresh_token') {
    throw authError(400, 'invalid_credentials', 'unsupported_grant_type');
  }
  const body = await request.body();
  const refreshToken = typeof body.refresh_token === 'string' ? body.refresh_token : '';
  if (!REFRESH_TOKEN.test(refreshToken)) throw authError(400, 'validation_failed', 'Refresh token is not valid');
  const successor = newRefreshToken();
  const rotation = await rotateRefreshToken(context.db, refreshToken, successor);
  if (rotation.status === 'unknown') {
    throw authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  }
  if (rotation.status === 'reused') {
    throw authError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
  }
  const user = await findUserById(context.db, rotation.userId);
  if (!user) throw authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  return {
    status: 200,
    json: await sessionJson(context.tokenIssuer(request.issuer), user, rotation.session, successor),
  };
}

/** GET /user: the signed-in user. */
export async function currentUser(context: AuthContext, request: AuthRequest): Promise<AuthAnswer> {
  const { user } = await authenticatedUser(context, request);
  return { status: 200, json: userJson(user) };
}

const SCOPES: Record<string, SignOutScope> = { '': 'global', global: 'global', local: 'local', others: 'others' };

/** POST /logout: ends the user's sessions (every one by default), so their refresh tokens stop working. */
export async function signOut(context: AuthContext, request: AuthRequest): Promise<AuthAnswer> {
  const { user, session } = await authenticatedUser(context, request);
  const requested = request.query.get('scope') ?? '';
  const scope = SCOPES[requested];
  if (!scope) throw authError(400, 'validation_failed', `Unsupported logout scope "${requested}"`);
  await endSessions(context.db, user.id, scope, session?.id);
  return { status: 204 };
}
