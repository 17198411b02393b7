-- The hosts in the booking messages, and who turned up (issue 34). Docs: docs/calendars.md ("Who turned up"),
-- docs/notifications.md.
--
-- 1. The booking messages' claim carries the call's host (name, e-mail), so the invitation and the e-mails name
--    who the visitor will meet.
-- 2. A calendar write given up (fail_calendar_write with no retry: status dead) tells the team once, through the
--    booking messages' outbox: a `calendar_failed` message for that write.
-- 3. The host gets the 1-hour reminder too (recipient `host`, when the host has an e-mail address), with a link to
--    record after the call whether the visitor attended, did not show, or moved the call. The link's secret is the
--    booking's own `outcome_token`, never the visitor's change/cancel secret. Operators record the same through
--    service_role functions; `npm run leads` reports the show rate by week and by where the lead came from.
-- 4. Hosts listed, paused, resumed and added by operators (`npm run leads -- hosts`) without the Table Editor.

-- ---------------------------------------------------------------------------------------------------------
-- The outbox's new kinds and recipient.

alter table private.booking_notifications
  add column calendar_write_id uuid references private.calendar_writes (id) on delete cascade;

alter table private.booking_notifications
  drop constraint booking_notifications_kind,
  drop constraint booking_notifications_recipient,
  drop constraint booking_notifications_reminders_to_visitor,
  drop constraint booking_notifications_once;

alter table private.booking_notifications
  add constraint booking_notifications_kind
    check (kind in ('booked', 'moved', 'cancelled', 'reminder_24h', 'reminder_1h', 'calendar_failed')),
  add constraint booking_notifications_recipient check (recipient in ('visitor', 'team', 'host')),
  -- The visitor gets both reminders, the host the 1-hour one; nothing else goes to the host.
  add constraint booking_notifications_reminder_recipients check (
    case recipient
      when 'host' then kind = 'reminder_1h'
      when 'team' then kind not like 'reminder%'
      else true
    end),
  -- A calendar_failed message is about one given-up write, and goes to the team.
  add constraint booking_notifications_calendar_failed check (
    (kind = 'calendar_failed') = (calendar_write_id is not null) and (kind <> 'calendar_failed' or recipient = 'team')),
  -- One message per change and recipient, and one per dead calendar write (a move to another host queues a delete
  -- and a put at the same SEQUENCE; both may give up).
  add constraint booking_notifications_once
    unique nulls not distinct (booking_id, kind, recipient, sequence, calendar_write_id);

-- ---------------------------------------------------------------------------------------------------------
-- The host's secret and the outcomes.

-- The secret of the host's "who turned up" link: given to every booked call, sent only in the host's reminder.
alter table private.bookings add column outcome_token text unique;

create function private.give_outcome_token()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status = 'booked' and new.outcome_token is null then
    new.outcome_token := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  end if;
  return new;
end;
$$;

create trigger give_outcome_token
  before insert or update on private.bookings
  for each row execute function private.give_outcome_token();

update private.bookings
   set outcome_token = replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')
 where status = 'booked' and outcome_token is null;

-- What happened at a booked call, recorded after its start by its host (the link) or an operator; recording
-- again replaces the answer (a mistaken tap), keeping who and when of the latest.
create table private.call_outcomes (
  booking_id uuid primary key references private.bookings (id) on delete cascade,
  outcome text not null,
  recorded_at timestamptz not null default now(),
  -- "host Ada Lovelace" (the link) or "operator (<name>)" (npm run leads).
  recorded_by text not null,
  constraint call_outcomes_outcome check (outcome in ('attended', 'no_show', 'moved')),
  constraint call_outcomes_recorded_by check (length(btrim(recorded_by)) between 1 and 200)
);

alter table private.call_outcomes enable row level security;
revoke all on table private.call_outcomes from public, anon, authenticated, service_role;
grant select on table private.call_outcomes to service_role;

create function private.save_call_outcome(booking_id uuid, outcome text, recorded_by text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  booking private.bookings;
  saved private.call_outcomes;
begin
  select * into booking from private.bookings b where b.id = save_call_outcome.booking_id;
  if booking.id is null then
    return jsonb_build_object('status', 'not_found');
  end if;
  if outcome is null or outcome not in ('attended', 'no_show', 'moved') then
    return jsonb_build_object('status', 'invalid_outcome');
  end if;
  if booking.status <> 'booked' then
    return jsonb_build_object('status', booking.status, 'booking_id', booking.id);
  end if;
  if booking.starts_at > now() then
    return jsonb_build_object('status', 'not_started', 'booking_id', booking.id, 'starts_at', booking.starts_at);
  end if;
  insert into private.call_outcomes as o (booking_id, outcome, recorded_by)
  values (booking.id, save_call_outcome.outcome, left(btrim(save_call_outcome.recorded_by), 200))
  on conflict on constraint call_outcomes_pkey do update
    set outcome = excluded.outcome, recorded_at = now(), recorded_by = excluded.recorded_by
  returning * into saved;
  return jsonb_build_object('status', 'recorded', 'booking_id', booking.id, 'outcome', saved.outcome,
                            'recorded_at', saved.recorded_at, 'recorded_by', saved.recorded_by);
end;
$$;

create function private.booking_by_outcome_token(token text)
returns private.bookings
language sql
stable
set search_path = ''
as $$
  select * from private.bookings b where token is not null and b.outcome_token = token
$$;

-- The call behind a host's link: what the host needs to say who turned up, nothing the link's holder may not see
-- (no e-mail address, no phone, no visitor link).
create function private.call_for_outcome(token text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when b.id is null then jsonb_build_object('status', 'not_found')
    when b.status <> 'booked' then jsonb_build_object('status', b.status)
    else private.team_settings_json() || jsonb_build_object(
      'status', case when b.starts_at > now() then 'not_started' else 'found' end,
      'starts_at', b.starts_at, 'ends_at', b.ends_at,
      'visitor_name', r.name, 'company', r.company, 'host_name', h.name,
      'outcome', o.outcome, 'recorded_at', o.recorded_at, 'recorded_by', o.recorded_by)
  end
  from (select 1) one
  left join private.booking_by_outcome_token(token) b on true
  left join public.consultation_requests r on r.id = b.request_id
  left join private.booking_hosts h on h.id = b.host_id
  left join private.call_outcomes o on o.booking_id = b.id
$$;

create function private.record_call_outcome(token text, outcome text)
returns jsonb
language sql
volatile
security definer
set search_path = ''
as $$
  select case when b.id is null then jsonb_build_object('status', 'not_found')
         else private.save_call_outcome(b.id, outcome, 'host ' || h.name)
         end
    from (select 1) one
    left join private.booking_by_outcome_token(token) b on true
    left join private.booking_hosts h on h.id = b.host_id
$$;

-- The host's page (/call-outcome#<secret>) calls these through the data API, as the visitor's page calls
-- managed_booking: security invoker wrappers in public over the private functions.
create function public.call_for_outcome(token text)
returns jsonb
language sql
stable
set search_path = ''
as $$ select private.call_for_outcome(token) $$;

create function public.record_call_outcome(token text, outcome text)
returns jsonb
language sql
volatile
set search_path = ''
as $$ select private.record_call_outcome(token, outcome) $$;

-- For operators (service_role): the outcome of a booking by id.
create function public.operator_record_call_outcome(booking_id uuid, outcome text, recorded_by text default 'operator')
returns jsonb
language sql
volatile
security invoker
set search_path = ''
as $$ select private.save_call_outcome(booking_id, outcome, recorded_by) $$;

-- The call an operator means when recording an outcome: a booking id, or the visitor's e-mail address and their
-- booked call whose start has passed ('ambiguous' with the candidates when they had several).
create function public.find_operator_call(reference text)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  with candidates as (
    select b.id, b.email, b.status, b.starts_at
      from private.bookings b
     where case
             when reference ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then b.id = reference::uuid
             else b.status = 'booked' and b.starts_at <= now()
                  and private.lead_address_key(b.email) = private.lead_address_key(reference)
           end
  )
  select case
    when (select count(*) from candidates) = 0 then jsonb_build_object('status', 'not_found')
    when (select count(*) from candidates) > 1 then jsonb_build_object(
      'status', 'ambiguous',
      'candidates', (select jsonb_agg(jsonb_build_object('booking_id', c.id, 'starts_at', c.starts_at) order by c.starts_at)
                       from candidates c))
    else (select jsonb_build_object('status', 'found', 'booking_id', c.id, 'booking_status', c.status,
                                    'email', c.email, 'starts_at', c.starts_at) from candidates c)
  end
$$;

-- Calls whose start has passed, by the team's week (Monday) and by where the lead came from: its utm_source,
-- else the referring site, else "direct". Cancelled calls are not calls.
create function public.call_show_rates(weeks integer default 12)
returns table (week_start date, source text, attended integer, no_show integer, moved integer, not_recorded integer)
language sql
stable
security invoker
set search_path = ''
as $$
  with calls as (
    select date_trunc('week', b.starts_at at time zone s.team_time_zone)::date as week_start,
           coalesce(nullif(btrim(r.attribution ->> 'utm_source'), ''),
                    substring(r.attribution ->> 'referrer' from '^[A-Za-z][A-Za-z0-9+.-]*://(?:www\.)?([^/:?#]+)'),
                    'direct') as source,
           o.outcome
      from private.bookings b
      cross join private.booking_settings s
      join public.consultation_requests r on r.id = b.request_id
      left join private.call_outcomes o on o.booking_id = b.id
     where b.status = 'booked' and b.starts_at <= now()
       and b.starts_at > now() - make_interval(weeks => greatest(weeks, 1))
  )
  select week_start, source,
         (count(*) filter (where outcome = 'attended'))::integer,
         (count(*) filter (where outcome = 'no_show'))::integer,
         (count(*) filter (where outcome = 'moved'))::integer,
         (count(*) filter (where outcome is null))::integer
    from calls
   group by week_start, source
   order by week_start, source
$$;

-- ---------------------------------------------------------------------------------------------------------
-- The host's 1-hour reminder, beside the visitor's: queued when the call is booked or moved (only while it is
-- still ahead), moved to another host with the call, removed with the other reminders.

create function private.enqueue_host_reminder(booking private.bookings)
returns void
language sql
volatile
set search_path = ''
as $$
  insert into private.booking_notifications
    (booking_id, kind, recipient, sequence, starts_at, ends_at, deliver_by, next_attempt_at)
  select booking.id, 'reminder_1h', 'host', booking.sequence, booking.starts_at, booking.ends_at, booking.starts_at,
         booking.starts_at - interval '1 hour'
    from private.booking_hosts h
   where h.id = booking.host_id and h.email is not null and booking.starts_at - interval '1 hour' > now()
  on conflict on constraint booking_notifications_once do nothing
$$;

create or replace function private.enqueue_booking_notifications()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  change text;
begin
  if new.status = 'booked' and (tg_op = 'INSERT' or old.status is distinct from 'booked') then
    change := 'booked';
  elsif tg_op = 'UPDATE' and old.status = 'booked' and new.status = 'booked' and new.starts_at <> old.starts_at then
    change := 'moved';
  elsif tg_op = 'UPDATE' and old.status = 'booked' and new.status = 'cancelled' then
    change := 'cancelled';
  elsif tg_op = 'UPDATE' and old.status = 'booked' and new.status = 'booked' and new.host_id <> old.host_id then
    -- Another host takes the call at the same time (an operator's change): the reminder goes to them instead.
    delete from private.booking_notifications n
     where n.booking_id = new.id and n.recipient = 'host' and n.status = 'pending';
    perform private.enqueue_host_reminder(new);
    return null;
  else
    return null;
  end if;

  delete from private.booking_notifications n
   where n.booking_id = new.id and n.kind in ('reminder_24h', 'reminder_1h') and n.status = 'pending';

  insert into private.booking_notifications
    (booking_id, kind, recipient, sequence, starts_at, ends_at, previous_starts_at, deliver_by)
  select new.id, change, r.recipient, new.sequence, new.starts_at, new.ends_at,
         case when change = 'moved' then old.starts_at end, now() + interval '24 hours'
    from (values ('visitor'), ('team')) r (recipient)
  on conflict on constraint booking_notifications_once do nothing;

  if change <> 'cancelled' then
    insert into private.booking_notifications
      (booking_id, kind, recipient, sequence, starts_at, ends_at, deliver_by, next_attempt_at)
    select new.id, r.kind, 'visitor', new.sequence, new.starts_at, new.ends_at, new.starts_at, new.starts_at - r.ahead
      from (values ('reminder_24h', interval '24 hours'), ('reminder_1h', interval '1 hour')) r (kind, ahead)
     where new.starts_at - r.ahead > now()
    on conflict on constraint booking_notifications_once do nothing;
    perform private.enqueue_host_reminder(new);
  end if;
  return null;
end;
$$;

-- ---------------------------------------------------------------------------------------------------------
-- A calendar write given up: the team is told once (the status changes to dead once; the constraint above
-- holds even if a write were revived and given up again).

create function private.announce_dead_calendar_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = 'dead' and old.status is distinct from 'dead' then
    insert into private.booking_notifications
      (booking_id, kind, recipient, sequence, starts_at, ends_at, deliver_by, calendar_write_id)
    select b.id, 'calendar_failed', 'team', new.sequence, b.starts_at, b.ends_at, now() + interval '24 hours', new.id
      from private.bookings b where b.id = new.booking_id
    on conflict on constraint booking_notifications_once do nothing;
  end if;
  return null;
end;
$$;

create trigger announce_dead_calendar_write
  after update of status on private.calendar_writes
  for each row execute function private.announce_dead_calendar_write();

-- ---------------------------------------------------------------------------------------------------------
-- The claim with the host: as 20261125110000_booking_notifications.sql, plus `host` (the call's host: id, name,
-- e-mail, zone; for a calendar_failed message, the host whose calendar the write was for) and `calendar_write`
-- (that write's action, attempts and error). The host's link secret is in `booking` only in jobs for the host.

drop function public.claim_booking_notifications(integer, integer);

create function public.claim_booking_notifications(batch_size integer default 10, lease_seconds integer default 120)
returns table (
  job_id uuid,
  claim_token uuid,
  kind text,
  recipient text,
  sequence integer,
  starts_at timestamptz,
  ends_at timestamptz,
  previous_starts_at timestamptz,
  attempts integer,
  queued_at timestamptz,
  booking jsonb,
  request jsonb,
  team jsonb,
  host jsonb,
  calendar_write jsonb
)
language sql
security invoker
set search_path = ''
as $$
  update private.booking_notifications n
     set status = 'expired', claim_token = null, lease_expires_at = null,
         last_error = 'the call started before the reminder could be sent'
   where n.status in ('pending', 'sending') and n.next_attempt_at <= now()
     and n.kind in ('reminder_24h', 'reminder_1h') and n.deliver_by <= now();

  with token as (
    select gen_random_uuid() as value
  ),
  due as (
    select n.id
      from private.booking_notifications n
     where n.status in ('pending', 'sending')
       and n.next_attempt_at <= now()
       and not exists (
             select 1 from private.booking_notifications earlier
              where earlier.booking_id = n.booking_id
                and earlier.recipient = n.recipient
                and earlier.queue_position < n.queue_position
                and earlier.kind in ('booked', 'moved', 'cancelled')
                and earlier.status in ('pending', 'sending'))
     order by n.next_attempt_at, n.queue_position
     limit greatest(1, least(batch_size, 100))
       for update skip locked
  ),
  claimed as (
    update private.booking_notifications n
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
  select c.id, c.claim_token, c.kind, c.recipient, c.sequence, c.starts_at, c.ends_at, c.previous_starts_at,
         c.attempts, c.created_at,
         (select jsonb_build_object(
                   'id', b.id, 'status', b.status, 'email', b.email, 'visitor_time_zone', b.visitor_time_zone,
                   'starts_at', b.starts_at, 'sequence', b.sequence,
                   'manage_token', case when c.recipient = 'visitor' then b.manage_token end,
                   'outcome_token', case when c.recipient = 'host' then b.outcome_token end)
            from private.bookings b where b.id = c.booking_id),
         (select to_jsonb(r) - 'client_hash'
            from private.bookings b join public.consultation_requests r on r.id = b.request_id
           where b.id = c.booking_id),
         (select jsonb_build_object('time_zone', s.team_time_zone, 'call_minutes', s.call_minutes)
            from private.booking_settings s),
         (select jsonb_build_object('id', h.id, 'name', h.name, 'email', h.email, 'time_zone', h.time_zone)
            from private.booking_hosts h
           where h.id = coalesce((select w.host_id from private.calendar_writes w where w.id = c.calendar_write_id),
                                 (select b.host_id from private.bookings b where b.id = c.booking_id))),
         (select jsonb_build_object('action', w.action, 'sequence', w.sequence, 'attempts', w.attempts,
                                    'last_error', w.last_error)
            from private.calendar_writes w where w.id = c.calendar_write_id)
    from claimed c
$$;

-- ---------------------------------------------------------------------------------------------------------
-- `npm run leads`: each booking with its host and outcome (as 20261125110000_booking_notifications.sql, plus
-- `host_name` and `outcome`), and the hosts.

drop function public.booking_overview(uuid[]);

create function public.booking_overview(request_ids uuid[] default null)
returns table (
  booking_id uuid,
  request_id uuid,
  email text,
  status text,
  starts_at timestamptz,
  ends_at timestamptz,
  visitor_time_zone text,
  team_time_zone text,
  sequence integer,
  created_at timestamptz,
  history jsonb,
  messages jsonb,
  host_name text,
  outcome jsonb
)
language sql
stable
security invoker
set search_path = ''
as $$
  select b.id, b.request_id, b.email, b.status, b.starts_at, b.ends_at, b.visitor_time_zone,
         (select s.team_time_zone from private.booking_settings s), b.sequence, b.created_at,
         coalesce((select jsonb_agg(jsonb_build_object('at', h.at, 'event', h.event, 'starts_at', h.starts_at)
                                    order by h.at, h.id)
                     from private.booking_history h where h.booking_id = b.id), '[]'::jsonb),
         coalesce((select jsonb_agg(jsonb_build_object(
                            'kind', n.kind, 'recipient', n.recipient, 'status', n.status, 'sequence', n.sequence,
                            'due_at', n.next_attempt_at, 'sent_at', n.sent_at, 'attempts', n.attempts,
                            'last_error', n.last_error)
                          order by n.queue_position)
                     from private.booking_notifications n where n.booking_id = b.id), '[]'::jsonb),
         (select h.name from private.booking_hosts h where h.id = b.host_id),
         (select jsonb_build_object('outcome', o.outcome, 'recorded_at', o.recorded_at, 'recorded_by', o.recorded_by)
            from private.call_outcomes o where o.booking_id = b.id)
    from private.bookings b
   where (request_ids is null or b.request_id = any (request_ids))
     and b.status in ('held', 'booked', 'cancelled')
   order by b.created_at desc
$$;

-- Every host with their calendar's state and their booked calls in the team's current week (Monday to Sunday).
create function public.host_overview()
returns table (
  host_id uuid,
  name text,
  email text,
  paused boolean,
  time_zone text,
  calendar_connected boolean,
  credential_key text,
  synced_at timestamptz,
  last_error text,
  last_error_at timestamptz,
  calls_this_week integer
)
language sql
stable
security invoker
set search_path = ''
as $$
  with week as (
    select date_trunc('week', now() at time zone s.team_time_zone)::date as first_day from private.booking_settings s
  )
  select h.id, h.name, h.email, h.paused, h.time_zone, h.calendar_url is not null, h.credential_key,
         c.synced_at, c.last_error, c.last_error_at,
         (select count(*)::integer from private.bookings b, week w
           where b.host_id = h.id and b.status = 'booked'
             and b.team_day >= w.first_day and b.team_day < w.first_day + 7)
    from private.booking_hosts h
    left join private.host_calendar_sync c on c.host_id = h.id
   order by h.position, h.id
$$;

-- A host by id or by name (compared without case or surrounding spaces): 'found' with the id, 'not_found', or
-- 'ambiguous' with the candidates.
create function private.find_host(reference text)
returns jsonb
language sql
stable
set search_path = ''
as $$
  with candidates as (
    select h.id, h.name from private.booking_hosts h
     where case
             when btrim(reference) ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
               then h.id = btrim(reference)::uuid
             else lower(btrim(h.name)) = lower(btrim(reference))
           end
  )
  select case
    when (select count(*) from candidates) = 1
      then (select jsonb_build_object('status', 'found', 'host_id', c.id, 'name', c.name) from candidates c)
    when (select count(*) from candidates) = 0 then jsonb_build_object('status', 'not_found')
    else jsonb_build_object('status', 'ambiguous',
                            'candidates', (select jsonb_agg(jsonb_build_object('host_id', c.id, 'name', c.name)
                                                            order by c.name, c.id) from candidates c))
  end
$$;

-- Pauses (leave: offered no new calls, their booked calls stay) or resumes a host.
create function public.set_host_paused(reference text, paused boolean)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  host jsonb := private.find_host(reference);
begin
  if host ->> 'status' <> 'found' then
    return host;
  end if;
  update private.booking_hosts h set paused = set_host_paused.paused where h.id = (host ->> 'host_id')::uuid;
  return host || jsonb_build_object('status', 'updated', 'paused', set_host_paused.paused);
end;
$$;

-- Adds a host after the others (their zone the team's unless given). The table's checks refuse a bad e-mail
-- address, calendar address or credential key with their own messages.
create function public.add_booking_host(
  name text,
  email text,
  calendar_url text default null,
  credential_key text default null,
  time_zone text default null
)
returns jsonb
language sql
volatile
security invoker
set search_path = ''
as $$
  insert into private.booking_hosts (name, email, calendar_url, credential_key, time_zone, position)
  select btrim(add_booking_host.name), nullif(btrim(add_booking_host.email), ''), add_booking_host.calendar_url,
         add_booking_host.credential_key, coalesce(add_booking_host.time_zone, s.team_time_zone),
         coalesce((select max(h.position) + 1 from private.booking_hosts h), 0)
    from private.booking_settings s
  returning jsonb_build_object('status', 'added', 'host_id', id, 'name', name)
$$;

-- ---------------------------------------------------------------------------------------------------------
-- Privileges: the link's functions to visitors (as managed_booking), everything else to service_role alone.

revoke all on function private.give_outcome_token(), private.save_call_outcome(uuid, text, text),
  private.booking_by_outcome_token(text), private.call_for_outcome(text), private.record_call_outcome(text, text),
  private.enqueue_host_reminder(private.bookings), private.announce_dead_calendar_write(), private.find_host(text)
  from public;
grant execute on function private.call_for_outcome(text), private.record_call_outcome(text, text)
  to anon, authenticated, service_role;
grant execute on function private.save_call_outcome(uuid, text, text), private.find_host(text) to service_role;
-- The hosts' own check (20261126100000_booking_hosts.sql) runs as the role that writes the row: service_role
-- (set_host_paused, add_booking_host) needs it too.
grant execute on function private.is_time_zone(text) to service_role;

revoke all on function public.call_for_outcome(text), public.record_call_outcome(text, text) from public;
grant execute on function public.call_for_outcome(text), public.record_call_outcome(text, text)
  to anon, authenticated, service_role;

revoke all on function public.claim_booking_notifications(integer, integer), public.booking_overview(uuid[]),
  public.operator_record_call_outcome(uuid, text, text), public.find_operator_call(text),
  public.call_show_rates(integer), public.host_overview(), public.set_host_paused(text, boolean),
  public.add_booking_host(text, text, text, text, text)
  from public, anon, authenticated;
grant execute on function public.claim_booking_notifications(integer, integer), public.booking_overview(uuid[]),
  public.operator_record_call_outcome(uuid, text, text), public.find_operator_call(text),
  public.call_show_rates(integer), public.host_overview(), public.set_host_paused(text, boolean),
  public.add_booking_host(text, text, text, text, text)
  to service_role;
