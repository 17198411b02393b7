-- What the team sees of the CRM sync (`npm run leads`): each change per lead, call and target with its state and the
-- remote ids, and retrying one.

-- Each CRM change of the given leads (of every lead when null), in the order written: its target, change, status
-- (pending, sending, sent, dead; paused while its target is paused), attempts, last error, when it was queued and
-- sent, and the remote ids its target has for the lead and the call. No personal data.
create or replace function public.crm_sync_state(lead_ids uuid[] default null)
returns table (
  lead_table text,
  lead_id uuid,
  booking_id uuid,
  target text,
  job_id uuid,
  change text,
  status text,
  attempts integer,
  last_error text,
  queued_at timestamptz,
  sent_at timestamptz,
  remote jsonb
)
language sql
stable
security invoker
set search_path = ''
as $$
  select n.lead_table, n.lead_id, n.booking_id, n.crm_target, n.id, n.kind,
         case when n.status = 'pending' and t.paused_at is not null then 'paused' else n.status end,
         n.attempts, n.last_error, n.created_at, n.sent_at,
         private.crm_remote_json(n.crm_target, n.lead_table, n.lead_id, n.booking_id)
    from private.outbox n
    left join private.crm_targets t on t.target = n.crm_target
   where n.queue = 'crm_sync' and (crm_sync_state.lead_ids is null or n.lead_id = any (crm_sync_state.lead_ids))
   order by n.queue_position
$$;
revoke all on function public.crm_sync_state(uuid[]) from public, anon, authenticated, service_role;
grant execute on function public.crm_sync_state(uuid[]) to service_role;

-- Makes a dead or waiting change due now (dead → pending, attempts and last error kept). False when there is no
-- such change, or its target is off (a paused target's change goes when the target is resumed).
create or replace function public.retry_crm_change(job_id uuid)
returns boolean
language sql
volatile
security invoker
set search_path = ''
as $$
  with revived as (
    update private.outbox n set status = 'pending', next_attempt_at = private.clock_now()
     where n.id = retry_crm_change.job_id and n.queue = 'crm_sync' and n.status in ('dead', 'pending')
       and exists (select 1 from private.crm_targets t
                    where t.target = n.crm_target and t.turned_off_at is null)
    returning 1
  )
  select count(*) = 1 from revived
$$;
revoke all on function public.retry_crm_change(uuid) from public, anon, authenticated, service_role;
grant execute on function public.retry_crm_change(uuid) to service_role;
