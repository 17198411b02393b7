import { createHash, randomInt } from 'node:crypto';
import { USER_COLUMNS, type AuthDatabase, type UserRow } from './user-store';

// The e-mailed sign-in code, kept as GoTrue keeps a magic link's code (supabase/auth internal/api/mail.go,
// sendMagicLink; verify.go, verifyUserAndToken): the user's recovery_token holds the SHA-224 of address and code,
// recovery_sent_at says when it was sent. The code is valid for the configured seconds after that and works once;
// the same address is sent another only once the configured frequency has passed since.

/** `length` random digits, every value equally likely (leading zeros kept). */
export const newCode = (length: number) => String(randomInt(0, 10 ** length)).padStart(length, '0');

/** GoTrue's token hash (crypto.GenerateTokenHash): hex SHA-224 of the address followed by the code. */
export const codeHash = (email: string, code: string) =>
  createHash('sha224')
    .update(email + code)
    .digest('hex');

export type Issued = { issued: true } | { issued: false; secondsLeft: number };

/** Stores a new code's hash for the user unless one was sent within `frequencySeconds`. */
export async function storeCode(
  db: AuthDatabase,
  userId: string,
  hash: string,
  frequencySeconds: number,
): Promise<Issued> {
  const stored = await db.queryAsOwner(
    `update auth.users set recovery_token = $2, recovery_sent_at = now(), updated_at = now()
      where id = $1 and (recovery_sent_at is null or recovery_sent_at <= now() - make_interval(secs => $3))
      returning id`,
    [userId, hash, frequencySeconds],
  );
  if (stored.length > 0) return { issued: true };
  const [sent] = await db.queryAsOwner<{ seconds_left: number }>(
    `select greatest(0, floor(extract(epoch from recovery_sent_at + make_interval(secs => $2) - now())))::int
            as seconds_left
       from auth.users where id = $1`,
    [userId, frequencySeconds],
  );
  return { issued: false, secondsLeft: sent?.seconds_left ?? frequencySeconds };
}

/** Forgets a code that could not be sent, so the address may ask again at once. */
export async function dropCode(db: AuthDatabase, userId: string): Promise<void> {
  await db.queryAsOwner(`update auth.users set recovery_token = '', recovery_sent_at = null where id = $1`, [userId]);
}

/**
 * Uses the code: the user, signed in now, when `hash` is the address's unexpired code (which is then spent);
 * undefined otherwise (no such code, a wrong one, an expired one, or one already used).
 */
export async function spendCode(
  db: AuthDatabase,
  email: string,
  hash: string,
  expirySeconds: number,
): Promise<UserRow | undefined> {
  const [user] = await db.queryAsOwner<UserRow>(
    `update auth.users
        set recovery_token = '', last_sign_in_at = now(), updated_at = now(),
            email_confirmed_at = coalesce(email_confirmed_at, now())
      where email = $1 and recovery_token <> '' and recovery_token = $2
        and recovery_sent_at > now() - make_interval(secs => $3)
      returning ${USER_COLUMNS}`,
    [email, hash, expirySeconds],
  );
  return user;
}
