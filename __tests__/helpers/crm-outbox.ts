// The CRM changes' outbox (queue crm_sync, supabase/schemas/crm/) as the contract tests drive it: targets turned on
// through the service functions, leads and calls made as visitors make them, the crm jobs read back as the owner,
// and the crm-sync function's calls (claim, record a remote id, complete, fail) through the data API.
import { bookingVisitor, freeSlots, holdAndConfirm, type BookingVisitor } from './booking';
import { LOCAL_SUPABASE_PUBLISHABLE_KEY, uniqueClientAddress, type TestApi } from './local-api';
import type { CrmTarget } from '../../supabase/functions/_shared/crm-targets';

export type LeadTable = 'consultation_requests' | 'contact_messages';

export type CrmJob = {
  id: string;
  crm_target: CrmTarget;
  kind: string;
  status: string;
  lead_table: string;
  lead_id: string;
  booking_id: string | null;
  sequence: number | null;
  starts_at: Date | null;
  previous_starts_at: Date | null;
  payload: { outcome: string; recorded_at: string } | null;
  ordering_key: string;
  idempotency_key: string;
  settle_until: Date | null;
  next_attempt_at: Date;
  attempts: number;
  last_error: string | null;
};

export type ClaimedChange = {
  job_id: string;
  claim_token: string;
  target: CrmTarget;
  change: string;
  attempts: number;
  queued_at: string;
  lead: Record<string, unknown> & { id: string; email: string };
  booking: (Record<string, unknown> & { id: string; status: string; sequence: number }) | null;
  snapshot: Record<string, unknown>;
  remote: Record<string, string>;
};

/** A service_role function the generated types do not list: its answer, or a thrown error. */
export async function serviceRpc<T>(api: TestApi, name: string, args: Record<string, unknown> = {}): Promise<T> {
  const { data, error } = await api.service.rpc(name as never, args as never);
  if (error) throw new Error(`${name}: ${error.message} (${error.code})`);
  return data as unknown as T;
}

/** No target on, no CRM change, remote id or crm_failed message left from an earlier test. */
export async function resetCrm(api: TestApi): Promise<void> {
  await api.sql(`delete from private.outbox where queue = 'crm_sync' or kind = 'crm_failed'`);
  await api.sql('delete from private.crm_remote_ids');
  await api.sql('delete from private.crm_targets');
}

export async function turnOn(api: TestApi, ...targets: CrmTarget[]): Promise<void> {
  for (const target of targets) await serviceRpc(api, 'set_crm_target', { target, turned_on: true });
}

/** The crm jobs of the given leads (every crm job when none are given), in the order written. */
export const crmJobs = (api: TestApi, leadIds?: string[]) =>
  api.sql<CrmJob>(
    `select id, crm_target, kind, status, lead_table, lead_id, booking_id, sequence, starts_at, previous_starts_at,
            payload, ordering_key, idempotency_key, settle_until, next_attempt_at, attempts, last_error
       from private.outbox
      where queue = 'crm_sync' and ($1::uuid[] is null or lead_id = any ($1::uuid[]))
      order by queue_position`,
    [leadIds ?? null],
  );

/** `<target>:<change>` of each job, in the order written. */
export const changes = (jobs: CrmJob[]) => jobs.map((job) => `${job.crm_target}:${job.kind}`);

/** A lead sent through the data API as a visitor sends it, from an address of its own; its row id. */
export async function sendLead(
  api: TestApi,
  table: LeadTable,
  email: string,
  extra: Record<string, unknown> = {},
  clientAddress = uniqueClientAddress(),
): Promise<string> {
  const lead =
    table === 'consultation_requests'
      ? { name: 'Ada Lovelace', email, company: 'Analytical Engines', phone: '', message: '', ...extra }
      : { name: 'Grace Hopper', email, message: 'Problem: Other', ...extra };
  const client = api.clientFor(LOCAL_SUPABASE_PUBLISHABLE_KEY, { clientAddress });
  const { error } = await client.from(table).insert(lead);
  if (error) throw new Error(`${table}: ${error.message}`);
  const [row] = await api.sql<{ id: string }>(
    `select id from public.${table} where email = $1 and duplicate_of is null order by created_at desc limit 1`,
    [email],
  );
  return row.id;
}

export type BookedCall = {
  visitor: BookingVisitor;
  leadId: string;
  bookingId: string;
  token: string;
  startsAt: string;
};

/** A strategy-call request stored for a visitor, then a call booked `hoursAhead` from now. */
export async function bookCall(api: TestApi, hoursAhead = 72): Promise<BookedCall> {
  const visitor = await bookingVisitor(api);
  const [slot] = await freeSlots(visitor, { from_time: new Date(Date.now() + hoursAhead * 3600_000).toISOString() });
  if (!slot) throw new Error(`no free time ${hoursAhead} hours ahead`);
  const booked = await holdAndConfirm(visitor, slot.starts_at, 'America/New_York');
  if (booked.status !== 'booked') throw new Error(`not booked: ${booked.status}`);
  const [request] = await api.sql<{ id: string }>('select request_id as id from private.bookings where id = $1', [
    booked.booking_id,
  ]);
  return {
    visitor,
    leadId: request.id,
    bookingId: booked.booking_id!,
    token: booked.manage_token!,
    startsAt: booked.starts_at!,
  };
}

export const claimChanges = (api: TestApi, batchSize = 20) =>
  serviceRpc<ClaimedChange[]>(api, 'claim_crm_changes', { batch_size: batchSize });

export const completeChange = (api: TestApi, job: ClaimedChange) =>
  serviceRpc<boolean>(api, 'complete_crm_change', { job_id: job.job_id, claim_token: job.claim_token });

export const failChange = (
  api: TestApi,
  job: ClaimedChange,
  error: string,
  options: { retry_in_seconds?: number; stop?: 'pause' | 'off' } = {},
) =>
  serviceRpc<boolean>(api, 'fail_crm_change', { job_id: job.job_id, claim_token: job.claim_token, error, ...options });

/** Claims until nothing is due, completing each change; the `<target>:<change>` of each, in claim order. */
export async function drain(api: TestApi): Promise<string[]> {
  const done: string[] = [];
  for (;;) {
    const claimed = await claimChanges(api);
    if (claimed.length === 0) return done;
    for (const job of claimed) {
      if (await completeChange(api, job)) done.push(`${job.target}:${job.change}`);
    }
  }
}
