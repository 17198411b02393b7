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
      insert into private.outbox (queue, kind, idempotency_key, ordering_key, booking_id, host_id, sequence)
      select 'calendar_write', 'delete', private.calendar_write_key(new.id, h.id, 'delete', new.sequence),
             new.id || ':' || h.id, new.id, h.id, new.sequence
        from private.booking_hosts h where h.id = old.host_id and h.calendar_url is not null
      on conflict on constraint outbox_once do nothing;
    end if;
    insert into private.outbox (queue, kind, idempotency_key, ordering_key, booking_id, host_id, sequence)
    select 'calendar_write', 'put', private.calendar_write_key(new.id, h.id, 'put', new.sequence),
           new.id || ':' || h.id, new.id, h.id, new.sequence
      from private.booking_hosts h where h.id = new.host_id and h.calendar_url is not null
    on conflict on constraint outbox_once do nothing;
  elsif tg_op = 'UPDATE' and old.status = 'booked' and new.status = 'cancelled' then
    insert into private.outbox (queue, kind, idempotency_key, ordering_key, booking_id, host_id, sequence)
    select 'calendar_write', 'delete', private.calendar_write_key(new.id, h.id, 'delete', new.sequence),
           new.id || ':' || h.id, new.id, h.id, new.sequence
      from private.booking_hosts h where h.id = old.host_id and h.calendar_url is not null
    on conflict on constraint outbox_once do nothing;
  end if;
  return null;
end;
$$;
revoke all on function private.enqueue_calendar_writes() from public, anon, authenticated, service_role;

-- A calendar write given up: the team is told once (the status changes to dead once; the idempotency key
-- holds even if a write were revived and given up again).
create or replace function private.announce_dead_calendar_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = 'dead' and old.status is distinct from 'dead' then
    insert into private.outbox
      (queue, kind, idempotency_key, ordering_key, holds_order, booking_id, recipient, sequence, starts_at, ends_at,
       deliver_by, calendar_write_id)
    select 'booking_message', 'calendar_failed',
           private.booking_message_key(b.id, 'calendar_failed', 'team', new.sequence, new.id), b.id || ':team', false,
           b.id, 'team', new.sequence, b.starts_at, b.ends_at, private.clock_now() + interval '24 hours', new.id
      from private.bookings b where b.id = new.booking_id
    on conflict on constraint outbox_once do nothing;
  end if;
  return null;
end;
$$;
revoke all on function private.announce_dead_calendar_write() from public, anon, authenticated, service_role;
