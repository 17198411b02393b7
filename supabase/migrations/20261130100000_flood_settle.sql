-- A flood's first minute (issue 36). The guard holds a lead when the table already received
-- `global_hold_per_minute` rows in the minute before it, so the leads that open a flood, which carry valid
-- proof-of-work solutions, were stored unheld and notified one by one (33–36 in the flood benchmark). Judged with
-- hindsight they are the flood's: they arrived in a minute in which the table received more than that.
--
-- A lead is therefore not sent at once: its job waits a minute (`settle_until`), and when it is due the claim
-- judges it as the guard would have with hindsight: if any minute that contains the lead, before or after it, has
-- `global_hold_per_minute` other rows of the table, the lead is held `over_global_rate`, loses its job and is listed
-- in its hour's digest like any lead held on arrival;
-- otherwise it is sent as usual, a minute late. Even a flood's very first lead, which nothing tells from a person's
-- when it arrives, is judged so. `settle_after_per_minute` lets a lead go at once when the table received fewer
-- other rows than that in the minute before it (0, the default: none goes at once; 1: a lead alone in its minute
-- goes at once, and only the flood's very first lead is notified on its own).

alter table private.lead_guard_settings
  -- A lead's own notification waits a minute, to be judged, when the table received at least this many other rows
  -- in the minute before it (0: every lead waits).
  add column settle_after_per_minute integer not null default 0,
  add constraint lead_guard_settings_settle check (settle_after_per_minute >= 0);

alter table private.lead_notifications
  -- Until then the job waits, and is judged then: set for a lead's job when other leads preceded it closely.
  add column settle_until timestamptz;

-- One held digest per clock hour, due a minute after the hour ends (a request still running at the hour's end
-- has committed by then). Looked up first, so a flood does not queue on the digest's row.
create function private.queue_held_digest(held_at timestamptz)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  hour_start constant timestamptz := date_trunc('hour', held_at, 'UTC');
begin
  if not exists (select 1 from private.lead_notifications n
                  where n.kind = 'held_digest' and n.digest_hour = hour_start) then
    insert into private.lead_notifications (kind, digest_hour, next_attempt_at)
    values ('held_digest', hour_start, hour_start + interval '1 hour 1 minute')
    on conflict do nothing;
  end if;
end;
$$;
revoke all on function private.queue_held_digest(timestamptz) from public;

create or replace function private.enqueue_held_digest()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.queue_held_digest(new.created_at);
  return null;
end;
$$;

create or replace function private.enqueue_lead_notification()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  others_last_minute integer := 0;
  settle_after constant integer := coalesce((select s.settle_after_per_minute from private.lead_guard_settings s), 0);
begin
  if settle_after > 0 then
    execute format('select count(*) from %I.%I where created_at > now() - interval ''1 minute'' and id <> $1',
                   tg_table_schema, tg_table_name)
      into others_last_minute
      using new.id;
  end if;
  if others_last_minute >= settle_after then
    insert into private.lead_notifications (lead_table, lead_id, next_attempt_at, settle_until)
    values (tg_table_name, new.id, new.created_at + interval '1 minute', new.created_at + interval '1 minute');
  else
    insert into private.lead_notifications (lead_table, lead_id) values (tg_table_name, new.id);
  end if;
  return null;
end;
$$;

-- Judges the waiting jobs whose minute has passed: holds the leads that arrived in a flood's minute, clears the wait of the
-- others. Jobs another claim is judging are skipped (it holds their lock until it commits).
create function private.hold_leads_a_flood_followed()
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  global_hold constant integer := (select s.global_hold_per_minute from private.lead_guard_settings s);
  job record;
  arrived_at timestamptz;
  busiest_minute integer;
  held integer := 0;
begin
  for job in
    select n.id, n.lead_table, n.lead_id
      from private.lead_notifications n
     where n.kind = 'lead' and n.status = 'pending' and n.settle_until is not null and n.settle_until <= now()
     order by n.settle_until
       for update skip locked
  loop
    execute format('select l.created_at from public.%I l where l.id = $1 and l.hold_reason is null for update',
                   job.lead_table)
      into arrived_at
      using job.lead_id;
    if arrived_at is not null then
      -- The busiest minute that contains the lead: the most rows in [s, s + 1 minute) over the rows s of the minute
      -- before it (such a minute's first row is one of them), the lead itself not counted.
      execute format('select coalesce(max(w.rows_in_minute), 1) - 1
                        from (select t.created_at,
                                     count(*) over (order by t.created_at
                                                    range between current row and interval ''59.999999 seconds'' following)
                                       as rows_in_minute
                                from public.%I t
                               where t.created_at > $1 - interval ''1 minute''
                                 and t.created_at < $1 + interval ''1 minute'') w
                       where w.created_at <= $1',
                     job.lead_table)
        into busiest_minute
        using arrived_at;
    end if;
    if arrived_at is not null and busiest_minute >= global_hold then
      execute format('update public.%I set hold_reason = ''over_global_rate'' where id = $1', job.lead_table)
        using job.lead_id;
      delete from private.lead_notifications n where n.id = job.id;
      perform private.queue_held_digest(arrived_at);
      held := held + 1;
    else
      update private.lead_notifications n set settle_until = null where n.id = job.id;
    end if;
  end loop;
  return held;
end;
$$;
revoke all on function private.hold_leads_a_flood_followed() from public;
grant execute on function private.hold_leads_a_flood_followed() to service_role;

-- The claim judges the waiting jobs first (same transaction, so a job is judged before anyone can send it).
create or replace function public.claim_lead_notifications(batch_size integer default 10, lease_seconds integer default 120)
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
         end
    from claimed c
$$;
