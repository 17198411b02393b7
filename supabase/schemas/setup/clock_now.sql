-- The booking rules' clock: now() moved by private.booking_clock's offset, which tests set (issue 42); bookings and
-- booking messages take their default times from it.

-- The booking rules' now. Stable: one value for a statement, as now() is one for a transaction (unless a test
-- changes the offset in between).
create or replace function private.clock_now()
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select pg_catalog.now() + coalesce((select c.offset_by from private.booking_clock c), interval '0')
$$;
revoke all on function private.clock_now() from public, anon, authenticated, service_role;
grant execute on function private.clock_now() to service_role;
