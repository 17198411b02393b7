-- The lead notifications' outbox as notify-leads works through it: claim due jobs with a lease, then complete or
-- fail each (with backoff and a limit); and each lead's delivery status.

-- Claims up to batch_size due jobs for lease_seconds: pending jobs whose time has come, and jobs whose
-- previous claimer's lease ran out (it crashed or timed out). `skip locked` lets concurrent runs share the
-- queue without waiting for or taking each other's jobs. Each claim gets a fresh token; only the holder of
-- the current token can complete or fail the job. Returns each job with its lead row as JSON (null when the
-- lead no longer exists).
create or replace function public.claim_lead_notifications(batch_size integer default 10, lease_seconds integer default 120)
returns table (
  job_id uuid,
  claim_token uuid,
  lead_table text,
  lead_id uuid,
  attempts integer,
  queued_at timestamptz,
  lead jsonb,
  kind text
)
language sql
security invoker
set search_path = ''
as $$
  select private.hold_leads_a_flood_followed();

  with token as (
    select gen_random_uuid() as value
  ),
  due as (
    select n.id
      from private.lead_notifications n
     where n.status in ('pending', 'sending')
       and n.next_attempt_at <= now()
       and n.settle_until is null
     order by n.next_attempt_at
     limit greatest(1, least(batch_size, 100))
       for update skip locked
  ),
  claimed as (
    update private.lead_notifications n
       set status = 'sending',
           claim_token = token.value,
           attempts = n.attempts + 1,
           last_attempt_at = now(),
           lease_expires_at = now() + make_interval(secs => greatest(lease_seconds, 10)),
           next_attempt_at = now() + make_interval(secs => greatest(lease_seconds, 10))
      from due, token
     where n.id = due.id
    returning n.*
  )
  select c.id, c.claim_token, c.lead_table, c.lead_id, c.attempts, c.created_at,
         case c.lead_table
           when 'consultation_requests' then
             (select to_jsonb(r) - 'client_hash' from public.consultation_requests r where r.id = c.lead_id)
           else
             (select to_jsonb(r) - 'client_hash' from public.contact_messages r where r.id = c.lead_id)
         end,
         c.kind
    from claimed c
$$;
revoke all on function public.claim_lead_notifications(integer,integer) from public, anon, authenticated, service_role;
grant execute on function public.claim_lead_notifications(integer,integer) to service_role;

-- Records a delivered job. False when the claim is no longer the caller's (its lease expired and another
-- run took the job): that run's outcome counts instead.
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
  with done as (
    update private.lead_notifications n
       set status = 'sent',
           sent_at = now(),
           provider_message_id = complete_lead_notification.provider_message_id,
           claim_token = null,
           lease_expires_at = null
     where n.id = complete_lead_notification.job_id
       and n.claim_token = complete_lead_notification.claim_token
       and n.status = 'sending'
    returning 1
  )
  select count(*) = 1 from done
$$;
revoke all on function public.complete_lead_notification(uuid,uuid,text) from public, anon, authenticated, service_role;
grant execute on function public.complete_lead_notification(uuid,uuid,text) to service_role;

-- Records a failed attempt. retry_in_seconds (clamped to 1 s .. 1 h) schedules the next attempt; null means
-- the failure is permanent. A job is marked dead, keeping its last error, when the failure is permanent or
-- the job has been retried for 24 hours. False when the claim is no longer the caller's.
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
  with failed as (
    update private.lead_notifications n
       set status = case
             when retry_in_seconds is null or now() >= n.created_at + interval '24 hours' then 'dead'
             else 'pending'
           end,
           next_attempt_at = now() + make_interval(secs => least(greatest(coalesce(retry_in_seconds, 0), 1), 3600)),
           last_error = left(coalesce(fail_lead_notification.error, 'unknown error'), 2000),
           claim_token = null,
           lease_expires_at = null
     where n.id = fail_lead_notification.job_id
       and n.claim_token = fail_lead_notification.claim_token
       and n.status = 'sending'
    returning 1
  )
  select count(*) = 1 from failed
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
    from private.lead_notifications n
   where lead_ids is null or n.lead_id = any (lead_ids)
   order by n.created_at desc
$$;
revoke all on function public.lead_notification_statuses(uuid[]) from public, anon, authenticated, service_role;
grant execute on function public.lead_notification_statuses(uuid[]) to service_role;
