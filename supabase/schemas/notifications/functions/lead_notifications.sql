-- The lead notifications (the outbox's queue lead_notification) as notify-leads works through them: queue one, claim
-- due jobs with a lease, then complete or fail each (with backoff and a limit); and each lead's delivery status.

-- Queues a lead notification, once: a lead's (lead_table, lead_id), an hour's held digest (digest_hour) or a
-- week's summary (summary_week), due at next_attempt_at, given up 24 hours after it was queued. A second call for
-- the same lead, hour or week leaves the one job (its idempotency key, private.outbox's outbox_kind_shape). A lead
-- is announced to the CRM targets that are on at the same time, due and judged with it (private.queue_crm_lead).
create or replace function private.queue_lead_notification(
  kind text,
  lead_table text default null,
  lead_id uuid default null,
  digest_hour timestamptz default null,
  summary_week date default null,
  next_attempt_at timestamptz default null,
  settle_until timestamptz default null
)
returns void
language sql
set search_path = ''
as $$
  insert into private.outbox
    (queue, kind, idempotency_key, lead_table, lead_id, digest_hour, summary_week, next_attempt_at, settle_until,
     deliver_by)
  values ('lead_notification', kind,
          case kind
          when 'lead' then lead_table || ':' || lead_id
          when 'held_digest' then 'held_digest:' || to_char(digest_hour at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"')
          when 'weekly_summary' then 'weekly_summary:' || to_char(summary_week::timestamp, 'YYYY-MM-DD')
          end,
          lead_table, lead_id, digest_hour, summary_week, coalesce(next_attempt_at, private.clock_now()), settle_until,
          private.clock_now() + interval '24 hours')
  on conflict on constraint outbox_once do nothing;

  select private.queue_crm_lead(lead_table, lead_id, next_attempt_at, settle_until) where kind = 'lead';
$$;
revoke all on function private.queue_lead_notification(text,text,uuid,timestamptz,date,timestamptz,timestamptz)
  from public, anon, authenticated, service_role;

-- Claims up to batch_size due jobs for lease_seconds through the outbox's one claim (private.claim_outbox), after
-- judging the leads whose minute has passed (private.hold_leads_a_flood_followed). Returns each job with its lead
-- row as JSON (null when the lead no longer exists, and for a digest or a summary), and a crm_failed message's
-- payload (the CRM target, the error, the change's job and change, turned_off when the target was turned off; null
-- for every other kind).
create or replace function public.claim_lead_notifications(batch_size integer default 10, lease_seconds integer default 120)
returns table (
  job_id uuid,
  claim_token uuid,
  lead_table text,
  lead_id uuid,
  attempts integer,
  queued_at timestamptz,
  lead jsonb,
  kind text,
  payload jsonb
)
language sql
security invoker
set search_path = ''
as $$
  select private.hold_leads_a_flood_followed();

  select c.id, c.claim_token, c.lead_table, c.lead_id, c.attempts, c.created_at,
         case c.lead_table
           when 'consultation_requests' then
             (select to_jsonb(r) - 'client_hash' from public.consultation_requests r where r.id = c.lead_id)
           else
             (select to_jsonb(r) - 'client_hash' from public.contact_messages r where r.id = c.lead_id)
         end,
         c.kind,
         case when c.kind = 'crm_failed' then c.payload end
    from private.claim_outbox('lead_notification', batch_size, lease_seconds) c
$$;
revoke all on function public.claim_lead_notifications(integer,integer) from public, anon, authenticated, service_role;
grant execute on function public.claim_lead_notifications(integer,integer) to service_role;

-- Records a delivered job (private.complete_outbox_job); false when the claim is no longer the caller's.
create or replace function public.complete_lead_notification(
  job_id uuid,
  claim_token uuid,
  provider_message_id text default null
)
returns boolean
language sql
security invoker
set search_path = ''
as $$
  select private.complete_outbox_job('lead_notification', job_id, claim_token, provider_message_id)
$$;
revoke all on function public.complete_lead_notification(uuid,uuid,text) from public, anon, authenticated, service_role;
grant execute on function public.complete_lead_notification(uuid,uuid,text) to service_role;

-- Records a failed attempt (private.fail_outbox_job): retry_in_seconds (clamped to 1 s .. 1 h) schedules the next
-- one; null means the failure is permanent. Dead when permanent or after 24 hours of retries.
create or replace function public.fail_lead_notification(
  job_id uuid,
  claim_token uuid,
  error text,
  retry_in_seconds integer default null
)
returns boolean
language sql
security invoker
set search_path = ''
as $$
  select private.fail_outbox_job('lead_notification', job_id, claim_token, error, retry_in_seconds)
$$;
revoke all on function public.fail_lead_notification(uuid,uuid,text,integer) from public, anon, authenticated, service_role;
grant execute on function public.fail_lead_notification(uuid,uuid,text,integer) to service_role;

-- Delivery status per lead, for operators (`npm run leads`) and monitoring. No personal data.
create or replace function public.lead_notification_statuses(lead_ids uuid[] default null)
returns table (
  lead_table text,
  lead_id uuid,
  status text,
  attempts integer,
  queued_at timestamptz,
  next_attempt_at timestamptz,
  sent_at timestamptz,
  last_error text
)
language sql
stable
security invoker
set search_path = ''
as $$
  select n.lead_table, n.lead_id, n.status, n.attempts, n.created_at, n.next_attempt_at, n.sent_at, n.last_error
    from private.outbox n
   where n.queue = 'lead_notification' and (lead_ids is null or n.lead_id = any (lead_ids))
   order by n.created_at desc
$$;
revoke all on function public.lead_notification_statuses(uuid[]) from public, anon, authenticated, service_role;
grant execute on function public.lead_notification_statuses(uuid[]) to service_role;
