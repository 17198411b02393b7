import { rpcCaller } from '../_shared/rpc.ts';
import type { NotifyConfig } from './config.ts';
import type { Fetch } from './providers.ts';
import type { HeldDigest } from './digest-render.ts';
import type { Lead, LeadTable } from './render.ts';
import type { WeeklySummary } from './weekly-render.ts';

// The outbox, reached through the data API's RPC endpoint with the service key (the functions are
// executable by service_role only; see supabase/migrations/20261123110000_lead_notifications.sql).
/**
 * The lead notifications' kinds of job (private.outbox.kind, queue lead_notification): a lead's notification, the
 * hourly digest of held leads (supabase/migrations/20261127100000_held_leads.sql), the weekly summary
 * (supabase/migrations/20261202140000_weekly_summary.sql) and the notice that a CRM target stopped (issue 46). The
 * digest and the summary carry no lead: their content comes from `digest` and `weeklySummary`, read under the job's
 * claim; a crm_failed job's is its `payload`.
 */
export type NotificationKind = 'lead' | 'held_digest' | 'weekly_summary' | 'crm_failed';
export const NOTIFICATION_KINDS: readonly NotificationKind[] = ['lead', 'held_digest', 'weekly_summary', 'crm_failed'];

export type ClaimedJob = {
  job_id: string;
  claim_token: string;
  kind: NotificationKind;
  /** null for the jobs without a lead: the held-lead digest and the weekly summary. */
  lead_table: LeadTable | null;
  lead_id: string | null;
  attempts: number;
  queued_at: string;
  lead: Lead | null;
  /**
   * The job's own data, for a crm_failed job `{target, error, job_id, change, turned_off?}`; absent where the
   * claim does not return it (before the CRM migration) and null for the other kinds.
   */
  payload?: Record<string, unknown> | null;
};

export type Queue = {
  claim(batchSize: number, leaseSeconds: number): Promise<ClaimedJob[]>;
  complete(job: ClaimedJob, providerMessageId: string | undefined): Promise<boolean>;
  fail(job: ClaimedJob, error: string, retryInSeconds: number | null): Promise<boolean>;
  /** A claimed digest's held leads and release links (the same links on every attempt); null if the claim was lost. */
  digest(job: ClaimedJob): Promise<HeldDigest | null>;
  /** A claimed weekly summary's figures (the week and the week before); null if the claim was lost. */
  weeklySummary(job: ClaimedJob): Promise<WeeklySummary | null>;
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
    digest: (job) => rpc<HeldDigest | null>('held_lead_digest', { job_id: job.job_id, claim_token: job.claim_token }),
    weeklySummary: (job) =>
      rpc<WeeklySummary | null>('weekly_summary', { job_id: job.job_id, claim_token: job.claim_token }),
  };
}

// The booking messages' outbox (supabase/migrations/20261125110000_booking_notifications.sql, with the hosts of
// 20261126110000_booking_host_messages.sql): the same protocol; a job carries the call's time and SEQUENCE as they
// were when it was written, the booking (the change/cancel link's secret only in jobs for the visitor, the host's
// "who turned up" secret only in jobs for the host), its request, the team's zone, the call's host and, for a
// calendar_failed message, the calendar write that was given up.
export type BookingMessageKind = 'booked' | 'moved' | 'cancelled' | 'reminder_24h' | 'reminder_1h' | 'calendar_failed';
export type BookingRecipient = 'visitor' | 'team' | 'host';
export type BookingHost = { id: string; name: string; email: string | null; time_zone: string };
export type ClaimedBookingJob = {
  job_id: string;
  claim_token: string;
  kind: BookingMessageKind;
  recipient: BookingRecipient;
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
    outcome_token: string | null;
  } | null;
  request: Lead | null;
  team: { time_zone: string; call_minutes: number } | null;
  /** The call's host; for calendar_failed, the host whose calendar the write was for. */
  host: BookingHost | null;
  calendar_write: { action: 'put' | 'delete'; sequence: number; attempts: number; last_error: string | null } | null;
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
