// The database side of the calendar sync (docs/calendars.md), through the data API's RPC endpoint with the
// service key. Busy times cross as start and end only.
import { rpcCaller, type Fetch, type RpcSettings } from '../_shared/rpc.ts';
import type { BookingForCalendar } from './event.ts';
import type { BusyTime } from './ranges.ts';

export type HostToSync = {
  host_id: string;
  calendar_url: string;
  credential_key: string;
  time_zone: string;
  window_start: string;
  window_end: string;
};

export type WriteHost = {
  id: string;
  name: string;
  email: string;
  calendar_url: string;
  credential_key: string;
  time_zone: string;
};

export type ClaimedCalendarWrite = {
  job_id: string;
  claim_token: string;
  action: 'put' | 'delete';
  attempts: number;
  booking: BookingForCalendar & { uid?: string; status: string };
  host: WriteHost;
  /** Where the booking's last write done to this host left the event (null: nowhere, or its own name). */
  event_href?: string | null;
};

export type CalendarDatabase = {
  hostsToSync(staleAfterSeconds: number | undefined): Promise<HostToSync[]>;
  replaceHostBusy(host: HostToSync, busy: BusyTime[]): Promise<number>;
  recordSyncFailure(host: HostToSync, error: string): Promise<void>;
  claimWrites(batchSize: number, leaseSeconds: number): Promise<ClaimedCalendarWrite[]>;
  /** `eventHref`: the address the event is at now (a put's), or null (a delete's). */
  completeWrite(job: ClaimedCalendarWrite, eventHref?: string | null): Promise<boolean>;
  failWrite(job: ClaimedCalendarWrite, error: string, retryInSeconds: number | null): Promise<boolean>;
};

export function createRpcCalendarDatabase(fetchImpl: Fetch, settings: RpcSettings): CalendarDatabase {
  const rpc = rpcCaller(fetchImpl, settings);
  return {
    hostsToSync: (staleAfterSeconds) =>
      rpc('calendar_hosts_to_sync', staleAfterSeconds === undefined ? {} : { stale_after_seconds: staleAfterSeconds }),
    replaceHostBusy: (host, busy) =>
      rpc('replace_host_busy', {
        host_id: host.host_id,
        window_start: host.window_start,
        window_end: host.window_end,
        busy,
      }),
    recordSyncFailure: (host, error) => rpc('record_calendar_sync_failure', { host_id: host.host_id, error }),
    claimWrites: (batchSize, leaseSeconds) =>
      rpc('claim_calendar_writes', { batch_size: batchSize, lease_seconds: leaseSeconds }),
    completeWrite: (job, eventHref) =>
      rpc('complete_calendar_write', {
        job_id: job.job_id,
        claim_token: job.claim_token,
        ...(eventHref ? { event_href: eventHref } : {}),
      }),
    failWrite: (job, error, retryInSeconds) =>
      rpc('fail_calendar_write', {
        job_id: job.job_id,
        claim_token: job.claim_token,
        error,
        retry_in_seconds: retryInSeconds,
      }),
  };
}
