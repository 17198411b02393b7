import { rpcCaller } from '../_shared/rpc.ts';
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
  const rpc = rpcCaller(fetchImpl, config);
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

// The booking messages' outbox (supabase/migrations/20261125110000_booking_notifications.sql): the same
// protocol; a job carries the call's time and SEQUENCE as they were when it was written, the booking (the
// change/cancel link's secret only in jobs for the visitor), its request and the team's zone.
export type BookingMessageKind = 'booked' | 'moved' | 'cancelled' | 'reminder_24h' | 'reminder_1h';
export type ClaimedBookingJob = {
  job_id: string;
  claim_token: string;
  kind: BookingMessageKind;
  recipient: 'visitor' | 'team';
  sequence: number;
  starts_at: string;
  ends_at: string;
  previous_starts_at: string | null;
  attempts: number;
  queued_at: string;
  booking: {
    id: string;
    status: string;
    email: string;
    visitor_time_zone: string;
    starts_at: string;
    sequence: number;
    manage_token: string | null;
  } | null;
  request: Lead | null;
  team: { time_zone: string; call_minutes: number } | null;
};

export type BookingQueue = {
  claim(batchSize: number, leaseSeconds: number): Promise<ClaimedBookingJob[]>;
  complete(job: ClaimedBookingJob, providerMessageId: string | undefined): Promise<boolean>;
  fail(job: ClaimedBookingJob, error: string, retryInSeconds: number | null): Promise<boolean>;
};

export function createRpcBookingQueue(
  fetchImpl: Fetch,
  config: Pick<NotifyConfig, 'supabaseUrl' | 'serviceKey'>,
): BookingQueue {
  const rpc = rpcCaller(fetchImpl, config);
  return {
    claim: (batchSize, leaseSeconds) =>
      rpc<ClaimedBookingJob[]>('claim_booking_notifications', { batch_size: batchSize, lease_seconds: leaseSeconds }),
    complete: (job, providerMessageId) =>
      rpc<boolean>('complete_booking_notification', {
        job_id: job.job_id,
        claim_token: job.claim_token,
        provider_message_id: providerMessageId ?? null,
      }),
    fail: (job, error, retryInSeconds) =>
      rpc<boolean>('fail_booking_notification', {
        job_id: job.job_id,
        claim_token: job.claim_token,
        error,
        retry_in_seconds: retryInSeconds,
      }),
  };
}
