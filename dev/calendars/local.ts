import { startCalendarSyncRunner, type CalDavAccounts, type CalendarSyncRunner } from './runner';

// The calendar sync of `npm run backend` (and so `npm start`): the calendar-sync function under Deno every
// second against the local data API, with the hosts' calendar accounts from the developer's CALDAV_ACCOUNTS
// (docs/calendars.md). Without hosts with a calendar each run is two cheap database calls and prints nothing.

/** CALDAV_ACCOUNTS as the function takes it; unset is no accounts. Errors never repeat the value. */
export function calDavAccountsFrom(raw: string | undefined): CalDavAccounts {
  if (!raw?.trim()) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error('CALDAV_ACCOUNTS is not JSON: {"<credential_key>": {"username": "…", "password": "…"}}');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new Error('CALDAV_ACCOUNTS must be a JSON object keyed by the hosts’ credential_key');
  }
  return parsed as CalDavAccounts;
}

/**
 * A log that prints a host's line only when it differs from that host's last one: a calendar read every few
 * seconds says "3 busy times" once, not every time, and a failing one says why once until that changes.
 */
export function quietRepeats(print: (line: string) => void): (line: string) => void {
  const lastByHost = new Map<string, string>();
  return (line) => {
    const host = /^calendar-sync: host ([^:\s]+):/.exec(line)?.[1];
    if (host !== undefined) {
      if (lastByHost.get(host) === line) return;
      lastByHost.set(host, line);
    }
    print(line);
  };
}

export function startLocalCalendarSync(options: {
  apiUrl: string;
  serviceKey: string;
  env?: NodeJS.ProcessEnv;
  intervalMs?: number;
  log?: (line: string) => void;
}): Promise<CalendarSyncRunner> {
  return startCalendarSyncRunner({
    apiUrl: options.apiUrl,
    serviceKey: options.serviceKey,
    accounts: calDavAccountsFrom((options.env ?? process.env).CALDAV_ACCOUNTS),
    intervalMs: options.intervalMs ?? 1000,
    log: quietRepeats(options.log ?? ((line) => console.log(line))),
  });
}
