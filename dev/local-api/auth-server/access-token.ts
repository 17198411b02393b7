import { SignJWT } from 'jose';
import type { SessionRef } from './session-store';
import type { UserRow } from './user-store';
import { userJson } from './user-json';

// A session as Supabase Auth issues one (supabase/auth internal/tokens/service.go, AccessTokenResponse and
// GenerateAccessToken): an HS256 access token signed with the project's JWT secret, carrying GoTrue's claims, so
// the data API runs the request as `authenticated` and the database sees the claims (auth.jwt(), auth.uid()) as
// on a hosted project; and the refresh token that renews it.
export type SessionJson = {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
};

export type TokenIssuer = { secret: string; issuer: string; expirySeconds: number };

export async function accessToken(issuer: TokenIssuer, user: UserRow, session: SessionRef, now = Date.now()) {
  const issuedAt = Math.floor(now / 1000);
  const expiresAt = issuedAt + issuer.expirySeconds;
  const token = await new SignJWT({
    email: user.email,
    phone: '',
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    role: user.role,
    aal: 'aal1',
    amr: [{ method: 'otp', timestamp: Math.floor(session.createdAt.getTime() / 1000) }],
    session_id: session.id,
    is_anonymous: false,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(issuer.issuer)
    .setSubject(user.id)
    .setAudience(user.aud)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(new TextEncoder().encode(issuer.secret));
  return { token, expiresAt };
}

export async function sessionJson(
  issuer: TokenIssuer,
  user: UserRow,
  session: SessionRef,
  refreshToken: string,
): Promise<SessionJson> {
  const { token, expiresAt } = await accessToken(issuer, user, session);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: issuer.expirySeconds,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user),
  };
}
