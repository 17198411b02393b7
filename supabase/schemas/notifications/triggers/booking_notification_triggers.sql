-- Booking messages are written in the same transaction as the change to the booking: the invitation's SEQUENCE rises
-- with each change, and each booked, moved or cancelled call queues its messages.

-- Every move and every cancellation raises the invitation's SEQUENCE, so calendars replace the event instead of
-- keeping the old one. The visitor functions raise it themselves; this makes it true of any other change too
-- (the Table Editor, an operator's SQL).
create or replace function private.raise_booking_sequence()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.status = 'booked'
     and (new.status = 'cancelled' or (new.status = 'booked' and new.starts_at <> old.starts_at))
     and new.sequence <= old.sequence then
    new.sequence := old.sequence + 1;
  end if;
  return new;
end;
$$;
revoke all on function private.raise_booking_sequence() from public, anon, authenticated, service_role;

-- Enqueue, in the transaction that books, moves or cancels the call: the message to the visitor and the one to
-- the team, and the visitor's reminders that are still ahead. A move or a cancellation first removes the
-- reminders not yet sent (they were for the old time, or for no call at all).
create or replace function private.enqueue_booking_notifications()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  clock_time constant timestamptz := private.clock_now();
  change text;
begin
  if new.status = 'booked' and (tg_op = 'INSERT' or old.status is distinct from 'booked') then
    change := 'booked';
  elsif tg_op = 'UPDATE' and old.status = 'booked' and new.status = 'booked' and new.starts_at <> old.starts_at then
    change := 'moved';
  elsif tg_op = 'UPDATE' and old.status = 'booked' and new.status = 'cancelled' then
    change := 'cancelled';
  elsif tg_op = 'UPDATE' and old.status = 'booked' and new.status = 'booked' and new.host_id <> old.host_id then
    -- Another host takes the call at the same time (an operator's change): the reminder goes to them instead.
    delete from private.outbox n
     where n.queue = 'booking_message' and n.booking_id = new.id and n.recipient = 'host' and n.status = 'pending';
    perform private.enqueue_host_reminder(new);
    return null;
  else
    return null;
  end if;

  delete from private.outbox n
   where n.queue = 'booking_message' and n.booking_id = new.id and n.kind in ('reminder_24h', 'reminder_1h')
     and n.status = 'pending';

  insert into private.outbox
    (queue, kind, idempotency_key, ordering_key, booking_id, recipient, sequence, starts_at, ends_at,
     previous_starts_at, deliver_by)
  select 'booking_message', change, private.booking_message_key(new.id, change, r.recipient, new.sequence),
         new.id || ':' || r.recipient, new.id, r.recipient, new.sequence, new.starts_at, new.ends_at,
         case when change = 'moved' then old.starts_at end, clock_time + interval '24 hours'
    from (values ('visitor'), ('team')) r (recipient)
  on conflict on constraint outbox_once do nothing;

  if change <> 'cancelled' then
    insert into private.outbox
      (queue, kind, idempotency_key, ordering_key, holds_order, booking_id, recipient, sequence, starts_at, ends_at,
       deliver_by, next_attempt_at)
    select 'booking_message', r.kind, private.booking_message_key(new.id, r.kind, 'visitor', new.sequence),
           new.id || ':visitor', false, new.id, 'visitor', new.sequence, new.starts_at, new.ends_at, new.starts_at,
           new.starts_at - r.ahead
      from (values ('reminder_24h', interval '24 hours'), ('reminder_1h', interval '1 hour')) r (kind, ahead)
     where new.starts_at - r.ahead > clock_time
    on conflict on constraint outbox_once do nothing;
    perform private.enqueue_host_reminder(new);
  end if;
  return null;
end;
$$;
revoke all on function private.enqueue_booking_notifications() from public, anon, authenticated, service_role;
