import { startDenoFunction, type DenoFunction } from '../deno-function';

// Runs the calendar-sync Edge Function locally under Deno (dev/deno-function.ts) against a data API, for the
// tests and for `npm run backend` (dev/calendars/local.ts). The hosts' calendar accounts are given as the
// function's CALDAV_ACCOUNTS secret.
export type CalDavAccounts = Record<string, { username: string; password: string }>;

export type CalendarSyncRunnerOptions = {
  apiUrl: string;
  serviceKey: string;
  accounts: CalDavAccounts;
  /** Between the end of one invocation and the next; `null`: only when `invoke()` is called. */
  intervalMs?: number | null;
  /** Other settings of the function (CALDAV_TIMEOUT_MS, CALENDAR_SYNC_STALE_SECONDS, …). */
  env?: Record<string, string>;
  log?: (line: string) => void;
};

export type CalendarSyncRunner = DenoFunction;

export function startCalendarSyncRunner(options: CalendarSyncRunnerOptions): Promise<CalendarSyncRunner> {
  return startDenoFunction({
    name: 'calendar-sync',
    env: {
      SUPABASE_URL: options.apiUrl,
      SUPABASE_SERVICE_ROLE_KEY: options.serviceKey,
      CALDAV_ACCOUNTS: JSON.stringify(options.accounts),
      // Locally a failed write is retried within seconds and a host is read again every few seconds.
      CALENDAR_RETRY_BASE_SECONDS: '1',
      CALENDAR_RETRY_MAX_SECONDS: '4',
      CALENDAR_SYNC_STALE_SECONDS: '5',
      ...options.env,
    },
    intervalMs: options.intervalMs,
    log: options.log ?? ((line: string) => console.log(line)),
  });
}
