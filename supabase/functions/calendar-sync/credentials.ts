// The hosts' calendar accounts, from the function secret CALDAV_ACCOUNTS only (never the database):
// {"<credential_key>": {"username": "…", "password": "<app password>"}} for Basic auth (iCloud, Fastmail,
// Nextcloud), or {"<credential_key>": {"oauth": {"tokenUrl", "clientId", "clientSecret", "refreshToken"}}} for
// OAuth 2.0 (Google). Errors name keys and fields, never values.
import { CalendarError } from './calendars.ts';

export type BasicCredentials = { kind: 'basic'; username: string; password: string };
export type OAuthCredentials = {
  kind: 'oauth';
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  refreshToken: string;
};
export type Credentials = BasicCredentials | OAuthCredentials;
export type Accounts = ReadonlyMap<string, Credentials>;

const OAUTH_FIELDS = ['tokenUrl', 'clientId', 'clientSecret', 'refreshToken'] as const;

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);
const filled = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

function parseOAuth(key: string, oauth: unknown): OAuthCredentials | string {
  const where = `CALDAV_ACCOUNTS.${key}.oauth`;
  if (!isObject(oauth)) return `${where} must be an object with ${OAUTH_FIELDS.join(', ')}`;
  const unknown = Object.keys(oauth).filter((field) => !(OAUTH_FIELDS as readonly string[]).includes(field));
  if (unknown.length > 0) return `${where} has unknown fields: ${unknown.join(', ')}`;
  const missing = OAUTH_FIELDS.filter((field) => !filled(oauth[field]));
  if (missing.length > 0) return `${where} needs ${missing.join(', ')}`;
  const [tokenUrl, clientId, clientSecret, refreshToken] = OAUTH_FIELDS.map((field) => String(oauth[field]));
  if (!isHttpsUrl(tokenUrl)) return `${where}.tokenUrl must be an https URL`;
  return { kind: 'oauth', tokenUrl, clientId, clientSecret, refreshToken };
}

function parseAccount(key: string, value: unknown): Credentials | string {
  if (!isObject(value)) return `CALDAV_ACCOUNTS.${key} must be an object`;
  const fields = Object.keys(value);
  if ('oauth' in value) {
    if (fields.length > 1)
      return `CALDAV_ACCOUNTS.${key} has oauth and also ${fields.filter((f) => f !== 'oauth').join(', ')}: keep one`;
    return parseOAuth(key, value.oauth);
  }
  const { username, password } = value;
  if (!filled(username) || !filled(password)) {
    return `CALDAV_ACCOUNTS.${key} needs a username and a password (or oauth)`;
  }
  return { kind: 'basic', username, password };
}

/** Parses the secret; returns a description of what is wrong instead of throwing, for the config's error. */
export function parseAccounts(raw: string): Accounts | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return 'CALDAV_ACCOUNTS is not JSON';
  }
  if (!isObject(parsed)) return 'CALDAV_ACCOUNTS must be an object keyed by credential_key';
  const accounts = new Map<string, Credentials>();
  for (const [key, value] of Object.entries(parsed)) {
    const account = parseAccount(key, value);
    if (typeof account === 'string') return account;
    accounts.set(key, account);
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
