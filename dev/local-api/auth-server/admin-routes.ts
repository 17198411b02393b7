import type { AuthAnswer, AuthContext, AuthRequest } from './auth-context';
import { authError } from './auth-error';
import { validEmail } from './email-address';
import { requireAdmin } from './request-claims';
import { userJson } from './user-json';
import { createUser, deleteUser, findUserById, isUuid, listUsers, type UserRow } from './user-store';

// The admin routes an operator's tool calls with a secret key (supabase-js auth.admin: createUser, listUsers,
// getUserById, deleteUser), as Supabase Auth answers them (supabase/auth internal/api/admin.go and pagination.go).
// Users here have an e-mail address and nothing else: no password, no phone.
const DEFAULT_PER_PAGE = 50;

async function asAdmin(context: AuthContext, request: AuthRequest): Promise<void> {
  requireAdmin(await context.claims.bearerClaims(request.headers));
}

/** POST /admin/users: a user with an e-mail address, confirmed when `email_confirm` is true. */
export async function adminCreateUser(context: AuthContext, request: AuthRequest): Promise<AuthAnswer> {
  await asAdmin(context, request);
  const body = await request.body();
  if (!body.email && !body.phone) {
    throw authError(400, 'validation_failed', 'Cannot create a user without either an email or phone');
  }
  if (body.phone || body.password || body.password_hash) {
    throw authError(
      400,
      'validation_failed',
      'The local Auth server keeps e-mail addresses only: no phone, no password',
    );
  }
  const metadata = body.user_metadata ?? body.data ?? {};
  const created = await createUser(context.db, {
    email: validEmail(body.email),
    confirmed: body.email_confirm === true,
    userMetadata: typeof metadata === 'object' && metadata !== null ? (metadata as Record<string, unknown>) : {},
  });
  if (!created) {
    throw authError(422, 'email_exists', 'A user with this email address has already been registered');
  }
  return { status: 200, json: userJson(created) };
}

function pageParameter(query: URLSearchParams, name: string, fallback: number): number {
  const value = query.get(name) ?? '';
  if (value === '') return fallback;
  if (!/^\d+$/.test(value)) {
    throw authError(400, 'validation_failed', `Bad Pagination Parameters: strconv.ParseUint: parsing "${value}"`);
  }
  return Number(value);
}

/** GET /admin/users?page=&per_page=: a page of users, with GoTrue's Link and X-Total-Count headers. */
export async function adminListUsers(context: AuthContext, request: AuthRequest): Promise<AuthAnswer> {
  await asAdmin(context, request);
  const page = Math.max(1, pageParameter(request.query, 'page', 1));
  const perPage = Math.max(1, pageParameter(request.query, 'per_page', DEFAULT_PER_PAGE));
  const { users, total } = await listUsers(context.db, page, perPage);
  const lastPage = Math.ceil(total / perPage);
  const link = (target: number) => `</admin/users?page=${target}&per_page=${perPage}>`;
  const links = [...(lastPage > page ? [`${link(page + 1)}; rel="next"`] : []), `${link(lastPage)}; rel="last"`];
  return {
    status: 200,
    json: { users: users.map(userJson), aud: 'authenticated' },
    headers: { Link: links.join(', '), 'X-Total-Count': String(total) },
  };
}

async function userAt(context: AuthContext, id: string): Promise<UserRow> {
  if (!isUuid(id)) throw authError(404, 'validation_failed', 'user_id must be an UUID');
  const user = await findUserById(context.db, id);
  if (!user) throw authError(404, 'user_not_found', 'User not found');
  return user;
}

/** GET /admin/users/<id>. */
export async function adminGetUser(context: AuthContext, request: AuthRequest, id: string): Promise<AuthAnswer> {
  await asAdmin(context, request);
  return { status: 200, json: userJson(await userAt(context, id)) };
}

/** DELETE /admin/users/<id>: the user, their sessions and refresh tokens. */
export async function adminDeleteUser(context: AuthContext, request: AuthRequest, id: string): Promise<AuthAnswer> {
  await asAdmin(context, request);
  const user = await userAt(context, id);
  await deleteUser(context.db, user.id);
  return { status: 200, json: {} };
}
