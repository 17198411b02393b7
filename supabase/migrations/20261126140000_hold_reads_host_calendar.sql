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
