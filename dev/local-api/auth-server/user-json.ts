import type { UserRow } from './user-store';

// A user as Supabase Auth answers one (supabase/auth internal/models/user.go and identity.go, their JSON tags):
// what supabase-js returns as `data.user`. Only e-mail users exist here, each with one e-mail identity.
const time = (value: Date | null) => (value ? value.toISOString() : undefined);

export function userJson(user: UserRow): Record<string, unknown> {
  const emailVerified = user.email_confirmed_at !== null;
  return {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email,
    email_confirmed_at: time(user.email_confirmed_at),
    phone: '',
    confirmed_at: time(user.email_confirmed_at),
    recovery_sent_at: time(user.recovery_sent_at),
    last_sign_in_at: time(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    identities: [
      {
        identity_id: user.identity_id,
        id: user.id,
        user_id: user.id,
        identity_data: { email: user.email, email_verified: emailVerified, phone_verified: false, sub: user.id },
        provider: 'email',
        last_sign_in_at: time(user.last_sign_in_at),
        created_at: time(user.created_at),
        updated_at: time(user.updated_at),
        email: user.email,
      },
    ],
    created_at: time(user.created_at),
    updated_at: time(user.updated_at),
    is_anonymous: false,
  };
}
