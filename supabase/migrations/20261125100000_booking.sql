-- Booking a real time (issue 33): the team's availability, the bookings, and the functions visitors call through
-- the data API. The database is the judge: whatever a browser shows, a booking outside the hours, inside the
-- notice, beyond the horizon, over the daily limit or overlapping another call with its buffers is refused here,
-- and each refusal is a clear result, not an error page. Every time is a timestamptz; local times are computed
-- from IANA zone names (`timestamp at time zone 'Australia/Sydney'`), never from fixed offsets.
-- How it works and how the team edits the availability: docs/booking.md.

-- ---------------------------------------------------------------------------------------------------------
-- Availability: one settings row, the weekly hours, and dated changes. Kept in `private` (never exposed by the
-- data API); the team edits them in the Supabase dashboard's Table Editor (schema `private`) or with
-- `npm run leads -- availability`. No cache anywhere: a change applies to the next request.

create function private.is_time_zone(zone text)
returns boolean
language sql
stable
set search_path = ''
as $$ select exists (select 1 from pg_catalog.pg_timezone_names where name = zone) $$;

create table private.booking_settings (
  id boolean primary key default true,
  -- The zone the weekly hours and dated changes are written in.
  team_time_zone text not null default 'Australia/Sydney',
  call_minutes integer not null default 30,
  -- Each call keeps its own buffers free: two calls are at least (after of the first + before of the second) apart.
  buffer_before_minutes integer not null default 0,
  buffer_after_minutes integer not null default 15,
  minimum_notice interval not null default interval '4 hours',
  horizon interval not null default interval '21 days',
  max_calls_per_day integer not null default 6,
  -- Offered start times are this far apart, from the start of each range of hours.
  slot_step_minutes integer not null default 30,
  -- A picked time is held this long for the visitor to confirm it.
  hold_minutes integer not null default 10,
  constraint booking_settings_one_row check (id),
  constraint booking_settings_call_minutes check (call_minutes between 5 and 240),
  constraint booking_settings_buffers check (buffer_before_minutes between 0 and 240 and buffer_after_minutes between 0 and 240),
  constraint booking_settings_notice check (minimum_notice >= interval '0' and minimum_notice <= interval '14 days'),
  constraint booking_settings_horizon check (horizon > minimum_notice and horizon <= interval '366 days'),
  constraint booking_settings_max_calls check (max_calls_per_day between 0 and 100),
  constraint booking_settings_step check (slot_step_minutes between 5 and 240),
  constraint booking_settings_hold check (hold_minutes between 1 and 60)
);

create table private.booking_weekly_hours (
  id bigint generated always as identity primary key,
  -- ISO day of the week: 1 Monday … 7 Sunday.
  weekday smallint not null,
  starts time not null,
  ends time not null,
  constraint booking_weekly_hours_weekday check (weekday between 1 and 7),
  constraint booking_weekly_hours_order check (starts < ends)
);

-- A dated change replaces that day's weekly hours: rows with times are the day's only hours, a row without
-- times makes it a day off (public holidays, leave).
create table private.booking_date_overrides (
  id bigint generated always as identity primary key,
  day date not null,
  starts time,
  ends time,
  note text not null default '',
  constraint booking_date_overrides_times check ((starts is null) = (ends is null) and (starts is null or starts < ends))
);
create index booking_date_overrides_day_idx on private.booking_date_overrides (day);

create function private.check_booking_settings()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not private.is_time_zone(new.team_time_zone) then
    raise exception 'team_time_zone must be an IANA time zone name such as Australia/Sydney, not "%"', new.team_time_zone
      using errcode = '22023';
  end if;
  return new;
end;
$$;

create trigger check_booking_settings
  before insert or update on private.booking_settings
  for each row execute function private.check_booking_settings();

insert into private.booking_settings default values;
-- Monday to Friday, 9:00 to 17:00 in the team's zone.
insert into private.booking_weekly_hours (weekday, starts, ends)
select weekday, time '09:00', time '17:00' from generate_series(1, 5) weekday;

-- ---------------------------------------------------------------------------------------------------------
-- Bookings. A row is a held time (a visitor picked it and has minutes to confirm), a booked call, or a time
-- given back (expired hold, cancelled call). Held and booked rows may not overlap, buffers included: the
-- exclusion constraint is the guarantee, whatever the functions above it check first.

create table private.bookings (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  request_id uuid not null references public.consultation_requests (id) on delete cascade,
  email text not null,
  status text not null,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  -- The call with the buffers the settings had when it was booked or moved.
  blocked tstzrange not null,
  -- The team's calendar day of the call, for the daily limit.
  team_day date not null,
  -- The zone the visitor saw the times in, for their e-mails.
  visitor_time_zone text not null,
  hold_expires_at timestamptz,
  -- The secret of the visitor's change/cancel link. Kept (only service_role reads this table) because every
  -- e-mail about the call, reminders included, carries the link.
  manage_token text unique,
  -- The invitation's SEQUENCE: raised by every change, so calendars replace the event instead of adding one.
  sequence integer not null default 0,
  constraint bookings_status check (status in ('held', 'booked', 'expired', 'cancelled')),
  constraint bookings_order check (starts_at < ends_at),
  constraint bookings_hold check ((status = 'held') = (hold_expires_at is not null)),
  constraint bookings_booked_token check (status <> 'booked' or manage_token is not null),
  constraint bookings_no_overlap exclude using gist (blocked with &&) where (status in ('held', 'booked'))
);
create unique index bookings_one_open_per_request on private.bookings (request_id) where status in ('held', 'booked');
create index bookings_address_idx on private.bookings (private.lead_address_key(email), status);
create index bookings_team_day_idx on private.bookings (team_day) where status in ('held', 'booked');

-- What happened to each booking, for `npm run leads` and the team: one row per change of state or time.
create table private.booking_history (
  id bigint generated always as identity primary key,
  booking_id uuid not null references private.bookings (id) on delete cascade,
  at timestamptz not null default now(),
  event text not null,
  starts_at timestamptz not null,
  constraint booking_history_event check (event in ('held', 'booked', 'moved', 'cancelled', 'expired'))
);
create index booking_history_booking_idx on private.booking_history (booking_id, at);

create function private.record_booking_history()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    insert into private.booking_history (booking_id, event, starts_at) values (new.id, new.status, new.starts_at);
  elsif new.status <> old.status then
    insert into private.booking_history (booking_id, event, starts_at) values (new.id, new.status, new.starts_at);
  elsif new.starts_at <> old.starts_at then
    insert into private.booking_history (booking_id, event, starts_at) values (new.id, 'moved', new.starts_at);
  end if;
  return null;
end;
$$;

create trigger record_booking_history
  after insert or update on private.bookings
  for each row execute function private.record_booking_history();

alter table private.booking_settings enable row level security;
alter table private.booking_weekly_hours enable row level security;
alter table private.booking_date_overrides enable row level security;
alter table private.bookings enable row level security;
alter table private.booking_history enable row level security;
revoke all on table private.booking_settings, private.booking_weekly_hours, private.booking_date_overrides,
  private.bookings, private.booking_history from public, anon, authenticated, service_role;
grant select, update on table private.booking_settings to service_role;
grant select, insert, update, delete on table private.booking_weekly_hours, private.booking_date_overrides to service_role;
grant select on table private.bookings, private.booking_history to service_role;

-- ---------------------------------------------------------------------------------------------------------
-- Slots.

-- Every start time the rules allow in [window_start, window_end), before looking at other bookings: the
-- weekly hours (or that day's changes) in the team's zone, one call long, step apart, at least the notice
-- ahead and within the horizon. A local time that does not exist (the hour a clock skips forward) is left out.
create function private.allowed_starts(window_start timestamptz, window_end timestamptz)
returns table (starts_at timestamptz, ends_at timestamptz, team_day date)
language sql
stable
set search_path = ''
as $$
  with settings as (select * from private.booking_settings),
  bounds as (
    select greatest(window_start, now() + s.minimum_notice) as first_start,
           least(window_end, now() + s.horizon) as last_start
      from settings s
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

-- The range a call at `starts_at` keeps free, with today's buffers.
create function private.blocked_range(starts_at timestamptz)
returns tstzrange
language sql
stable
set search_path = ''
as $$
  select tstzrange(starts_at - make_interval(mins => s.buffer_before_minutes),
                   starts_at + make_interval(mins => s.call_minutes + s.buffer_after_minutes))
    from private.booking_settings s
$$;

-- Held and booked rows that still take time: a hold past its expiry takes none.
create function private.live_bookings()
returns setof private.bookings
language sql
stable
set search_path = ''
as $$
  select * from private.bookings
   where status = 'booked' or (status = 'held' and hold_expires_at > now())
$$;

-- The free start times in [window_start, window_end): allowed, not overlapping a live booking with the buffers,
-- on a day under its limit. `ignoring` leaves one booking out (the one being moved).
create function private.free_starts(window_start timestamptz, window_end timestamptz, ignoring uuid default null)
returns table (starts_at timestamptz, ends_at timestamptz, team_day date)
language sql
stable
set search_path = ''
as $$
  select a.starts_at, a.ends_at, a.team_day
    from private.allowed_starts(window_start, window_end) a
   where not exists (
           select 1 from private.live_bookings() b
            where b.id is distinct from ignoring and b.blocked && private.blocked_range(a.starts_at))
     and (select count(*) from private.live_bookings() b
           where b.team_day = a.team_day and b.id is distinct from ignoring)
         < (select max_calls_per_day from private.booking_settings)
   order by a.starts_at
$$;

-- Why a start time cannot be booked by the rules alone, or null when it can.
create function private.start_refusal(wanted timestamptz)
returns text
language sql
stable
set search_path = ''
as $$
  select case
    when wanted < now() + s.minimum_notice then 'too_soon'
    when wanted >= now() + s.horizon then 'too_far'
    when not exists (select 1 from private.allowed_starts(wanted, wanted + interval '1 second') a where a.starts_at = wanted)
      then 'outside_hours'
    else null
  end
  from private.booking_settings s
$$;

-- The next free times from `after`, as the JSON the visitor functions return. Searched in growing windows (2, 8,
-- 32 … days) so a refusal costs a few days' slots, not the whole horizon's.
create function private.alternatives(after timestamptz, how_many integer default 6, ignoring uuid default null)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  first_start constant timestamptz := greatest(after, now());
  last_start constant timestamptz := now() + (select horizon from private.booking_settings);
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

create function private.team_settings_json()
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object('team_time_zone', s.team_time_zone, 'call_minutes', s.call_minutes)
    from private.booking_settings s
$$;

-- A booking as the visitor functions answer with it: its state, times and the visitor's zone, with the team's
-- settings; the change/cancel link's secret only where the caller has just proven the booking is theirs.
create function private.booking_answer(booking private.bookings, with_token boolean default false)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select private.team_settings_json() || jsonb_build_object(
    'status', booking.status, 'booking_id', booking.id, 'starts_at', booking.starts_at, 'ends_at', booking.ends_at,
    'visitor_time_zone', booking.visitor_time_zone)
    || case when with_token then jsonb_build_object('manage_token', booking.manage_token) else '{}'::jsonb end
$$;

-- ---------------------------------------------------------------------------------------------------------
-- What visitors may do, each answering with a JSON object whose `status` says what happened: a refusal is an
-- answer the page explains, never an error. They run as the owner (security definer) in `private`, which the
-- data API does not serve; the functions of the same names in `public` below are what visitors call.

-- Free times from `from_time` (default now) to `until_time` (default the horizon), at most 200.
create function private.booking_slots(from_time timestamptz default null, until_time timestamptz default null)
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
        from (select * from private.free_starts(coalesce(from_time, now()), coalesce(until_time, 'infinity')) limit 200) f
    ), '[]'::jsonb))
$$;

-- The visitor's latest real strategy-call request under this address, sent from the same connection in the
-- last 24 hours: a booking always belongs to a stored request, and nobody books on someone else's.
create function private.own_request(email text)
returns uuid
language sql
stable
set search_path = ''
as $$
  select r.id
    from public.consultation_requests r
   where private.lead_address_key(r.email) = private.lead_address_key(own_request.email)
     and r.duplicate_of is null
     and r.created_at > now() - interval '24 hours'
     and r.client_hash is not distinct from (
           select encode(sha256(convert_to(a, 'UTF8')), 'hex')
             from private.request_client_address() a)
   order by r.created_at desc
   limit 1
$$;

-- Picks a time: holds it for the visitor for hold_minutes. Picking another time gives the earlier hold back.
create function private.hold_booking_slot(email text, starts_at timestamptz, visitor_time_zone text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  request uuid;
  refusal text;
  settings private.booking_settings;
  slot record;
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
                and b.status = 'booked' and b.ends_at > now()) then
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
     and (b.request_id = request or (b.hold_expires_at <= now() and b.blocked && private.blocked_range(hold_booking_slot.starts_at)));

  if (select count(*) from private.live_bookings() b where b.team_day = slot.team_day) >= settings.max_calls_per_day then
    return jsonb_build_object('status', 'day_full', 'alternatives', private.alternatives(starts_at));
  end if;

  begin
    insert into private.bookings (request_id, email, status, starts_at, ends_at, blocked, team_day,
                                  visitor_time_zone, hold_expires_at)
    values (request, hold_booking_slot.email, 'held', slot.starts_at, slot.ends_at,
            private.blocked_range(slot.starts_at), slot.team_day, hold_booking_slot.visitor_time_zone,
            now() + make_interval(mins => settings.hold_minutes))
    returning * into held;
  exception when exclusion_violation then
    return jsonb_build_object('status', 'taken', 'alternatives', private.alternatives(starts_at));
  end;
  return private.team_settings_json() || jsonb_build_object(
    'status', 'held', 'hold_id', held.id, 'starts_at', held.starts_at, 'ends_at', held.ends_at,
    'hold_expires_at', held.hold_expires_at);
end;
$$;

-- Confirms a held time. The answer carries the secret of the change/cancel link; confirming again answers the same.
create function private.confirm_booking(hold_id uuid, email text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  hold private.bookings;
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
  if hold.status <> 'held' or hold.hold_expires_at <= now() then
    -- Given back: the time is the visitor's again only if nobody took it meanwhile and the rules still allow it.
    if private.start_refusal(hold.starts_at) is not null
       or not exists (select 1 from private.free_starts(hold.starts_at, hold.starts_at + interval '1 second', hold.id)
                       where starts_at = hold.starts_at) then
      update private.bookings b set status = 'expired', hold_expires_at = null, updated_at = now()
       where b.id = hold.id and b.status = 'held';
      return jsonb_build_object('status', 'taken', 'alternatives', private.alternatives(hold.starts_at, 6, hold.id));
    end if;
  end if;
  begin
    update private.bookings b
       set status = 'booked', hold_expires_at = null, manage_token = token,
           updated_at = now()
     where b.id = hold.id
     returning * into hold;
  exception when exclusion_violation then
    return jsonb_build_object('status', 'taken', 'alternatives', private.alternatives(hold.starts_at, 6, hold.id));
  end;
  return private.booking_answer(hold, true);
end;
$$;

create function private.booking_by_token(token text)
returns private.bookings
language sql
stable
set search_path = ''
as $$
  select * from private.bookings b
   where token is not null and b.manage_token = token
$$;

-- The booking behind a change/cancel link.
create function private.managed_booking(token text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select case when b.id is null then jsonb_build_object('status', 'not_found')
         else private.booking_answer(b)
         end
    from private.booking_by_token(token) b
$$;

create function private.cancel_booking(token text)
returns jsonb
language plpgsql
volatile
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
  if booking.ends_at <= now() then
    return jsonb_build_object('status', 'past');
  end if;
  update private.bookings b set status = 'cancelled', sequence = b.sequence + 1, updated_at = now()
   where b.id = booking.id;
  return jsonb_build_object('status', 'cancelled', 'booking_id', booking.id);
end;
$$;

-- Moves a booked call to another free time, keeping its link; the invitation's SEQUENCE goes up.
create function private.move_booking(token text, starts_at timestamptz)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  booking private.bookings := private.booking_by_token(token);
  refusal text;
  slot record;
  settings private.booking_settings;
begin
  if booking.id is null then
    return jsonb_build_object('status', 'not_found');
  end if;
  if booking.status <> 'booked' then
    return jsonb_build_object('status', booking.status);
  end if;
  if booking.ends_at <= now() then
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
   where b.status = 'held' and b.hold_expires_at <= now() and b.blocked && private.blocked_range(move_booking.starts_at);
  if slot.team_day <> booking.team_day
     and (select count(*) from private.live_bookings() b where b.team_day = slot.team_day) >= settings.max_calls_per_day then
    return jsonb_build_object('status', 'day_full', 'alternatives', private.alternatives(starts_at, 6, booking.id));
  end if;
  begin
    update private.bookings b
       set starts_at = slot.starts_at, ends_at = slot.ends_at, blocked = private.blocked_range(slot.starts_at),
           team_day = slot.team_day, sequence = b.sequence + 1, updated_at = now()
     where b.id = booking.id
     returning * into booking;
  exception when exclusion_violation then
    return jsonb_build_object('status', 'taken', 'alternatives', private.alternatives(starts_at, 6, booking.id));
  end;
  return private.booking_answer(booking);
end;
$$;

-- ---------------------------------------------------------------------------------------------------------
-- The data API's functions (POST /rest/v1/rpc/<name>): security invoker wrappers, so no security definer
-- function sits in the exposed schema; visitors may execute these and the private functions behind them,
-- nothing else of the schema.

create function public.booking_slots(from_time timestamptz default null, until_time timestamptz default null)
returns jsonb
language sql
stable
set search_path = ''
as $$ select private.booking_slots(from_time, until_time) $$;

create function public.hold_booking_slot(email text, starts_at timestamptz, visitor_time_zone text)
returns jsonb
language sql
volatile
set search_path = ''
as $$ select private.hold_booking_slot(email, starts_at, visitor_time_zone) $$;

create function public.confirm_booking(hold_id uuid, email text)
returns jsonb
language sql
volatile
set search_path = ''
as $$ select private.confirm_booking(hold_id, email) $$;

create function public.managed_booking(token text)
returns jsonb
language sql
stable
set search_path = ''
as $$ select private.managed_booking(token) $$;

create function public.cancel_booking(token text)
returns jsonb
language sql
volatile
set search_path = ''
as $$ select private.cancel_booking(token) $$;

create function public.move_booking(token text, starts_at timestamptz)
returns jsonb
language sql
volatile
set search_path = ''
as $$ select private.move_booking(token, starts_at) $$;

revoke all on function private.is_time_zone(text), private.check_booking_settings(), private.record_booking_history(),
  private.allowed_starts(timestamptz, timestamptz), private.blocked_range(timestamptz), private.live_bookings(),
  private.free_starts(timestamptz, timestamptz, uuid), private.start_refusal(timestamptz),
  private.alternatives(timestamptz, integer, uuid), private.team_settings_json(),
  private.booking_answer(private.bookings, boolean), private.own_request(text),
  private.booking_by_token(text) from public;
revoke all on function private.booking_slots(timestamptz, timestamptz), private.hold_booking_slot(text, timestamptz, text), private.confirm_booking(uuid, text), private.managed_booking(text), private.cancel_booking(text), private.move_booking(text, timestamptz) from public;
revoke all on function public.booking_slots(timestamptz, timestamptz), public.hold_booking_slot(text, timestamptz, text), public.confirm_booking(uuid, text), public.managed_booking(text), public.cancel_booking(text), public.move_booking(text, timestamptz) from public, anon, authenticated;
grant usage on schema private to anon, authenticated;
grant execute on function private.booking_slots(timestamptz, timestamptz), private.hold_booking_slot(text, timestamptz, text), private.confirm_booking(uuid, text), private.managed_booking(text), private.cancel_booking(text), private.move_booking(text, timestamptz) to anon, authenticated, service_role;
grant execute on function public.booking_slots(timestamptz, timestamptz), public.hold_booking_slot(text, timestamptz, text), public.confirm_booking(uuid, text), public.managed_booking(text), public.cancel_booking(text), public.move_booking(text, timestamptz) to anon, authenticated, service_role;
