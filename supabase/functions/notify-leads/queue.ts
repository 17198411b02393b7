import type { NotifyConfig } from './config.ts';
import type { Fetch } from './providers.ts';
import type { Lead, LeadTable } from './render.ts';

// The outbox, reached through the data API's RPC endpoint with the service key (the functions are
// executable by service_role only; see supabase/migrations/20261123110000_lead_notifications.sql).
export type ClaimedJob = {
  job_id: string;
  claim_token: string;
  lead_table: LeadTable;
  lead_id: string;
  attempts: number;
  queued_at: string;
  lead: Lead | null;
};

export type Queue = {
  claim(batchSize: number, leaseSeconds: number): Promise<ClaimedJob[]>;
  complete(job: ClaimedJob, providerMessageId: string | undefined): Promise<boolean>;
  fail(job: ClaimedJob, error: string, retryInSeconds: number | null): Promise<boolean>;
};

export function createRpcQueue(fetchImpl: Fetch, config: Pick<NotifyConfig, 'supabaseUrl' | 'serviceKey'>): Queue {
  const headers: Record<string, string> = { apikey: config.serviceKey, 'Content-Type': 'application/json' };
  // Legacy service_role keys are JWTs and go in Authorization too; new secret keys (sb_secret_…) only as apikey.
  if (config.serviceKey.startsWith('eyJ')) headers.Authorization = `Bearer ${config.serviceKey}`;

  async function rpc<T>(name: string, args: Record<string, unknown>): Promise<T> {
    const response = await fetchImpl(`${config.supabaseUrl}/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(args),
      signal: AbortSignal.timeout(15_000),
    });
    const body = await response.text();
    if (!response.ok) throw new Error(`${name} failed: HTTP ${response.status} ${body.slice(0, 300)}`);
    return JSON.parse(body) as T;
  }

  return {
    claim: (batchSize, leaseSeconds) =>
      rpc<ClaimedJob[]>('claim_lead_notifications', { batch_size: batchSize, lease_seconds: leaseSeconds }),
    complete: (job, providerMessageId) =>
      rpc<boolean>('complete_lead_notification', {
        job_id: job.job_id,
        claim_token: job.claim_token,
        provider_message_id: providerMessageId ?? null,
      }),
    fail: (job, error, retryInSeconds) =>
      rpc<boolean>('fail_lead_notification', {
        job_id: job.job_id,
        claim_token: job.claim_token,
        error,
        retry_in_seconds: retryInSeconds,
      }),
  };
}
