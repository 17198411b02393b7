-- Which times are offered: the team's rules (hours, days off, notice, horizon, daily limit, buffers) minus the
-- hosts' calls and busy times.

-- Every start time the rules allow in [window_start, window_end), before looking at other bookings: the
-- weekly hours (or that day's changes) in the team's zone, one call long, step apart, at least the notice
-- ahead and within the horizon. A local time that does not exist (the hour a clock skips forward) is left out.
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
revoke all on function private.allowed_starts(timestamp with time zone,timestamp with time zone) from public, anon, authenticated, service_role;

-- The range a call at `starts_at` keeps free, with today's buffers.
create or replace function private.blocked_range(starts_at timestamptz)
returns tstzrange
language sql
stable
set search_path = ''
as $$
  select tstzrange(starts_at - make_interval(mins => s.buffer_before_minutes),
                   starts_at + make_interval(mins => s.call_minutes + s.buffer_after_minutes))
    from private.booking_settings s
$$;
revoke all on function private.blocked_range(timestamp with time zone) from public, anon, authenticated, service_role;

-- Why a start time cannot be booked by the rules alone, or null when it can.
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
revoke all on function private.start_refusal(timestamp with time zone) from public, anon, authenticated, service_role;

-- The free start times in [window_start, window_end): allowed, not overlapping a live booking with the buffers,
-- on a day under its limit. `ignoring` leaves one booking out (the one being moved).
create or replace function private.free_starts(window_start timestamptz, window_end timestamptz, ignoring uuid default null)
returns table (starts_at timestamptz, ends_at timestamptz, team_day date)
language sql
stable
set search_path = ''
as $$
  with flood as (select case when private.booking_flood() then private.flood_share_calls() end as share)
  select a.starts_at, a.ends_at, a.team_day
    from private.allowed_starts(window_start, window_end) a, flood f
   where exists (select 1 from private.booking_hosts h
                  where not h.paused and private.host_is_free(h.id, private.blocked_range(a.starts_at), ignoring))
     and (select count(*) from private.live_bookings() b
           where b.team_day = a.team_day and b.id is distinct from ignoring)
         < (select max_calls_per_day from private.booking_settings)
     and (f.share is null or private.flood_calls(a.team_day, ignoring) < f.share)
   order by a.starts_at
$$;
revoke all on function private.free_starts(timestamp with time zone,timestamp with time zone,uuid) from public, anon, authenticated, service_role;

-- The next free times from `after`, as the JSON the visitor functions return. Searched in growing windows (2, 8,
-- 32 … days) so a refusal costs a few days' slots, not the whole horizon's.
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
revoke all on function private.alternatives(timestamp with time zone,integer,uuid) from public, anon, authenticated, service_role;

-- Free times from `from_time` (default now) to `until_time` (default the horizon), at most 200.
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
revoke all on function private.booking_slots(timestamp with time zone,timestamp with time zone) from public, anon, authenticated, service_role;
grant execute on function private.booking_slots(timestamp with time zone,timestamp with time zone) to anon, authenticated, service_role;

-- The data API's functions (POST /rest/v1/rpc/<name>): security invoker wrappers, so no security definer
-- function sits in the exposed schema; visitors may execute these and the private functions behind them,
-- nothing else of the schema.
create or replace function public.booking_slots(from_time timestamptz default null, until_time timestamptz default null)
returns jsonb
language sql
stable
set search_path = ''
as $$ select private.booking_slots(from_time, until_time) $$;
revoke all on function public.booking_slots(timestamp with time zone,timestamp with time zone) from public, anon, authenticated, service_role;
grant execute on function public.booking_slots(timestamp with time zone,timestamp with time zone) to anon, authenticated, service_role;

create or replace function private.team_settings_json()
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object('team_time_zone', s.team_time_zone, 'call_minutes', s.call_minutes)
    from private.booking_settings s
$$;
revoke all on function private.team_settings_json() from public, anon, authenticated, service_role;

-- Availability: one settings row, the weekly hours, and dated changes. Kept in `private` (never exposed by the
-- data API); the team edits them in the Supabase dashboard's Table Editor (schema `private`) or with
-- `npm run leads -- availability`. No cache anywhere: a change applies to the next request.
create or replace function private.is_time_zone(zone text)
returns boolean
language sql
stable
set search_path = ''
as $$ select exists (select 1 from pg_catalog.pg_timezone_names where name = zone) $$;
revoke all on function private.is_time_zone(text) from public, anon, authenticated, service_role;
grant execute on function private.is_time_zone(text) to service_role;
