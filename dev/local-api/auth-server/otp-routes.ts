import { sessionJson } from './access-token';
import type { AuthAnswer, AuthContext, AuthRequest } from './auth-context';
import { authError } from './auth-error';
import { validEmail } from './email-address';
import { codeHash, dropCode, newCode, spendCode, storeCode } from './one-time-code';
import { newRefreshToken, startSession } from './session-store';
import { sendSignInCode } from './sign-in-mail';
import { findUserByEmail } from './user-store';

// POST /otp and POST /verify: what supabase-js's signInWithOtp({ email }) and verifyOtp({ email, token, type })
// call, answered as Supabase Auth answers them (supabase/auth internal/api/otp.go, magic_link.go, verify.go).
// Nobody is signed up here: only users the operator created (POST /admin/users) are sent a code.
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** POST /otp: e-mails the address's user a sign-in code. */
export async function sendCode(context: AuthContext, request: AuthRequest): Promise<AuthAnswer> {
  await context.claims.apiKeyClaims(request.headers);
  const body = await request.body();
  if (text(body.email) && text(body.phone)) {
    throw authError(400, 'validation_failed', 'Only an email address or phone number should be provided');
  }
  if (text(body.phone)) throw authError(400, 'phone_provider_disabled', 'Unsupported phone provider');
  if (!text(body.email)) throw authError(400, 'validation_failed', 'One of email or phone must be set');
  const email = validEmail(body.email);
  const user = await findUserByEmail(context.db, email);
  if (!user && body.create_user === false) throw authError(422, 'otp_disabled', 'Signups not allowed for otp');
  // GoTrue would sign an unknown (or unconfirmed) address up; sign-ups are off (supabase/config.toml).
  if (!user?.email_confirmed_at) throw authError(422, 'signup_disabled', 'Signups not allowed for this instance');

  const { otpLength, otpExpirySeconds, maxFrequencySeconds } = context.settings;
  const code = newCode(otpLength);
  const issued = await storeCode(context.db, user.id, codeHash(email, code), maxFrequencySeconds);
  if (!issued.issued) {
    throw authError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${issued.secondsLeft} seconds.`,
    );
  }
  try {
    await sendSignInCode(context.mailer, email, code, Math.round(otpExpirySeconds / 60));
  } catch (error) {
    await dropCode(context.db, user.id);
    throw error;
  }
  return { status: 200, json: {} };
}

const CODE_TYPES = ['email', 'magiclink', 'recovery'];
/** Types whose tokens this server never issues: always expired or invalid here. */
const OTHER_EMAIL_TYPES = ['signup', 'invite', 'email_change'];

/** POST /verify with an e-mailed code: the session it opens. */
export async function verifyCode(context: AuthContext, request: AuthRequest): Promise<AuthAnswer> {
  await context.claims.apiKeyClaims(request.headers);
  const body = await request.body();
  const [type, token, tokenHash] = [text(body.type), text(body.token), text(body.token_hash)];
  if (!type) throw authError(400, 'validation_failed', 'Verify requires a verification type');
  if ((token === '') === (tokenHash === '')) {
    throw authError(400, 'validation_failed', 'Verify requires either a token or a token hash');
  }
  if (tokenHash) throw authError(403, 'otp_expired', 'Email link is invalid or has expired');
  if (!text(body.email)) {
    throw authError(400, 'validation_failed', 'Only an email address or phone number should be provided on verify');
  }
  let email: string;
  try {
    email = validEmail(body.email);
  } catch {
    throw authError(422, 'validation_failed', 'Invalid email format');
  }
  if (!CODE_TYPES.includes(type) && !OTHER_EMAIL_TYPES.includes(type)) {
    throw authError(400, 'validation_failed', 'Unsupported verification type');
  }
  const user = CODE_TYPES.includes(type)
    ? await spendCode(context.db, email, codeHash(email, token), context.settings.otpExpirySeconds)
    : undefined;
  if (!user) throw authError(403, 'otp_expired', 'Token has expired or is invalid');
  const refreshToken = newRefreshToken();
  const session = await startSession(context.db, user.id, refreshToken);
  return { status: 200, json: await sessionJson(context.tokenIssuer(request.issuer), user, session, refreshToken) };
}
