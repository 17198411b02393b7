-- Every booking's life (held, booked, moved, cancelled, expired) is kept in private.booking_history.

create or replace function private.record_booking_history()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    insert into private.booking_history (booking_id, event, starts_at) values (new.id, new.status, new.starts_at);
  elsif new.status <> old.status then
    insert into private.booking_history (booking_id, event, starts_at) values (new.id, new.status, new.starts_at);
  elsif new.starts_at <> old.starts_at then
    insert into private.booking_history (booking_id, event, starts_at) values (new.id, 'moved', new.starts_at);
  end if;
  return null;
end;
$$;
revoke all on function private.record_booking_history() from public, anon, authenticated, service_role;
