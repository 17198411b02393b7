-- Which CRM targets are on (private.crm_targets), for the team (service_role): turn one on or off, resume a paused
-- one. The credentials are Edge Function secrets (docs/crm.md).

-- Turns a target on (from then on its changes are queued; a paused one is resumed) or off (nothing more is queued
-- and its pending changes are dead).
create or replace function public.set_crm_target(target text, turned_on boolean)
returns void
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  clock_time constant timestamptz := private.clock_now();
begin
  if set_crm_target.target is null or set_crm_target.target not in ('hubspot', 'pipedrive', 'webhook') then
    raise exception 'target must be hubspot, pipedrive or webhook, not "%"', set_crm_target.target
      using errcode = '22023';
  end if;
  if set_crm_target.turned_on then
    insert into private.crm_targets as t (target, turned_on_at) values (set_crm_target.target, clock_time)
    on conflict on constraint crm_targets_pkey do update
      set turned_on_at = case when t.turned_off_at is null then t.turned_on_at else excluded.turned_on_at end,
          paused_at = null, paused_reason = null, turned_off_at = null, turned_off_reason = null;
    update private.outbox n set next_attempt_at = clock_time
     where n.queue = 'crm_sync' and n.crm_target = set_crm_target.target and n.status = 'pending'
       and n.next_attempt_at = 'infinity';
  else
    update private.crm_targets t set turned_off_at = clock_time, turned_off_reason = 'turned off by the team'
     where t.target = set_crm_target.target and t.turned_off_at is null;
    update private.outbox n set status = 'dead', last_error = 'the target was turned off by the team'
     where n.queue = 'crm_sync' and n.crm_target = set_crm_target.target and n.status = 'pending';
  end if;
end;
$$;
revoke all on function public.set_crm_target(text,boolean) from public, anon, authenticated, service_role;
grant execute on function public.set_crm_target(text,boolean) to service_role;

-- Resumes a paused target once what paused it is fixed: its pending changes are due now, their failed attempts
-- counted afresh (crm-sync pauses a target again when a change keeps failing for a day). Returns how many.
create or replace function public.resume_crm_target(target text)
returns integer
language sql
volatile
security invoker
set search_path = ''
as $$
  update private.crm_targets t set paused_at = null, paused_reason = null
   where t.target = resume_crm_target.target and t.paused_at is not null;

  with due as (
    update private.outbox n set next_attempt_at = private.clock_now(), attempts = 0
     where n.queue = 'crm_sync' and n.crm_target = resume_crm_target.target and n.status = 'pending'
       and exists (select 1 from private.crm_targets t
                    where t.target = n.crm_target and t.turned_off_at is null)
    returning 1
  )
  select count(*)::integer from due
$$;
revoke all on function public.resume_crm_target(text) from public, anon, authenticated, service_role;
grant execute on function public.resume_crm_target(text) to service_role;

-- Each target ever turned on, for the team (`npm run leads`): on, paused or off, since when and why, and how many
-- of its changes are waiting and how many were given up.
create or replace function public.crm_targets_state()
returns table (target text, state text, since timestamptz, reason text, waiting integer, given_up integer)
language sql
stable
security invoker
set search_path = ''
as $$
  select t.target,
         case when t.turned_off_at is not null then 'off' when t.paused_at is not null then 'paused' else 'on' end,
         coalesce(t.turned_off_at, t.paused_at, t.turned_on_at),
         coalesce(t.turned_off_reason, t.paused_reason),
         (select count(*)::integer from private.outbox n
           where n.queue = 'crm_sync' and n.crm_target = t.target and n.status in ('pending', 'sending')),
         (select count(*)::integer from private.outbox n
           where n.queue = 'crm_sync' and n.crm_target = t.target and n.status = 'dead')
    from private.crm_targets t
   order by t.target
$$;
revoke all on function public.crm_targets_state() from public, anon, authenticated, service_role;
grant execute on function public.crm_targets_state() to service_role;
