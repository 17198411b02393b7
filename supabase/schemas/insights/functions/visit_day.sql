-- The team's calendar day an instant falls on (the booking settings' time zone).

-- The team's calendar day of an instant (UTC before the booking settings exist).
create or replace function private.visit_time_zone()
returns text
language sql
stable
set search_path = ''
as $$ select coalesce((select s.team_time_zone from private.booking_settings s), 'UTC') $$;
revoke all on function private.visit_time_zone() from public, anon, authenticated, service_role;

create or replace function private.visit_day(instant timestamptz)
returns date
language sql
stable
set search_path = ''
as $$ select (instant at time zone private.visit_time_zone())::date $$;
revoke all on function private.visit_day(timestamp with time zone) from public, anon, authenticated, service_role;
