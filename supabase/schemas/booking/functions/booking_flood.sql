-- Bookings under a flood (issue 36): how many of a day's calls a flood holds, and whether a booking is one of them.

-- Whether a hold made now is made in a flood: at least flood_after_requests requests other than `request` held a
-- time in the last flood_window_minutes.
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
revoke all on function private.booking_flood(uuid) from public, anon, authenticated, service_role;

-- Live rows of `day` marked in_flood, but `ignoring`.
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
revoke all on function private.flood_calls(date,uuid) from public, anon, authenticated, service_role;

-- How many calls of one day holds made in a flood may take.
create or replace function private.flood_share_calls()
returns integer
language sql
stable
set search_path = ''
as $$ select (s.max_calls_per_day * s.flood_share_percent) / 100 from private.booking_settings s $$;
revoke all on function private.flood_share_calls() from public, anon, authenticated, service_role;
