// Reads every due host's busy times and stores them, hosts side by side; one host's failure (network, refused
// credentials, a calendar gone, an unreadable answer, a missing account) is recorded for that host and the others
// go on. Only the start and end of each busy time leave the function.
import type { BusyTimeSource } from './calendars.ts';
import type { CalendarDatabase, HostToSync } from './database.ts';
import { toBusyTimes } from './ranges.ts';

export type SyncDependencies = {
  database: CalendarDatabase;
  source: BusyTimeSource;
  staleAfterSeconds?: number;
  log?: (line: string) => void;
};
export type SyncSummary = { hosts: number; synced: number; failed: number };

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

async function syncHost(host: HostToSync, deps: SyncDependencies): Promise<'synced' | 'failed'> {
  const log = deps.log ?? (() => undefined);
  const window = { start: Date.parse(host.window_start), end: Date.parse(host.window_end) };
  let busy;
  try {
    if (!(window.end > window.start)) throw new Error(`an empty window (${host.window_start} to ${host.window_end})`);
    busy = await deps.source.busyTimes(
      { calendarUrl: host.calendar_url, credentialKey: host.credential_key, timeZone: host.time_zone },
      window,
    );
  } catch (error) {
    const message = errorText(error);
    log(`calendar-sync: host ${host.host_id}: ${message}`);
    await deps.database.recordSyncFailure(host, message);
    return 'failed';
  }
  const stored = await deps.database.replaceHostBusy(host, toBusyTimes(busy));
  log(`calendar-sync: host ${host.host_id}: ${stored} busy times`);
  return 'synced';
}

export async function syncDueHosts(deps: SyncDependencies): Promise<SyncSummary> {
  const hosts = await deps.database.hostsToSync(deps.staleAfterSeconds);
  const outcomes = await Promise.allSettled(hosts.map((host) => syncHost(host, deps)));
  const summary: SyncSummary = { hosts: hosts.length, synced: 0, failed: 0 };
  for (const outcome of outcomes) {
    // A database call that failed for one host (recording it is then up to the next run) does not stop the others.
    if (outcome.status === 'fulfilled') summary[outcome.value] += 1;
    else {
      summary.failed += 1;
      deps.log?.(`calendar-sync: ${errorText(outcome.reason)}`);
    }
  }
  return summary;
}
