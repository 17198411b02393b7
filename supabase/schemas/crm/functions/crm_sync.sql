-- The CRM changes (the outbox's queue crm_sync) as crm-sync works through them: claim due changes with a lease, store
-- each remote id right after its remote step, then complete or fail each; a failure only people can fix pauses the
-- target (a 410 from a webhook turns it off) and tells the team once.

-- A lead as every CRM target gets it: the visitor's fields (null when empty) and where they came from.
create or replace function private.crm_lead_json(lead_table text, lead_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select case crm_lead_json.lead_table
    when 'consultation_requests' then
      (select jsonb_build_object(
                'table', 'consultation_requests', 'id', r.id, 'created_at', r.created_at, 'request', 'strategy_call',
                'name', r.name, 'email', r.email, 'company', nullif(btrim(r.company), ''),
                'phone', nullif(btrim(r.phone), ''), 'message', nullif(btrim(r.message), ''),
                'attribution', r.attribution)
         from public.consultation_requests r where r.id = crm_lead_json.lead_id)
    when 'contact_messages' then
      (select jsonb_build_object(
                'table', 'contact_messages', 'id', m.id, 'created_at', m.created_at, 'request', 'demo',
                'name', m.name, 'email', m.email, 'company', nullif(btrim(m.company), ''), 'phone', null,
                'message', nullif(btrim(m.message), ''), 'attribution', m.attribution)
         from public.contact_messages m where m.id = crm_lead_json.lead_id)
  end
$$;
revoke all on function private.crm_lead_json(text,uuid) from public, anon, authenticated, service_role;
grant execute on function private.crm_lead_json(text,uuid) to service_role;

-- A booked call as it is now, with its host and its outcome (attended, no_show or moved; null when not recorded).
create or replace function private.crm_booking_json(booking_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
           'id', b.id, 'status', b.status, 'starts_at', b.starts_at, 'ends_at', b.ends_at,
           'visitor_time_zone', b.visitor_time_zone, 'sequence', b.sequence,
           'host', jsonb_build_object('id', h.id, 'name', h.name, 'email', h.email, 'time_zone', h.time_zone),
           'outcome', o.outcome)
    from private.bookings b
    join private.booking_hosts h on h.id = b.host_id
    left join private.call_outcomes o on o.booking_id = b.id
   where b.id = crm_booking_json.booking_id
$$;
revoke all on function private.crm_booking_json(uuid) from public, anon, authenticated, service_role;
grant execute on function private.crm_booking_json(uuid) to service_role;

-- The remote ids one target gave a lead ({"contact": …, "person": …}) and, with booking_id, that call's
-- ({"meeting": …, "activity": …}); {} when none yet.
create or replace function private.crm_remote_json(target text, lead_table text, lead_id uuid, booking_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(jsonb_object_agg(i.kind, i.remote_id), '{}'::jsonb)
    from private.crm_remote_ids i
   where i.target = crm_remote_json.target and i.lead_table = crm_remote_json.lead_table
     and i.lead_id = crm_remote_json.lead_id
     and (i.booking_id is null or i.booking_id = crm_remote_json.booking_id)
$$;
revoke all on function private.crm_remote_json(text,text,uuid,uuid) from public, anon, authenticated, service_role;
grant execute on function private.crm_remote_json(text,text,uuid,uuid) to service_role;

-- Claims up to batch_size due changes for lease_seconds through the outbox's one claim (private.claim_outbox: skip
-- locked, a fresh claim token, a crashed run's changes due again when its lease ends; a change waits while an
-- earlier one of its target about the same e-mail address is pending or being sent). First the leads whose minute
-- has passed are judged (private.hold_leads_a_flood_followed, as the lead notifications' claim does: a held lead's
-- changes are deleted), and the changes of targets that are not on are taken out of the way: a paused target's wait
-- until it is resumed (next_attempt_at 'infinity'), a turned-off target's are dead. Returns each change with its
-- lead and call as they are now, the change as it was written (snapshot) and the target's remote ids.
create or replace function public.claim_crm_changes(batch_size integer default 10, lease_seconds integer default 120)
returns table (
  job_id uuid,
  claim_token uuid,
  target text,
  change text,
  attempts integer,
  queued_at timestamptz,
  lead jsonb,
  booking jsonb,
  snapshot jsonb,
  remote jsonb
)
language sql
security invoker
set search_path = ''
as $$
  select private.hold_leads_a_flood_followed();

  with stopped as (
    select n.id
      from private.outbox n
      join private.crm_targets t on t.target = n.crm_target
     where n.queue = 'crm_sync'
       and (t.paused_at is not null or t.turned_off_at is not null)
       and ((n.status = 'pending' and n.next_attempt_at < 'infinity')
            or (n.status = 'sending' and n.lease_expires_at <= (select private.clock_now())))
       for update of n skip locked
  )
  update private.outbox n
     set status = case when t.turned_off_at is null then 'pending' else 'dead' end,
         next_attempt_at = case when t.turned_off_at is null then 'infinity' else n.next_attempt_at end,
         last_error = case when t.turned_off_at is null then n.last_error
                           else coalesce(t.turned_off_reason, 'the target was turned off') end,
         claim_token = null,
         lease_expires_at = null
    from stopped, private.crm_targets t
   where n.id = stopped.id and t.target = n.crm_target;

  with claimed as (
    select * from private.claim_outbox('crm_sync', batch_size, lease_seconds)
  )
  select c.id, c.claim_token, c.crm_target, c.kind, c.attempts, c.created_at,
         private.crm_lead_json(c.lead_table, c.lead_id),
         private.crm_booking_json(c.booking_id),
         jsonb_build_object('sequence', c.sequence, 'starts_at', c.starts_at, 'ends_at', c.ends_at,
                            'previous_starts_at', c.previous_starts_at, 'outcome', c.payload -> 'outcome',
                            'recorded_at', c.payload -> 'recorded_at'),
         private.crm_remote_json(c.crm_target, c.lead_table, c.lead_id, c.booking_id)
    from claimed c
$$;
revoke all on function public.claim_crm_changes(integer,integer) from public, anon, authenticated, service_role;
grant execute on function public.claim_crm_changes(integer,integer) to service_role;

-- Stores (or replaces) one remote id against the change's lead, and its call for a meeting or an activity, right
-- after the remote step that made it. False when the claim is no longer the caller's.
create or replace function public.record_crm_remote_id(job_id uuid, claim_token uuid, kind text, remote_id text)
returns boolean
language sql
volatile
security invoker
set search_path = ''
as $$
  with job as (
    select n.crm_target, n.lead_table, n.lead_id, n.booking_id
      from private.outbox n
     where n.id = record_crm_remote_id.job_id and n.queue = 'crm_sync'
       and n.claim_token = record_crm_remote_id.claim_token and n.status = 'sending'
  ),
  saved as (
    insert into private.crm_remote_ids as i (target, lead_table, lead_id, booking_id, kind, remote_id)
    select j.crm_target, j.lead_table, j.lead_id,
           case when record_crm_remote_id.kind in ('meeting', 'activity') then j.booking_id end,
           record_crm_remote_id.kind, record_crm_remote_id.remote_id
      from job j
    on conflict (target, lead_table, lead_id, (coalesce(booking_id, '00000000-0000-0000-0000-000000000000'::uuid)), kind)
    do update set remote_id = excluded.remote_id, recorded_at = now()
    returning 1
  )
  select count(*) = 1 from saved
$$;
revoke all on function public.record_crm_remote_id(uuid,uuid,text,text) from public, anon, authenticated, service_role;
grant execute on function public.record_crm_remote_id(uuid,uuid,text,text) to service_role;

-- Records a change done (private.complete_outbox_job); false when the claim is no longer the caller's.
create or replace function public.complete_crm_change(job_id uuid, claim_token uuid)
returns boolean
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.complete_outbox_job('crm_sync', job_id, claim_token)
$$;
revoke all on function public.complete_crm_change(uuid,uuid) from public, anon, authenticated, service_role;
grant execute on function public.complete_crm_change(uuid,uuid) to service_role;

-- Pauses (or turns off) a target after a failure of one of its changes, and tells the team once: the first pause
-- since it was last resumed (or the turning off) queues a lead notification crm_failed whose key names the moment.
-- Paused, the target's pending changes wait; turned off, they are dead with the error.
create or replace function private.stop_crm_target(target text, stop text, error text, job_id uuid, change text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  clock_time constant timestamptz := private.clock_now();
  reason constant text := left(coalesce(stop_crm_target.error, 'unknown error'), 2000);
  stopped_at timestamptz;
begin
  if stop_crm_target.stop = 'pause' then
    update private.crm_targets t set paused_at = clock_time, paused_reason = reason
     where t.target = stop_crm_target.target and t.paused_at is null and t.turned_off_at is null
    returning t.paused_at into stopped_at;
    update private.outbox n set next_attempt_at = 'infinity'
     where n.queue = 'crm_sync' and n.crm_target = stop_crm_target.target and n.status = 'pending';
  elsif stop_crm_target.stop = 'off' then
    update private.crm_targets t set turned_off_at = clock_time, turned_off_reason = reason
     where t.target = stop_crm_target.target and t.turned_off_at is null
    returning t.turned_off_at into stopped_at;
    update private.outbox n set status = 'dead', last_error = reason
     where n.queue = 'crm_sync' and n.crm_target = stop_crm_target.target and n.status = 'pending';
  else
    raise exception 'stop must be pause or off, not "%"', stop_crm_target.stop using errcode = '22023';
  end if;
  if stopped_at is not null then
    insert into private.outbox (queue, kind, idempotency_key, payload, deliver_by)
    values ('lead_notification', 'crm_failed',
            'crm_failed:' || stop_crm_target.target || ':' || (extract(epoch from stopped_at) * 1000000)::bigint,
            jsonb_build_object('target', stop_crm_target.target, 'error', reason, 'job_id', stop_crm_target.job_id,
                               'change', stop_crm_target.change)
              || case when stop_crm_target.stop = 'off' then jsonb_build_object('turned_off', true) else '{}' end,
            clock_time + interval '24 hours')
    on conflict on constraint outbox_once do nothing;
  end if;
end;
$$;
revoke all on function private.stop_crm_target(text,text,text,uuid,text) from public, anon, authenticated, service_role;
grant execute on function private.stop_crm_target(text,text,text,uuid,text) to service_role;

-- Records a failed attempt. stop null: retried after retry_in_seconds (1 s .. 1 h, private.fail_outbox_job), or dead
-- when that is null. stop 'pause': the change stays pending (it is not lost) and its target is paused until
-- public.resume_crm_target. stop 'off': the change is dead and its target turned off. False when the claim is no
-- longer the caller's (then nothing is paused or turned off).
create or replace function public.fail_crm_change(
  job_id uuid,
  claim_token uuid,
  error text,
  retry_in_seconds integer default null,
  stop text default null
)
returns boolean
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  job record;
  failed boolean;
begin
  if fail_crm_change.stop is not null and fail_crm_change.stop not in ('pause', 'off') then
    raise exception 'stop must be pause, off or null, not "%"', fail_crm_change.stop using errcode = '22023';
  end if;
  select n.crm_target, n.kind into job
    from private.outbox n
   where n.id = fail_crm_change.job_id and n.queue = 'crm_sync';
  failed := private.fail_outbox_job(
    'crm_sync', fail_crm_change.job_id, fail_crm_change.claim_token, fail_crm_change.error,
    case fail_crm_change.stop when 'pause' then coalesce(fail_crm_change.retry_in_seconds, 1)
                              when 'off' then null
                              else fail_crm_change.retry_in_seconds end);
  if failed and fail_crm_change.stop is not null then
    perform private.stop_crm_target(job.crm_target, fail_crm_change.stop, fail_crm_change.error,
                                    fail_crm_change.job_id, job.kind);
  end if;
  return failed;
end;
$$;
revoke all on function public.fail_crm_change(uuid,uuid,text,integer,text) from public, anon, authenticated, service_role;
grant execute on function public.fail_crm_change(uuid,uuid,text,integer,text) to service_role;
