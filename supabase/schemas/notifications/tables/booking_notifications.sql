-- Booking messages (issue 33): every booked, moved or cancelled call reaches the visitor and the team with a
-- calendar invitation, and the visitor gets reminders 24 hours and 1 hour before the call. The same outbox
-- design as the lead notifications (20261123110000_lead_notifications.sql): a trigger writes the jobs in the
-- same transaction as the change to the booking; the notify-leads Edge Function claims due jobs with a lease,
-- completes them or fails them with a retry time, and a job is given up (dead) when it cannot be delivered in
-- time. Docs: docs/notifications.md.
--
-- A job holds what the message is about when it was written (the call's time and the invitation's SEQUENCE),
-- so a late or retried message never describes a later state under an earlier SEQUENCE; it copies no personal
-- data (the address, name and phone are read from the booking and its request when the job is claimed), and
-- it goes with its booking (and so with the lead: erasure deletes the request, its bookings and their jobs).

create table private.booking_notifications (
  id uuid default gen_random_uuid() not null,
  -- The order the jobs were written in: a booking's messages to one recipient go out in this order.
  queue_position bigint generated always as identity not null,
  booking_id uuid not null,
  -- booked, moved, cancelled: the invitation (REQUEST) or its cancellation (CANCEL), to the visitor and the team;
  -- reminder_24h, reminder_1h: to the visitor, due that long before the call.
  kind text not null,
  recipient text not null,
  -- The invitation's SEQUENCE and the call's time when the job was written.
  sequence integer not null,
  starts_at timestamp with time zone not null,
  ends_at timestamp with time zone not null,
  -- The time a moved call had before, for the message that says so.
  previous_starts_at timestamp with time zone,
  -- After this the message is pointless: a reminder once its call has started, any other message after a day
  -- of failed attempts. A job that fails past it is dead; a reminder not sent by then is expired.
  deliver_by timestamp with time zone not null,
  -- pending: waiting for next_attempt_at; sending: claimed by a run until lease_expires_at; sent; dead: given up
  -- (last_error says why); expired: a reminder whose call started before it could be sent.
  status text default 'pending'::text not null,
  attempts integer default 0 not null,
  created_at timestamp with time zone default private.clock_now() not null,
  next_attempt_at timestamp with time zone default private.clock_now() not null,
  claim_token uuid,
  lease_expires_at timestamp with time zone,
  last_attempt_at timestamp with time zone,
  last_error text,
  sent_at timestamp with time zone,
  provider_message_id text,
  calendar_write_id uuid,
  constraint booking_notifications_pkey primary key (id),
  constraint booking_notifications_once unique nulls not distinct (booking_id, kind, recipient, sequence, calendar_write_id),
  constraint booking_notifications_calendar_failed check (
    (kind = 'calendar_failed') = (calendar_write_id is not null) and (kind <> 'calendar_failed' or recipient = 'team')),
  constraint booking_notifications_kind check (kind in ('booked', 'moved', 'cancelled', 'reminder_24h', 'reminder_1h', 'calendar_failed')),
  constraint booking_notifications_recipient check (recipient in ('visitor', 'team', 'host')),
  constraint booking_notifications_reminder_recipients check (
    case recipient
    when 'host' then kind = 'reminder_1h'
    when 'team' then kind not like 'reminder%'
    else true
    end),
  constraint booking_notifications_status check (status in ('pending', 'sending', 'sent', 'dead', 'expired')),
  constraint booking_notifications_booking_id_fkey foreign key (booking_id) references private.bookings(id) on delete cascade,
  constraint booking_notifications_calendar_write_id_fkey foreign key (calendar_write_id) references private.calendar_writes(id) on delete cascade
);

create index booking_notifications_booking_idx on private.booking_notifications (booking_id, recipient, queue_position);
create index booking_notifications_due_idx
  on private.booking_notifications (next_attempt_at)
  where status in ('pending', 'sending');

alter table private.booking_notifications enable row level security;

revoke all on table private.booking_notifications from public, anon, authenticated, service_role;
grant select, update on table private.booking_notifications to service_role;
