-- Reading the hosts' calendars (calendar-sync Edge Function): which hosts are due, their busy times replaced in one
-- go, failures recorded, and a read asked for when a visitor holds a time.

-- Reading the hosts' calendars: the calendar-sync Edge Function asks which hosts to read, then stores each
-- host's busy times for the window it read (or the failure). Executable by service_role only.
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
revoke all on function public.calendar_hosts_to_sync(integer) from public, anon, authenticated, service_role;
grant execute on function public.calendar_hosts_to_sync(integer) to service_role;

-- Replaces the host's busy times inside [window_start, window_end) with `busy` ([{starts_at, ends_at}], clipped
-- to the window) and records the sync. A request made while this sync ran is answered by the next one.
create or replace function public.replace_host_busy(host_id uuid, window_start timestamptz, window_end timestamptz, busy jsonb)
returns integer
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  read_window constant tstzrange := tstzrange(window_start, window_end);
  stored integer;
begin
  if jsonb_typeof(busy) is distinct from 'array' then
    raise exception 'busy must be a JSON array of {starts_at, ends_at}' using errcode = '22023';
  end if;
  delete from private.host_busy hb
   where hb.host_id = replace_host_busy.host_id and hb.busy && read_window;
  insert into private.host_busy (host_id, busy)
  select replace_host_busy.host_id, tstzrange((item ->> 'starts_at')::timestamptz, (item ->> 'ends_at')::timestamptz) * read_window
    from jsonb_array_elements(busy) item
   where (item ->> 'starts_at')::timestamptz < (item ->> 'ends_at')::timestamptz
     and not isempty(tstzrange((item ->> 'starts_at')::timestamptz, (item ->> 'ends_at')::timestamptz) * read_window);
  get diagnostics stored = row_count;
  insert into private.host_calendar_sync as c (host_id, synced_at, synced_window, failures, last_error)
  values (replace_host_busy.host_id, now(), read_window, 0, null)
  on conflict on constraint host_calendar_sync_pkey do update
    set synced_at = now(), synced_window = read_window, failures = 0, last_error = null,
        -- now() is the transaction's start: a request that came in while this ran stays newer than it.
        requested_at = case when c.requested_at < now() then null else c.requested_at end;
  return stored;
end;
$$;
revoke all on function public.replace_host_busy(uuid,timestamp with time zone,timestamp with time zone,jsonb) from public, anon, authenticated, service_role;
grant execute on function public.replace_host_busy(uuid,timestamp with time zone,timestamp with time zone,jsonb) to service_role;

-- A sync that failed: the host's last known busy times stay, the error is kept for the team to see.
create or replace function public.record_calendar_sync_failure(host_id uuid, error text)
returns void
language sql
volatile
security invoker
set search_path = ''
as $$
  insert into private.host_calendar_sync as c (host_id, last_error, last_error_at, failures)
  values (record_calendar_sync_failure.host_id, left(coalesce(error, 'unknown error'), 2000), now(), 1)
  on conflict on constraint host_calendar_sync_pkey do update
    set last_error = excluded.last_error, last_error_at = now(), failures = c.failures + 1,
        requested_at = null
$$;
revoke all on function public.record_calendar_sync_failure(uuid,text) from public, anon, authenticated, service_role;
grant execute on function public.record_calendar_sync_failure(uuid,text) to service_role;

-- A visitor's hold asks for the host's calendar to be read (issue 34: "right before a booking is confirmed").
-- Where pg_net is installed (a hosted project) the calendar-sync function is called at once, in the background
-- after the hold commits, instead of at the next minute; the confirmation then finds the host's fresh busy times.
-- A call that cannot be made (no Vault settings yet) never stops the hold: the minute schedule reads the calendar.
create or replace function private.request_calendar_sync(host uuid)
returns void
language plpgsql
volatile
set search_path = ''
as $$
begin
  insert into private.host_calendar_sync (host_id, requested_at)
  select h.id, now() from private.booking_hosts h where h.id = host and h.calendar_url is not null
  on conflict (host_id) do update set requested_at = excluded.requested_at;
  if found and to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is not null then
    begin
      perform private.invoke_edge_function('calendar-sync');
    exception when others then
      raise warning 'calendar-sync was not called at once (%); the schedule reads the calendar within a minute', sqlerrm;
    end;
  end if;
end;
$$;
revoke all on function private.request_calendar_sync(uuid) from public, anon, authenticated, service_role;
