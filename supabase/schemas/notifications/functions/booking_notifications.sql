-- The booking messages' outbox as notify-leads works through it: claim due messages with a lease, then complete or
-- fail each; and the host's reminder.

-- The host's 1-hour reminder, beside the visitor's: queued when the call is booked or moved (only while it is
-- still ahead), moved to another host with the call, removed with the other reminders.
create or replace function private.enqueue_host_reminder(booking private.bookings)
returns void
language sql
set search_path = ''
as $$
  insert into private.outbox
    (queue, kind, idempotency_key, ordering_key, holds_order, booking_id, recipient, sequence, starts_at, ends_at,
     deliver_by, next_attempt_at)
  select 'booking_message', 'reminder_1h', private.booking_message_key(booking.id, 'reminder_1h', 'host', booking.sequence),
         booking.id || ':host', false, booking.id, 'host', booking.sequence, booking.starts_at, booking.ends_at,
         booking.starts_at, booking.starts_at - interval '1 hour'
    from private.booking_hosts h
   where h.id = booking.host_id and h.email is not null and booking.starts_at - interval '1 hour' > private.clock_now()
  on conflict on constraint outbox_once do nothing
$$;
revoke all on function private.enqueue_host_reminder(private.bookings) from public, anon, authenticated, service_role;

-- A booking message's idempotency key: one job per booking, kind, recipient and SEQUENCE (and calendar write, for
-- the team's message that one gave up).
create or replace function private.booking_message_key(
  booking_id uuid, kind text, recipient text, sequence integer, calendar_write_id uuid default null
)
returns text
language sql
immutable
set search_path = ''
as $$
  select concat_ws(':', booking_id, kind, recipient, sequence, calendar_write_id)
$$;
revoke all on function private.booking_message_key(uuid,text,text,integer,uuid) from public, anon, authenticated, service_role;

-- Claims up to batch_size due booking messages for lease_seconds through the outbox's one claim
-- (private.claim_outbox: skip locked, a fresh claim token, a crashed run's jobs due again when its lease ends; a
-- job waits while an earlier booked/moved/cancelled message of the same booking to the same recipient is still
-- pending or being sent, so a calendar receives REQUEST, its updates and CANCEL in order). A reminder whose call
-- has started is marked expired instead of sent. Returns each job with its booking (the change/cancel link's
-- secret only in jobs for the visitor), its request (the visitor's name, address, company, phone) and the team's
-- zone.
create or replace function public.claim_booking_notifications(batch_size integer default 10, lease_seconds integer default 120)
returns table (
  job_id uuid,
  claim_token uuid,
  kind text,
  recipient text,
  sequence integer,
  starts_at timestamptz,
  ends_at timestamptz,
  previous_starts_at timestamptz,
  attempts integer,
  queued_at timestamptz,
  booking jsonb,
  request jsonb,
  team jsonb,
  host jsonb,
  calendar_write jsonb
)
language sql
security invoker
set search_path = ''
as $$
  update private.outbox n
     set status = 'expired', claim_token = null, lease_expires_at = null,
         last_error = 'the call started before the reminder could be sent'
   where n.queue = 'booking_message' and n.status in ('pending', 'sending')
     and n.next_attempt_at <= (select private.clock_now())
     and n.kind in ('reminder_24h', 'reminder_1h') and n.deliver_by <= (select private.clock_now());

  with claimed as (
    select * from private.claim_outbox('booking_message', batch_size, lease_seconds)
  )
  select c.id, c.claim_token, c.kind, c.recipient, c.sequence, c.starts_at, c.ends_at, c.previous_starts_at,
         c.attempts, c.created_at,
         (select jsonb_build_object(
                   'id', b.id, 'status', b.status, 'email', b.email, 'visitor_time_zone', b.visitor_time_zone,
                   'starts_at', b.starts_at, 'sequence', b.sequence,
                   'manage_token', case when c.recipient = 'visitor' then b.manage_token end,
                   'outcome_token', case when c.recipient = 'host' then b.outcome_token end)
            from private.bookings b where b.id = c.booking_id),
         (select to_jsonb(r) - 'client_hash'
            from private.bookings b join public.consultation_requests r on r.id = b.request_id
           where b.id = c.booking_id),
         (select jsonb_build_object('time_zone', s.team_time_zone, 'call_minutes', s.call_minutes)
            from private.booking_settings s),
         (select jsonb_build_object('id', h.id, 'name', h.name, 'email', h.email, 'time_zone', h.time_zone)
            from private.booking_hosts h
           where h.id = coalesce((select w.host_id from private.outbox w where w.id = c.calendar_write_id),
                                 (select b.host_id from private.bookings b where b.id = c.booking_id))),
         (select jsonb_build_object('action', w.kind, 'sequence', w.sequence, 'attempts', w.attempts,
                                    'last_error', w.last_error)
            from private.outbox w where w.id = c.calendar_write_id)
    from claimed c
$$;
revoke all on function public.claim_booking_notifications(integer,integer) from public, anon, authenticated, service_role;
grant execute on function public.claim_booking_notifications(integer,integer) to service_role;

-- Records a delivered job; false when the claim is no longer the caller's.
create or replace function public.complete_booking_notification(job_id uuid, claim_token uuid, provider_message_id text default null)
returns boolean
language sql
security invoker
set search_path = ''
as $$
  select private.complete_outbox_job('booking_message', job_id, claim_token, provider_message_id)
$$;
revoke all on function public.complete_booking_notification(uuid,uuid,text) from public, anon, authenticated, service_role;
grant execute on function public.complete_booking_notification(uuid,uuid,text) to service_role;

-- Records a failed attempt (private.fail_outbox_job): retry_in_seconds (clamped to 1 s .. 1 h) schedules the next
-- one; null means the failure is permanent. Dead when permanent or past deliver_by (a reminder after its call
-- started is useless).
create or replace function public.fail_booking_notification(job_id uuid, claim_token uuid, error text, retry_in_seconds integer default null)
returns boolean
language sql
security invoker
set search_path = ''
as $$
  select private.fail_outbox_job('booking_message', job_id, claim_token, error, retry_in_seconds)
$$;
revoke all on function public.fail_booking_notification(uuid,uuid,text,integer) from public, anon, authenticated, service_role;
grant execute on function public.fail_booking_notification(uuid,uuid,text,integer) to service_role;
