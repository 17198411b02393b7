// The database side of the CRM sync (/tmp/crm-contract.md, docs/crm.md): the crm_sync queue of the one outbox,
// through the data API's RPC endpoint with the service key.
import { rpcCaller, type Fetch, type RpcSettings } from '../_shared/rpc.ts';
import type { Target } from './config.ts';

export type Change = 'lead.created' | 'booking.created' | 'booking.moved' | 'booking.cancelled' | 'call.outcome';
export type RemoteKind = 'contact' | 'note' | 'meeting' | 'person' | 'lead' | 'activity';
export type Outcome = 'attended' | 'no_show' | 'moved';

export type CrmLead = {
  table: 'consultation_requests' | 'contact_messages';
  id: string;
  created_at: string;
  request: 'strategy_call' | 'demo';
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  message: string | null;
  attribution: Record<string, unknown> | null;
};

export type CrmBooking = {
  id: string;
  status: 'booked' | 'cancelled' | string;
  starts_at: string;
  ends_at: string;
  visitor_time_zone: string | null;
  sequence: number;
  /** A host without an e-mail address (the team's default host may have none) owns nothing in a CRM. */
  host: { id: string; name: string; email: string | null; time_zone: string };
  outcome: Outcome | null;
};

export type CrmSnapshot = {
  sequence: number | null;
  starts_at: string | null;
  ends_at: string | null;
  previous_starts_at: string | null;
  outcome: Outcome | null;
  recorded_at: string | null;
};

export type ClaimedCrmChange = {
  job_id: string;
  claim_token: string;
  target: Target;
  change: Change;
  attempts: number;
  queued_at: string;
  lead: CrmLead;
  booking: CrmBooking | null;
  snapshot: CrmSnapshot | null;
  remote: Partial<Record<RemoteKind, string>>;
};

export type Stop = 'pause' | 'off';

export type CrmDatabase = {
  claim(batchSize: number, leaseSeconds: number): Promise<ClaimedCrmChange[]>;
  /** False when the claim is no longer the caller's. */
  recordRemoteId(job: ClaimedCrmChange, kind: RemoteKind, remoteId: string): Promise<boolean>;
  complete(job: ClaimedCrmChange): Promise<boolean>;
  fail(job: ClaimedCrmChange, error: string, retryInSeconds: number | null, stop: Stop | null): Promise<boolean>;
};

export function createRpcCrmDatabase(fetchImpl: Fetch, settings: RpcSettings): CrmDatabase {
  const rpc = rpcCaller(fetchImpl, settings);
  const claimOf = (job: ClaimedCrmChange) => ({ job_id: job.job_id, claim_token: job.claim_token });
  return {
    claim: async (batchSize, leaseSeconds) =>
      (await rpc<ClaimedCrmChange[] | null>('claim_crm_changes', {
        batch_size: batchSize,
        lease_seconds: leaseSeconds,
      })) ?? [],
    recordRemoteId: (job, kind, remoteId) =>
      rpc('record_crm_remote_id', { ...claimOf(job), kind, remote_id: remoteId }),
    complete: (job) => rpc('complete_crm_change', claimOf(job)),
    fail: (job, error, retryInSeconds, stop) =>
      rpc('fail_crm_change', { ...claimOf(job), error, retry_in_seconds: retryInSeconds, stop }),
  };
}
