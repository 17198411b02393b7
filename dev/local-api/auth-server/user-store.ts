import type { SqlBackend } from '../sql-backend';

// The local Auth server's users, in auth.users (../auth-schema.sql). Every statement runs as the database owner,
// as GoTrue runs as its own administrator role: the API roles hold no privilege on the auth tables.
export type AuthDatabase = Pick<SqlBackend, 'queryAsOwner'>;

export type UserRow = {
  id: string;
  aud: string;
  role: string;
  email: string;
  email_confirmed_at: Date | null;
  recovery_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  identity_id: string;
  created_at: Date;
  updated_at: Date;
};

/** A user's id, a session's: what GoTrue checks a path or claim against before looking it up. */
export const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

export const USER_COLUMNS = `id, aud, role, email, email_confirmed_at, recovery_sent_at, last_sign_in_at,
  raw_app_meta_data, raw_user_meta_data, identity_id, created_at, updated_at`;

export async function findUserByEmail(db: AuthDatabase, email: string): Promise<UserRow | undefined> {
  const [user] = await db.queryAsOwner<UserRow>(`select ${USER_COLUMNS} from auth.users where email = $1`, [email]);
  return user;
}

export async function findUserById(db: AuthDatabase, id: string): Promise<UserRow | undefined> {
  const [user] = await db.queryAsOwner<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [id]);
  return user;
}

/** The new user; undefined when the address has one already. */
export async function createUser(
  db: AuthDatabase,
  user: { email: string; confirmed: boolean; userMetadata: Record<string, unknown> },
): Promise<UserRow | undefined> {
  const [created] = await db.queryAsOwner<UserRow>(
    `insert into auth.users (email, email_confirmed_at, raw_user_meta_data)
     values ($1, case when $2 then now() end, $3::jsonb)
     on conflict (email) do nothing
     returning ${USER_COLUMNS}`,
    [user.email, user.confirmed, JSON.stringify(user.userMetadata)],
  );
  return created;
}

/** Deletes the user with their sessions and refresh tokens; false when there was none. */
export async function deleteUser(db: AuthDatabase, id: string): Promise<boolean> {
  const deleted = await db.queryAsOwner('delete from auth.users where id = $1 returning id', [id]);
  return deleted.length > 0;
}

/** One page of the users, newest first, and how many there are. */
export async function listUsers(
  db: AuthDatabase,
  page: number,
  perPage: number,
): Promise<{ users: UserRow[]; total: number }> {
  const [users, [{ total }]] = await Promise.all([
    db.queryAsOwner<UserRow>(`select ${USER_COLUMNS} from auth.users order by created_at desc, id limit $1 offset $2`, [
      perPage,
      (page - 1) * perPage,
    ]),
    db.queryAsOwner<{ total: number }>('select count(*)::int as total from auth.users'),
  ]);
  return { users, total };
}
