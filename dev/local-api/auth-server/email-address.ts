import { authError } from './auth-error';

// An e-mail address as Supabase Auth accepts one (supabase/auth internal/api/mail.go, validateEmail, with
// checkmail's format): required, at most 255 characters, of the usual form; kept in lower case.
const EMAIL_FORMAT =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export function validEmail(value: unknown): string {
  const email = typeof value === 'string' ? value : '';
  if (email === '') throw authError(400, 'validation_failed', 'An email address is required');
  if (email.length > 255) throw authError(400, 'validation_failed', 'An email address is too long');
  if (!EMAIL_FORMAT.test(email)) {
    throw authError(400, 'validation_failed', 'Unable to validate email address: invalid format');
  }
  return email.toLowerCase();
}
