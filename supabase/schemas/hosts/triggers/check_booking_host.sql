-- A host's time zone must be a real IANA zone name: checked whenever a host is added or changed.

create or replace function private.check_booking_host()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not private.is_time_zone(new.time_zone) then
    raise exception 'time_zone must be an IANA time zone name such as Australia/Sydney, not "%"', new.time_zone
      using errcode = '22023';
  end if;
  return new;
end;
$$;
revoke all on function private.check_booking_host() from public, anon, authenticated, service_role;
