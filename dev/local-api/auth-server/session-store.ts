import { createHash, randomBytes } from 'node:crypto';
import type { AuthDatabase } from './user-store';

// Sessions and their rotating refresh tokens, in auth.sessions and auth.refresh_tokens (../auth-schema.sql), as
// GoTrue keeps them (supabase/auth internal/tokens/service.go, RefreshTokenGrant; internal/models/sessions.go):
// using a refresh token revokes it and issues its successor; using a revoked one again ends the session (the
// token was stolen or replayed); signing out deletes the sessions, and their tokens with them.

export type SessionRef = { id: string; createdAt: Date };

/** A refresh token as GoTrue issues them by default: 12 lower-case letters and digits. */
export const newRefreshToken = () =>
  [...randomBytes(12)].map((byte) => 'abcdefghijklmnopqrstuvwxyz234567'[byte & 31]).join('');

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export async function startSession(db: AuthDatabase, userId: string, refreshToken: string): Promise<SessionRef> {
  const [session] = await db.queryAsOwner<{ id: string; created_at: Date }>(
    `with session as (insert into auth.sessions (user_id) values ($1) returning id, created_at),
          token as (insert into auth.refresh_tokens (token_hash, user_id, session_id)
                    select $2, $1, id from session)
     select id, created_at from session`,
    [userId, tokenHash(refreshToken)],
  );
  return { id: session.id, createdAt: session.created_at };
}

export type Rotation =
  { status: 'rotated'; userId: string; session: SessionRef } | { status: 'reused' } | { status: 'unknown' };

/** Spends `refreshToken` for `successor`, in the same session. */
export async function rotateRefreshToken(db: AuthDatabase, refreshToken: string, successor: string): Promise<Rotation> {
  const used = tokenHash(refreshToken);
  const [rotated] = await db.queryAsOwner<{ user_id: string; session_id: string; created_at: Date }>(
    `with spent as (update auth.refresh_tokens set revoked = true, updated_at = now()
                     where token_hash = $1 and not revoked returning user_id, session_id),
          next as (insert into auth.refresh_tokens (token_hash, user_id, session_id, parent)
                   select $2, user_id, session_id, $1 from spent),
          session as (update auth.sessions s set updated_at = now() from spent
                       where s.id = spent.session_id returning s.id, s.created_at)
     select spent.user_id, session.id as session_id, session.created_at from spent join session on true`,
    [used, tokenHash(successor)],
  );
  if (rotated) {
    return {
      status: 'rotated',
      userId: rotated.user_id,
      session: { id: rotated.session_id, createdAt: rotated.created_at },
    };
  }
  const [revoked] = await db.queryAsOwner<{ session_id: string }>(
    'select session_id from auth.refresh_tokens where token_hash = $1 and revoked',
    [used],
  );
  if (!revoked) return { status: 'unknown' };
  await db.queryAsOwner('delete from auth.sessions where id = $1', [revoked.session_id]);
  return { status: 'reused' };
}

export async function findSession(db: AuthDatabase, sessionId: string): Promise<SessionRef | undefined> {
  const [session] = await db.queryAsOwner<{ id: string; created_at: Date }>(
    'select id, created_at from auth.sessions where id = $1',
    [sessionId],
  );
  return session && { id: session.id, createdAt: session.created_at };
}

export type SignOutScope = 'global' | 'local' | 'others';

/** Ends the user's sessions: every one (global), this one (local), or all but this one (others). */
export async function endSessions(
  db: AuthDatabase,
  userId: string,
  scope: SignOutScope,
  sessionId: string | undefined,
): Promise<void> {
  if (scope === 'global' || sessionId === undefined) {
    await db.queryAsOwner('delete from auth.sessions where user_id = $1', [userId]);
  } else if (scope === 'local') {
    await db.queryAsOwner('delete from auth.sessions where id = $1 and user_id = $2', [sessionId, userId]);
  } else {
    await db.queryAsOwner('delete from auth.sessions where user_id = $1 and id <> $2', [userId, sessionId]);
  }
}
