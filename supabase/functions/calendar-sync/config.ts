import { DEFAULT_BACKOFF, type BackoffPolicy } from '../_shared/backoff.ts';
import { ConfigError, positiveNumber } from '../_shared/settings.ts';

export { ConfigError };
import { parseAccounts, type Accounts } from './credentials.ts';

// Everything the function needs, read from its environment only (hosted: `supabase secrets set`, plus
// SUPABASE_URL and the service key, which hosted functions receive automatically).
export type CalendarSyncConfig = {
  supabaseUrl: string;
  serviceKey: string;
  accounts: Accounts;
  /** Each CalDAV request's time limit (CALDAV_TIMEOUT_MS). */
  requestTimeoutMs: number;
  /** How old a host's last sync may be before it is read again (CALENDAR_SYNC_STALE_SECONDS; the database's default when unset). */
  staleAfterSeconds: number | undefined;
  backoff: BackoffPolicy;
  /** A calendar write that has failed this many times is given up (the team is told by e-mail). */
  maxWriteAttempts: number;
};

// With the default backoff (30 s doubling to an hour), 30 attempts span about a day, as notify-leads' outbox.
const DEFAULT_MAX_WRITE_ATTEMPTS = 30;

/** Reads the configuration; names (never values) of missing or malformed settings are in the error. */
export function readConfig(env: Record<string, string | undefined>): CalendarSyncConfig {
  const value = (name: string) => env[name]?.trim() || undefined;
  const supabaseUrl = value('SUPABASE_URL');
  const serviceKey = value('SUPABASE_SECRET_KEY') ?? value('SUPABASE_SERVICE_ROLE_KEY');
  const rawAccounts = value('CALDAV_ACCOUNTS');
  const missing = [
    ...(supabaseUrl ? [] : ['SUPABASE_URL']),
    ...(serviceKey ? [] : ['SUPABASE_SERVICE_ROLE_KEY (or SUPABASE_SECRET_KEY)']),
    ...(rawAccounts ? [] : ['CALDAV_ACCOUNTS']),
  ];
  if (missing.length > 0) throw new ConfigError(`calendar-sync is not configured: set ${missing.join(', ')}`);
  const accounts = parseAccounts(rawAccounts!);
  if (typeof accounts === 'string') throw new ConfigError(accounts);
  const stale = value('CALENDAR_SYNC_STALE_SECONDS');
  return {
    supabaseUrl: supabaseUrl!.replace(/\/+$/, ''),
    serviceKey: serviceKey!,
    accounts,
    requestTimeoutMs: positiveNumber(env, 'CALDAV_TIMEOUT_MS', 15_000),
    staleAfterSeconds:
      stale === undefined ? undefined : Math.round(positiveNumber(env, 'CALENDAR_SYNC_STALE_SECONDS', 50)),
    backoff: {
      baseSeconds: positiveNumber(env, 'CALENDAR_RETRY_BASE_SECONDS', DEFAULT_BACKOFF.baseSeconds),
      maxSeconds: positiveNumber(env, 'CALENDAR_RETRY_MAX_SECONDS', DEFAULT_BACKOFF.maxSeconds),
    },
    maxWriteAttempts: Math.round(positiveNumber(env, 'CALENDAR_WRITE_MAX_ATTEMPTS', DEFAULT_MAX_WRITE_ATTEMPTS)),
  };
}
