-- Lead notifications (issue 13): an outbox of one delivery job per lead, written in the same transaction as
-- the lead, and the functions the notify-leads Edge Function uses to claim jobs and record their outcome.
-- Delivery state lives here because pg_net and the e-mail API have no memory of their own: a crash or a
-- provider outage delays a notification; it never loses or doubles one.
--
-- A job references its lead and copies none of its personal data; deleting a lead deletes its job.
-- The table is in `private`, which the data API never serves; only service_role has privileges on it. The
-- functions are in `public`, the schema the data API serves, so the Edge Function can call them with
-- `.rpc()`; only service_role may execute them, and they run with its privileges (security invoker: no
-- security definer function is exposed in `public`).

create table private.lead_notifications (
  id uuid primary key default gen_random_uuid(),
  lead_table text not null,
  lead_id uuid not null,
  -- pending: waiting for next_attempt_at; sending: claimed by a run until lease_expires_at;
  -- sent: delivered (sent_at, provider_message_id); dead: given up (last_error says why).
  status text not null default 'pending',
  attempts integer not null default 0,
  created_at timestamptz not null default now(),
  next_attempt_at timestamptz not null default now(),
  claim_token uuid,
  lease_expires_at timestamptz,
  last_attempt_at timestamptz,
  last_error text,
  sent_at timestamptz,
  provider_message_id text,
  constraint lead_notifications_one_per_lead unique (lead_table, lead_id),
  constraint lead_notifications_lead_table check (lead_table in ('consultation_requests', 'contact_messages')),
  constraint lead_notifications_status check (status in ('pending', 'sending', 'sent', 'dead'))
);

-- The claim query's scan: due jobs in time order (a claimed job is due again when its lease expires).
create index lead_notifications_due_idx
  on private.lead_notifications (next_attempt_at)
  where status in ('pending', 'sending');

revoke all on table private.lead_notifications from public, anon, authenticated, service_role;
grant usage on schema private to service_role;
grant select, update on table private.lead_notifications to service_role;

-- Enqueue: after a lead row is stored, in the same transaction. A retry the submission guard marks as a
-- duplicate (duplicate_of set) is not a new lead and gets no job.
create function private.enqueue_lead_notification()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.lead_notifications (lead_table, lead_id) values (tg_table_name, new.id);
  return null;
end;
$$;

-- Erasure: a deleted lead takes its job with it (the erasure tool relies on this).
create function private.delete_lead_notification()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from private.lead_notifications n where n.lead_table = tg_table_name and n.lead_id = old.id;
  return null;
end;
$$;

revoke all on function private.enqueue_lead_notification() from public;
revoke all on function private.delete_lead_notification() from public;

create trigger enqueue_lead_notification
  after insert on public.consultation_requests
  for each row when (new.duplicate_of is null) execute function private.enqueue_lead_notification();
create trigger enqueue_lead_notification
  after insert on public.contact_messages
  for each row when (new.duplicate_of is null) execute function private.enqueue_lead_notification();

create trigger delete_lead_notification
  after delete on public.consultation_requests
  for each row execute function private.delete_lead_notification();
create trigger delete_lead_notification
  after delete on public.contact_messages
  for each row execute function private.delete_lead_notification();

-- Claims up to batch_size due jobs for lease_seconds: pending jobs whose time has come, and jobs whose
-- previous claimer's lease ran out (it crashed or timed out). `skip locked` lets concurrent runs share the
-- queue without waiting for or taking each other's jobs. Each claim gets a fresh token; only the holder of
-- the current token can complete or fail the job. Returns each job with its lead row as JSON (null when the
-- lead no longer exists).
create function public.claim_lead_notifications(batch_size integer default 10, lease_seconds integer default 120)
returns table (
  job_id uuid,
  claim_token uuid,
  lead_table text,
  lead_id uuid,
  attempts integer,
  queued_at timestamptz,
  lead jsonb
)
language sql
security invoker
set search_path = ''
as $$
  with token as (
    select gen_random_uuid() as value
  ),
  due as (
    select n.id
      from private.lead_notifications n
     where n.status in ('pending', 'sending')
       and n.next_attempt_at <= now()
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
         end
    from claimed c
$$;

-- Records a delivered job. False when the claim is no longer the caller's (its lease expired and another
-- run took the job): that run's outcome counts instead.
create function public.complete_lead_notification(
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

-- Records a failed attempt. retry_in_seconds (clamped to 1 s .. 1 h) schedules the next attempt; null means
-- the failure is permanent. A job is marked dead, keeping its last error, when the failure is permanent or
-- the job has been retried for 24 hours. False when the claim is no longer the caller's.
create function public.fail_lead_notification(
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

-- Delivery status per lead, for operators (`npm run leads`) and monitoring. No personal data.
create function public.lead_notification_statuses(lead_ids uuid[] default null)
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

-- Supabase grants EXECUTE on new functions in `public` to anon and authenticated (and PUBLIC has it by
-- default): take it away, then give it to service_role alone.
revoke all on function public.claim_lead_notifications(integer, integer) from public, anon, authenticated;
revoke all on function public.complete_lead_notification(uuid, uuid, text) from public, anon, authenticated;
revoke all on function public.fail_lead_notification(uuid, uuid, text, integer) from public, anon, authenticated;
revoke all on function public.lead_notification_statuses(uuid[]) from public, anon, authenticated;
grant execute on function public.claim_lead_notifications(integer, integer) to service_role;
grant execute on function public.complete_lead_notification(uuid, uuid, text) to service_role;
grant execute on function public.fail_lead_notification(uuid, uuid, text, integer) to service_role;
grant execute on function public.lead_notification_statuses(uuid[]) to service_role;
