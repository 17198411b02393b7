-- The operator's host tools: add a host, pause one, and the overview of each host's calendar sync.

-- Adds a host after the others (their zone the team's unless given). The table's checks refuse a bad e-mail
-- address, calendar address or credential key with their own messages.
create or replace function public.add_booking_host(
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
revoke all on function public.add_booking_host(text,text,text,text,text) from public, anon, authenticated, service_role;
grant execute on function public.add_booking_host(text,text,text,text,text) to service_role;

-- Pauses (leave: offered no new calls, their booked calls stay) or resumes a host.
create or replace function public.set_host_paused(reference text, paused boolean)
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
revoke all on function public.set_host_paused(text,boolean) from public, anon, authenticated, service_role;
grant execute on function public.set_host_paused(text,boolean) to service_role;

-- Every host with their calendar's state and their booked calls in the team's current week (Monday to Sunday).
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
revoke all on function public.host_overview() from public, anon, authenticated, service_role;
grant execute on function public.host_overview() to service_role;
