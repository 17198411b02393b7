-- Which host takes a call: one who is not paused and is free (none of their calls or busy times overlaps), the one
-- with the fewest calls that week.

-- Whether `host` can take a call blocking `range`: none of their live calls (but `ignoring`, the one being
-- moved) and none of their calendar's busy times overlaps it.
create or replace function private.host_is_free(host uuid, range tstzrange, ignoring uuid default null)
returns boolean
language sql
stable
set search_path = ''
as $$
  select not exists (select 1 from private.live_bookings() b
                      where b.host_id = host and b.id is distinct from ignoring and b.blocked && range)
     and not exists (select 1 from private.host_busy hb where hb.host_id = host and hb.busy && range)
$$;
revoke all on function private.host_is_free(uuid,tstzrange,uuid) from public, anon, authenticated, service_role;

-- The hosts who can take a call at `starts_at`, the one to give it to first: the fewest live calls in that week
-- (Monday to Sunday in the team's zone), then `position`, then id, so equal hosts take turns in a stable order.
create or replace function private.free_hosts(starts_at timestamptz, ignoring uuid default null)
returns table (host_id uuid, calls_that_week bigint)
language sql
stable
set search_path = ''
as $$
  with week as (
    select date_trunc('week', (starts_at at time zone s.team_time_zone))::date as first_day
      from private.booking_settings s
  )
  select h.id,
         (select count(*) from private.live_bookings() b, week w
           where b.host_id = h.id and b.id is distinct from ignoring
             and b.team_day >= w.first_day and b.team_day < w.first_day + 7)
    from private.booking_hosts h
   where not h.paused
     and private.host_is_free(h.id, private.blocked_range(starts_at), ignoring)
   order by 2, h.position, h.id
$$;
revoke all on function private.free_hosts(timestamp with time zone,uuid) from public, anon, authenticated, service_role;

-- The host for a call at `starts_at`: `current` when they are not paused and free then (a visitor keeps their
-- person), else the first free host; null when nobody is free.
create or replace function private.host_for(current uuid, starts_at timestamptz, ignoring uuid default null)
returns uuid
language sql
stable
set search_path = ''
as $$
  select coalesce(
    (select h.id from private.booking_hosts h
      where h.id = current and not h.paused
        and private.host_is_free(h.id, private.blocked_range(starts_at), ignoring)),
    (select f.host_id from private.free_hosts(starts_at, ignoring) f limit 1))
$$;
revoke all on function private.host_for(uuid,timestamp with time zone,uuid) from public, anon, authenticated, service_role;

-- A host by id or by name (compared without case or surrounding spaces): 'found' with the id, 'not_found', or
-- 'ambiguous' with the candidates.
create or replace function private.find_host(reference text)
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
revoke all on function private.find_host(text) from public, anon, authenticated, service_role;
grant execute on function private.find_host(text) to service_role;
