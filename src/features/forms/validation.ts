// Checks both forms share. Values are judged trimmed, as they will be stored.
import { cleanLeadText } from '../../lib/stored-text';
export type FieldErrors<F extends string> = Partial<Record<F, string>>;
export type FormValues<F extends string> = Record<F, string>;

/** Blank as stored: a value of only NUL and spaces is stored empty (see src/lib/stored-text.ts). */
export const isBlank = (value: string) => cleanLeadText(value) === '';

// The pattern browsers apply to <input type="email"> (WHATWG HTML). The form sets noValidate to show our
// own messages, so it checks the same rule itself.
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export const isEmailAddress = (value: string) => EMAIL_PATTERN.test(value.trim());

export function trimValues<F extends string>(values: FormValues<F>): FormValues<F> {
  const trimmed = { ...values };
  for (const key of Object.keys(trimmed) as F[]) trimmed[key] = trimmed[key].trim();
  return trimmed;
}

/** The e-mail rule both forms use: required first, then well-formed. */
export function emailError(value: string, copy: { requiredMessage: string; invalidMessage: string }) {
  if (isBlank(value)) return copy.requiredMessage;
  if (!isEmailAddress(value)) return copy.invalidMessage;
  return undefined;
}
