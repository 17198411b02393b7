-- The booking rules' clock (issue 42, "No test depends on the clock"). Which times are offered, held, confirmed,
-- moved or cancelled, and how a day's calls are counted, depend on "now": the notice, the horizon, today's last
-- hours, the weekday, the team's midnight, daylight saving. Tests that read the real clock offered different
-- times at 09:30 in Sydney than at 15:00, and two failed. Tests now choose the instant the rules run at.
--
-- What: private.booking_clock, one row holding `offset_by` (an interval, '0' unless a test sets it), and
-- private.clock_now() = now() + offset_by. A test sets offset_by to (the chosen instant - now()); from then on
-- the booking rules see the chosen instant, and time still flows from it at the real pace: a hold made at the
-- set clock runs out 10 minutes of real time later, as a visitor's would, and a flood's 60-minute window passes.
-- Why an offset and not a frozen instant: a frozen clock would make every later transaction see the same
-- instant, so a hold could never run out on its own, and the order of events (created_at) would be lost. Why a
-- table and not a session setting (set_config): the data API runs each request in a connection and transaction of
-- its own (PostgREST's, and the local API's on PGlite and on PostgreSQL), so only a row is seen by all of them.
--
-- Tests only. On a hosted project the row stays at '0' and private.clock_now() is now(): nothing changes. Nobody
-- but the database owner can change it (no grant to anon, authenticated or service_role; service_role, which
-- runs the booking-message queue and the operator tools through security invoker functions, may read it). Reset:
-- `update private.booking_clock set offset_by = interval '0'`. docs/booking.md, "The booking clock".
--
-- Which "now" is the clock: every comparison of now with a booking's times, i.e. its call's start and end, its
-- hold's expiry, its creation (the flood window) and the reminders due before its call. So bookings.created_at
-- defaults to the clock (booking_flood compares it with the clock), and the booking-message queue
-- (private.booking_notifications: reminders are due at a booking's start less 24 h or 1 h) reads and writes
-- every one of its times on the clock, so one queue never mixes two clocks. What stays on now(): the leads and
-- the submission guard (a request belongs to its visitor for 24 real hours: own_request), the audit records
-- (bookings.updated_at, booking_history.at, call_outcomes.recorded_at), and the hosts' calendar syncs and writes
-- (their leases, retries and staleness measure the machinery, not the calendar; only the window of times a sync
-- reads follows the clock, since it must cover the times offered).
--
-- How: every function below is restated from its current definition (read with pg_get_functiondef on a
-- database migrated up to 20261201100000), with now() replaced by private.clock_now() where it is the clock and
-- nothing else changed. In a condition evaluated for each row the clock is read once per statement as
-- `(select private.clock_now())`, and once per call in a variable in PL/pgSQL. With the offset at '0' every
-- function answers exactly as before.

create table private.booking_clock (
  id boolean primary key default true,
  offset_by interval not null default interval '0',
  constraint booking_clock_one_row check (id)
);
comment on table private.booking_clock is
  'Tests only: the booking rules run at now() + offset_by (private.clock_now()). Keep ''0'' on a hosted project. See 20261201110000_booking_clock.sql.';
insert into private.booking_clock default values;
alter table private.booking_clock enable row level security;
revoke all on table private.booking_clock from public, anon, authenticated, service_role;
grant select on table private.booking_clock to service_role;

-- The booking rules' now. Stable: one value for a statement, as now() is one for a transaction (unless a test
-- changes the offset in between).
create function private.clock_now()
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select pg_catalog.now() + coalesce((select c.offset_by from private.booking_clock c), interval '0')
$$;

revoke all on function private.clock_now() from public, anon, authenticated;
grant execute on function private.clock_now() to service_role;

-- ---------------------------------------------------------------------------------------------------------
-- The columns compared with the clock default to it.

alter table private.bookings alter column created_at set default private.clock_now();
alter table private.booking_notifications alter column created_at set default private.clock_now();
alter table private.booking_notifications alter column next_attempt_at set default private.clock_now();

-- ---------------------------------------------------------------------------------------------------------
-- The free times: the notice and the horizon from the clock.

create or replace function private.allowed_starts(window_start timestamptz, window_end timestamptz)
returns table (starts_at timestamptz, ends_at timestamptz, team_day date)
language sql
stable
set search_path = ''
as $$
  with settings as (select * from private.booking_settings),
  bounds as (
    select greatest(window_start, c.clock_now + s.minimum_notice) as first_start,
           least(window_end, c.clock_now + s.horizon) as last_start
      from settings s, (select private.clock_now() as clock_now) c
  ),
  days as (
    select day::date as day
      from settings s, bounds b,
           generate_series((b.first_start at time zone s.team_time_zone)::date,
                           (b.last_start at time zone s.team_time_zone)::date, interval '1 day') day
     where b.first_start < b.last_start
  ),
  ranges as (
    select d.day, o.starts, o.ends
      from days d join private.booking_date_overrides o on o.day = d.day
     where o.starts is not null
    union all
    select d.day, w.starts, w.ends
      from days d join private.booking_weekly_hours w on w.weekday = extract(isodow from d.day)
     where not exists (select 1 from private.booking_date_overrides o where o.day = d.day)
  ),
  local_starts as (
    select distinct r.day, local_start
      from ranges r, settings s,
           generate_series(r.day + r.starts,
                           r.day + r.ends - make_interval(mins => s.call_minutes),
                           make_interval(mins => s.slot_step_minutes)) local_start
  )
  select (l.local_start at time zone s.team_time_zone) as starts_at,
         (l.local_start at time zone s.team_time_zone) + make_interval(mins => s.call_minutes) as ends_at,
         l.day as team_day
    from local_starts l, settings s, bounds b
   where ((l.local_start at time zone s.team_time_zone) at time zone s.team_time_zone) = l.local_start
     and (l.local_start at time zone s.team_time_zone) >= b.first_start
     and (l.local_start at time zone s.team_time_zone) < b.last_start
   order by 1
$$;

create or replace function private.start_refusal(wanted timestamptz)
returns text
language sql
stable
set search_path = ''
as $$
  select case
    when wanted < c.clock_now + s.minimum_notice then 'too_soon'
    when wanted >= c.clock_now + s.horizon then 'too_far'
    when not exists (select 1 from private.allowed_starts(wanted, wanted + interval '1 second') a where a.starts_at = wanted)
      then 'outside_hours'
    else null
  end
  from private.booking_settings s, (select private.clock_now() as clock_now) c
$$;

create or replace function private.alternatives(after timestamptz, how_many integer default 6, ignoring uuid default null)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  clock_time constant timestamptz := private.clock_now();
  first_start constant timestamptz := greatest(after, clock_time);
  last_start constant timestamptz := clock_time + (select horizon from private.booking_settings);
  span interval := interval '2 days';
  found jsonb;
begin
  loop
    select coalesce(jsonb_agg(jsonb_build_object('starts_at', f.starts_at, 'ends_at', f.ends_at) order by f.starts_at), '[]'::jsonb)
      into found
      from (select * from private.free_starts(first_start, first_start + span, ignoring) limit how_many) f;
    if jsonb_array_length(found) >= how_many or first_start + span >= last_start then
      return found;
    end if;
    span := span * 4;
  end loop;
end;
$$;

create or replace function private.booking_slots(from_time timestamptz default null, until_time timestamptz default null)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select private.team_settings_json() || jsonb_build_object(
    'status', 'ok',
    'slots', coalesce((
      select jsonb_agg(jsonb_build_object('starts_at', f.starts_at, 'ends_at', f.ends_at) order by f.starts_at)
        from (select * from private.free_starts(coalesce(from_time, private.clock_now()), coalesce(until_time, 'infinity')) limit 200) f
    ), '[]'::jsonb))
$$;

-- ---------------------------------------------------------------------------------------------------------
-- What takes time in the calendar (live holds and booked calls), the flood's window and share.

create or replace function private.live_bookings()
returns setof private.bookings
language sql
stable
set search_path = ''
as $$
  select * from private.bookings
   where status = 'booked' or (status = 'held' and hold_expires_at > (select private.clock_now()))
$$;

create or replace function private.flood_calls(day date, ignoring uuid default null)
returns bigint
language sql
stable
set search_path = ''
as $$
  select count(*) from private.bookings b
   where b.team_day = day and b.in_flood and b.id is distinct from ignoring
     and (b.status = 'booked' or (b.status = 'held' and b.hold_expires_at > (select private.clock_now())))
$$;

create or replace function private.booking_flood(request uuid default null)
returns boolean
language sql
stable
set search_path = ''
as $$
  select (select count(distinct b.request_id) from private.bookings b
           where b.created_at > (select private.clock_now()) - make_interval(mins => s.flood_window_minutes)
             and b.request_id is distinct from request) >= s.flood_after_requests
    from private.booking_settings s
$$;

create or replace function private.limit_booking_senders()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  visitor_request constant boolean := coalesce(current_setting('role', true), '') in ('anon', 'authenticated');
  clock_time constant timestamptz := private.clock_now();
  client_address text;
  settings private.booking_settings;
  refusal jsonb;
begin
  -- Only a row that starts taking time: a new hold, or a given-back (or run-out) hold confirmed after all.
  if new.status not in ('held', 'booked')
     or (tg_op = 'UPDATE' and (old.status = 'booked' or (old.status = 'held' and old.hold_expires_at > clock_time))) then
    return new;
  end if;
  if tg_op = 'INSERT' then
    client_address := private.request_client_address();
    new.client_hash := private.sha256_hex(client_address);
    new.network_hash := private.sha256_hex(private.client_network(client_address));
    new.in_flood := false;
  end if;
  if not visitor_request then
    return new;
  end if;
  select * into settings from private.booking_settings;

  if new.network_hash is not null then
    perform pg_advisory_xact_lock(hashtextextended('booking:network:' || new.network_hash, 0));
  end if;
  if new.client_hash is not null then
    perform pg_advisory_xact_lock(hashtextextended('booking:client:' || new.client_hash, 0));
  end if;
  if (tg_op = 'INSERT'
      and (select count(*) from private.bookings b where b.request_id = new.request_id) >= settings.holds_per_request)
     or (new.network_hash is not null
         and (select count(*) from private.bookings b
               where b.network_hash = new.network_hash and b.status in ('held', 'booked') and b.id <> new.id
                 and ((b.status = 'booked' and b.ends_at > clock_time) or b.hold_expires_at > clock_time))
             >= settings.network_open_bookings)
     or (new.client_hash is not null and new.status = 'held'
         and (select count(*) from private.bookings b
               where b.client_hash = new.client_hash and b.status = 'held' and b.hold_expires_at > clock_time
                 and b.id <> new.id)
             >= settings.client_live_holds) then
    refusal := jsonb_build_object('status', 'sender_limit');
  elsif private.booking_flood(new.request_id) then
    if private.flood_calls(new.team_day, new.id) >= private.flood_share_calls() then
      refusal := jsonb_build_object(
        'status', case tg_op when 'INSERT' then 'day_full' else 'taken' end,
        'alternatives', private.alternatives(new.starts_at, 6, new.id));
    else
      new.in_flood := true;
      if new.status = 'held' then
        new.hold_expires_at := least(new.hold_expires_at, clock_time + make_interval(mins => settings.flood_hold_minutes));
      end if;
    end if;
  end if;
  if refusal is not null then
    raise exception 'booking refused: %', refusal ->> 'status' using errcode = 'BK001', detail = refusal::text;
  end if;
  return new;
end;
$$;

-- ---------------------------------------------------------------------------------------------------------
-- The visitor functions: an open booking, a hold's expiry, a call in the past, all on the clock.

create or replace function private.hold_booking_slot(email text, starts_at timestamptz, visitor_time_zone text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  clock_time constant timestamptz := private.clock_now();
  request uuid;
  refusal text;
  settings private.booking_settings;
  slot record;
  host uuid;
  held private.bookings;
begin
  if visitor_time_zone is null or not private.is_time_zone(visitor_time_zone) then
    return jsonb_build_object('status', 'invalid_time_zone');
  end if;
  request := private.own_request(email);
  if request is null then
    return jsonb_build_object('status', 'no_request');
  end if;
  -- One visitor at a time per address (their holds and bookings), then one decision at a time per day.
  perform pg_advisory_xact_lock(hashtextextended('booking:address:' || private.lead_address_key(email), 0));
  if exists (select 1 from private.bookings b
              where private.lead_address_key(b.email) = private.lead_address_key(hold_booking_slot.email)
                and b.status = 'booked' and b.ends_at > clock_time) then
    return jsonb_build_object('status', 'already_booked');
  end if;

  refusal := private.start_refusal(starts_at);
  if refusal is not null then
    return jsonb_build_object('status', refusal, 'alternatives', private.alternatives(starts_at));
  end if;
  select * into settings from private.booking_settings;
  select * into slot from private.allowed_starts(starts_at, starts_at + interval '1 second') a where a.starts_at = hold_booking_slot.starts_at;
  perform pg_advisory_xact_lock(hashtextextended('booking:day:' || slot.team_day::text, 0));

  -- Give back this visitor's earlier holds and every expired hold in the way.
  update private.bookings b set status = 'expired', hold_expires_at = null, updated_at = now()
   where b.status = 'held'
     and (b.request_id = request or (b.hold_expires_at <= clock_time and b.blocked && private.blocked_range(hold_booking_slot.starts_at)));

  if (select count(*) from private.live_bookings() b where b.team_day = slot.team_day) >= settings.max_calls_per_day then
    return jsonb_build_object('status', 'day_full', 'alternatives', private.alternatives(starts_at));
  end if;

  select f.host_id into host from private.free_hosts(slot.starts_at) f limit 1;
  if host is null then
    return jsonb_build_object('status', 'taken', 'alternatives', private.alternatives(starts_at));
  end if;
  begin
    insert into private.bookings (request_id, email, status, starts_at, ends_at, blocked, team_day,
                                  visitor_time_zone, hold_expires_at, host_id)
    values (request, hold_booking_slot.email, 'held', slot.starts_at, slot.ends_at,
            private.blocked_range(slot.starts_at), slot.team_day, hold_booking_slot.visitor_time_zone,
            clock_time + make_interval(mins => settings.hold_minutes), host)
    returning * into held;
  exception when exclusion_violation then
    return jsonb_build_object('status', 'taken', 'alternatives', private.alternatives(starts_at));
  end;
  -- Read the host's calendar once more before the visitor confirms.
  perform private.request_calendar_sync(host);
  return private.team_settings_json() || jsonb_build_object(
    'status', 'held', 'hold_id', held.id, 'starts_at', held.starts_at, 'ends_at', held.ends_at,
    'hold_expires_at', held.hold_expires_at);
end;
$$;

create or replace function private.confirm_booking(hold_id uuid, email text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  hold private.bookings;
  host uuid;
  token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
begin
  select * into hold from private.bookings b
   where b.id = hold_id and private.lead_address_key(b.email) = private.lead_address_key(confirm_booking.email);
  if hold.id is null or hold.request_id is distinct from private.own_request(email) then
    return jsonb_build_object('status', 'not_found');
  end if;
  perform pg_advisory_xact_lock(hashtextextended('booking:address:' || private.lead_address_key(email), 0));
  perform pg_advisory_xact_lock(hashtextextended('booking:day:' || hold.team_day::text, 0));
  select * into hold from private.bookings b where b.id = hold_id;
  if hold.status = 'booked' then
    -- Confirmed already: a retry after a lost answer gets the same booking and link.
    return private.booking_answer(hold, true);
  end if;
  if hold.status <> 'held' or hold.hold_expires_at <= private.clock_now() then
    -- Given back: the time is the visitor's again only if nobody took it meanwhile and the rules still allow it.
    if private.start_refusal(hold.starts_at) is not null
       or not exists (select 1 from private.free_starts(hold.starts_at, hold.starts_at + interval '1 second', hold.id)
                       where starts_at = hold.starts_at) then
      update private.bookings b set status = 'expired', hold_expires_at = null, updated_at = now()
       where b.id = hold.id and b.status = 'held';
      return jsonb_build_object('status', 'taken', 'alternatives', private.alternatives(hold.starts_at, 6, hold.id));
    end if;
  end if;
  -- The host's calendar may have filled this time since the hold (the sync it asked for): another free host
  -- takes the call, or the visitor is told it is gone.
  host := private.host_for(hold.host_id, hold.starts_at, hold.id);
  if host is null then
    update private.bookings b set status = 'expired', hold_expires_at = null, updated_at = now()
     where b.id = hold.id and b.status = 'held';
    return jsonb_build_object('status', 'taken', 'alternatives', private.alternatives(hold.starts_at, 6, hold.id));
  end if;
  begin
    update private.bookings b
       set status = 'booked', hold_expires_at = null, manage_token = token, host_id = host,
           updated_at = now()
     where b.id = hold.id
     returning * into hold;
  exception when exclusion_violation then
    return jsonb_build_object('status', 'taken', 'alternatives', private.alternatives(hold.starts_at, 6, hold.id));
  end;
  return private.booking_answer(hold, true);
end;
$$;

create or replace function private.move_booking(token text, starts_at timestamptz)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  clock_time constant timestamptz := private.clock_now();
  booking private.bookings := private.booking_by_token(token);
  refusal text;
  slot record;
  settings private.booking_settings;
  host uuid;
begin
  if booking.id is null then
    return jsonb_build_object('status', 'not_found');
  end if;
  if booking.status <> 'booked' then
    return jsonb_build_object('status', booking.status);
  end if;
  if booking.ends_at <= clock_time then
    return jsonb_build_object('status', 'past');
  end if;
  refusal := private.start_refusal(starts_at);
  if refusal is not null then
    return jsonb_build_object('status', refusal, 'alternatives', private.alternatives(starts_at, 6, booking.id));
  end if;
  select * into settings from private.booking_settings;
  select * into slot from private.allowed_starts(starts_at, starts_at + interval '1 second') a where a.starts_at = move_booking.starts_at;
  perform pg_advisory_xact_lock(hashtextextended('booking:day:' || slot.team_day::text, 0));
  update private.bookings b set status = 'expired', hold_expires_at = null, updated_at = now()
   where b.status = 'held' and b.hold_expires_at <= clock_time and b.blocked && private.blocked_range(move_booking.starts_at);
  if slot.team_day <> booking.team_day
     and (select count(*) from private.live_bookings() b where b.team_day = slot.team_day) >= settings.max_calls_per_day then
    return jsonb_build_object('status', 'day_full', 'alternatives', private.alternatives(starts_at, 6, booking.id));
  end if;
  host := private.host_for(booking.host_id, slot.starts_at, booking.id);
  if host is null then
    return jsonb_build_object('status', 'taken', 'alternatives', private.alternatives(starts_at, 6, booking.id));
  end if;
  begin
    update private.bookings b
       set starts_at = slot.starts_at, ends_at = slot.ends_at, blocked = private.blocked_range(slot.starts_at),
           team_day = slot.team_day, host_id = host, sequence = b.sequence + 1, updated_at = now()
     where b.id = booking.id
     returning * into booking;
  exception when exclusion_violation then
    return jsonb_build_object('status', 'taken', 'alternatives', private.alternatives(starts_at, 6, booking.id));
  end;
  return private.booking_answer(booking);
end;
$$;

create or replace function private.cancel_booking(token text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  booking private.bookings := private.booking_by_token(token);
begin
  if booking.id is null then
    return jsonb_build_object('status', 'not_found');
  end if;
  if booking.status = 'cancelled' then
    return jsonb_build_object('status', 'cancelled', 'booking_id', booking.id);
  end if;
  if booking.ends_at <= private.clock_now() then
    return jsonb_build_object('status', 'past');
  end if;
  update private.bookings b set status = 'cancelled', sequence = b.sequence + 1, updated_at = now()
   where b.id = booking.id;
  return jsonb_build_object('status', 'cancelled', 'booking_id', booking.id);
end;
$$;

-- ---------------------------------------------------------------------------------------------------------
-- The booking-message queue on the clock: which reminders are still ahead of a call, when each message is due,
-- its lease, its retries and its deadline.

create or replace function private.enqueue_booking_notifications()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  clock_time constant timestamptz := private.clock_now();
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
         case when change = 'moved' then old.starts_at end, clock_time + interval '24 hours'
    from (values ('visitor'), ('team')) r (recipient)
  on conflict on constraint booking_notifications_once do nothing;

  if change <> 'cancelled' then
    insert into private.booking_notifications
      (booking_id, kind, recipient, sequence, starts_at, ends_at, deliver_by, next_attempt_at)
    select new.id, r.kind, 'visitor', new.sequence, new.starts_at, new.ends_at, new.starts_at, new.starts_at - r.ahead
      from (values ('reminder_24h', interval '24 hours'), ('reminder_1h', interval '1 hour')) r (kind, ahead)
     where new.starts_at - r.ahead > clock_time
    on conflict on constraint booking_notifications_once do nothing;
    perform private.enqueue_host_reminder(new);
  end if;
  return null;
end;
$$;

create or replace function private.enqueue_host_reminder(booking private.bookings)
returns void
language sql
set search_path = ''
as $$
  insert into private.booking_notifications
    (booking_id, kind, recipient, sequence, starts_at, ends_at, deliver_by, next_attempt_at)
  select booking.id, 'reminder_1h', 'host', booking.sequence, booking.starts_at, booking.ends_at, booking.starts_at,
         booking.starts_at - interval '1 hour'
    from private.booking_hosts h
   where h.id = booking.host_id and h.email is not null and booking.starts_at - interval '1 hour' > private.clock_now()
  on conflict on constraint booking_notifications_once do nothing
$$;

create or replace function private.announce_dead_calendar_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = 'dead' and old.status is distinct from 'dead' then
    insert into private.booking_notifications
      (booking_id, kind, recipient, sequence, starts_at, ends_at, deliver_by, calendar_write_id)
    select b.id, 'calendar_failed', 'team', new.sequence, b.starts_at, b.ends_at,
           private.clock_now() + interval '24 hours', new.id
      from private.bookings b where b.id = new.booking_id
    on conflict on constraint booking_notifications_once do nothing;
  end if;
  return null;
end;
$$;

create or replace function public.claim_booking_notifications(batch_size integer default 10, lease_seconds integer default 120)
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
   where n.status in ('pending', 'sending') and n.next_attempt_at <= (select private.clock_now())
     and n.kind in ('reminder_24h', 'reminder_1h') and n.deliver_by <= (select private.clock_now());

  with token as (
    select gen_random_uuid() as value
  ),
  clock as (
    select private.clock_now() as clock_now
  ),
  due as (
    select n.id
      from private.booking_notifications n
     where n.status in ('pending', 'sending')
       and n.next_attempt_at <= (select private.clock_now())
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
           last_attempt_at = clock.clock_now,
           lease_expires_at = clock.clock_now + make_interval(secs => greatest(lease_seconds, 10)),
           next_attempt_at = clock.clock_now + make_interval(secs => greatest(lease_seconds, 10))
      from due, token, clock
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

create or replace function public.complete_booking_notification(job_id uuid, claim_token uuid, provider_message_id text default null)
returns boolean
language sql
security invoker
set search_path = ''
as $$
  with done as (
    update private.booking_notifications n
       set status = 'sent',
           sent_at = (select private.clock_now()),
           provider_message_id = complete_booking_notification.provider_message_id,
           claim_token = null,
           lease_expires_at = null
     where n.id = complete_booking_notification.job_id
       and n.claim_token = complete_booking_notification.claim_token
       and n.status = 'sending'
    returning 1
  )
  select count(*) = 1 from done
$$;

create or replace function public.fail_booking_notification(job_id uuid, claim_token uuid, error text, retry_in_seconds integer default null)
returns boolean
language sql
security invoker
set search_path = ''
as $$
  with failed as (
    update private.booking_notifications n
       set status = case
             when retry_in_seconds is null
                  or (select private.clock_now()) + make_interval(secs => least(greatest(coalesce(retry_in_seconds, 0), 1), 3600)) >= n.deliver_by
               then 'dead'
             else 'pending'
           end,
           next_attempt_at = (select private.clock_now()) + make_interval(secs => least(greatest(coalesce(retry_in_seconds, 0), 1), 3600)),
           last_error = left(coalesce(fail_booking_notification.error, 'unknown error'), 2000),
           claim_token = null,
           lease_expires_at = null
     where n.id = fail_booking_notification.job_id
       and n.claim_token = fail_booking_notification.claim_token
       and n.status = 'sending'
    returning 1
  )
  select count(*) = 1 from failed
$$;

-- ---------------------------------------------------------------------------------------------------------
-- The hosts' calendars: a sync reads the busy times of the window offered (from the clock); when it is due stays
-- on now().

create or replace function public.calendar_hosts_to_sync(stale_after_seconds integer default 50)
returns table (host_id uuid, calendar_url text, credential_key text, time_zone text, window_start timestamptz, window_end timestamptz)
language sql
stable
security invoker
set search_path = ''
as $$
  select h.id, h.calendar_url, h.credential_key, h.time_zone, clock.clock_now, clock.clock_now + s.horizon + interval '1 day'
    from private.booking_hosts h
    cross join private.booking_settings s
    cross join (select private.clock_now() as clock_now) clock
    left join private.host_calendar_sync c on c.host_id = h.id
   where not h.paused
     and h.calendar_url is not null
     and (c.synced_at is null
          or c.synced_at < now() - make_interval(secs => greatest(stale_after_seconds, 0))
          or c.requested_at >= c.synced_at)
   order by c.requested_at desc nulls last, c.synced_at nulls first, h.position, h.id
$$;

-- ---------------------------------------------------------------------------------------------------------
-- The operator's tools: an upcoming call, a call that has started, this week, the last weeks, on the clock.

create or replace function public.find_operator_booking(reference text)
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
             else b.status = 'booked' and b.ends_at > (select private.clock_now())
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

create or replace function public.find_operator_call(reference text)
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
             else b.status = 'booked' and b.starts_at <= (select private.clock_now())
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

create or replace function private.call_for_outcome(token text)
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
      'status', case when b.starts_at > private.clock_now() then 'not_started' else 'found' end,
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

create or replace function private.save_call_outcome(booking_id uuid, outcome text, recorded_by text)
returns jsonb
language plpgsql
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
  if booking.starts_at > private.clock_now() then
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

create or replace function public.call_show_rates(weeks integer default 12)
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
     where b.status = 'booked' and b.starts_at <= (select private.clock_now())
       and b.starts_at > (select private.clock_now()) - make_interval(weeks => greatest(weeks, 1))
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

create or replace function public.host_overview()
returns table (host_id uuid, name text, email text, paused boolean, time_zone text, calendar_connected boolean,
               credential_key text, synced_at timestamptz, last_error text, last_error_at timestamptz,
               calls_this_week integer)
language sql
stable
security invoker
set search_path = ''
as $$
  with week as (
    select date_trunc('week', private.clock_now() at time zone s.team_time_zone)::date as first_day
      from private.booking_settings s
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
