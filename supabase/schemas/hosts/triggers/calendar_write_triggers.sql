-- Each call lands on its host's calendar through an outbox: the writes a booking's changes queue, and the team's
-- message when a write gives up.

create or replace function private.enqueue_calendar_writes()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = 'booked' and (tg_op = 'INSERT' or old.status is distinct from 'booked'
                                or new.starts_at <> old.starts_at or new.host_id <> old.host_id) then
    if tg_op = 'UPDATE' and old.status = 'booked' and old.host_id <> new.host_id then
      insert into private.calendar_writes (booking_id, host_id, action, sequence)
      select new.id, old.host_id, 'delete', new.sequence
        from private.booking_hosts h where h.id = old.host_id and h.calendar_url is not null
      on conflict on constraint calendar_writes_once do nothing;
    end if;
    insert into private.calendar_writes (booking_id, host_id, action, sequence)
    select new.id, new.host_id, 'put', new.sequence
      from private.booking_hosts h where h.id = new.host_id and h.calendar_url is not null
    on conflict on constraint calendar_writes_once do nothing;
  elsif tg_op = 'UPDATE' and old.status = 'booked' and new.status = 'cancelled' then
    insert into private.calendar_writes (booking_id, host_id, action, sequence)
    select new.id, old.host_id, 'delete', new.sequence
      from private.booking_hosts h where h.id = old.host_id and h.calendar_url is not null
    on conflict on constraint calendar_writes_once do nothing;
  end if;
  return null;
end;
$$;
revoke all on function private.enqueue_calendar_writes() from public, anon, authenticated, service_role;

-- A calendar write given up: the team is told once (the status changes to dead once; the constraint above
-- holds even if a write were revived and given up again).
create or replace function private.announce_dead_calendar_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = 'dead' and old.status is distinct from 'dead' then
    insert into private.booking_notifications
      (booking_id, kind, recipient, sequence, starts_at, ends_at, deliver_by, calendar_write_id)
    select b.id, 'calendar_failed', 'team', new.sequence, b.starts_at, b.ends_at,
           private.clock_now() + interval '24 hours', new.id
      from private.bookings b where b.id = new.booking_id
    on conflict on constraint booking_notifications_once do nothing;
  end if;
  return null;
end;
$$;
revoke all on function private.announce_dead_calendar_write() from public, anon, authenticated, service_role;
