// The hosts' calendar accounts, from the function secret CALDAV_ACCOUNTS only (never the database):
// {"<credential_key>": {"username": "…", "password": "<app password>"}}. Errors name keys, never passwords.
import { CalendarError } from './calendars.ts';

export type Credentials = { username: string; password: string };
export type Accounts = ReadonlyMap<string, Credentials>;

/** Parses the secret; returns a description of what is wrong instead of throwing, for the config's error. */
export function parseAccounts(raw: string): Accounts | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return 'CALDAV_ACCOUNTS is not JSON';
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return 'CALDAV_ACCOUNTS must be an object keyed by credential_key';
  }
  const accounts = new Map<string, Credentials>();
  for (const [key, value] of Object.entries(parsed)) {
    const { username, password } = (value ?? {}) as Record<string, unknown>;
    if (typeof username !== 'string' || !username || typeof password !== 'string' || !password) {
      return `CALDAV_ACCOUNTS.${key} needs a username and a password`;
    }
    accounts.set(key, { username, password });
  }
  return accounts;
}

export function credentialsFor(accounts: Accounts, key: string): Credentials {
  const credentials = accounts.get(key);
  if (!credentials) {
    // Retryable: the team adds the account to the secret and the next attempt succeeds.
    throw new CalendarError(`no calendar account "${key}" in the CALDAV_ACCOUNTS secret`, true);
  }
  return credentials;
}
