-- The team's time zone must be a real IANA zone name: checked whenever the booking settings change.

create or replace function private.check_booking_settings()
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
revoke all on function private.check_booking_settings() from public, anon, authenticated, service_role;
