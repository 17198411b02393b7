-- The booking messages' outbox as notify-leads works through it: claim due messages with a lease, then complete or
-- fail each; and the host's reminder.

-- The host's 1-hour reminder, beside the visitor's: queued when the call is booked or moved (only while it is
-- still ahead), moved to another host with the call, removed with the other reminders.
create or replace function private.enqueue_host_reminder(booking private.bookings)
returns void
language sql
set search_path = ''
as $$
  insert into private.booking_notifications
    (booking_id, kind, recipient, sequence, starts_at, ends_at, deliver_by, next_attempt_at)
  select booking.id, 'reminder_1h', 'host', booking.sequence, booking.starts_at, booking.ends_at, booking.starts_at,
         booking.starts_at - interval '1 hour'
    from private.booking_hosts h
   where h.id = booking.host_id and h.email is not null and booking.starts_at - interval '1 hour' > private.clock_now()
  on conflict on constraint booking_notifications_once do nothing
$$;
revoke all on function private.enqueue_host_reminder(private.bookings) from public, anon, authenticated, service_role;

-- Claims up to batch_size due jobs for lease_seconds, as claim_lead_notifications does (skip locked, a fresh
-- claim token, a crashed run's jobs due again when its lease ends), with two more rules: a job waits while an
-- earlier booked/moved/cancelled message of the same booking to the same recipient is still pending or being
-- sent (so a calendar receives REQUEST, its updates and CANCEL in order), and a reminder whose call has started
-- is marked expired instead of sent. Returns each job with its booking (the change/cancel link's secret only in
-- jobs for the visitor), its request (the visitor's name, address, company, phone) and the team's zone.
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
  update private.booking_notifications n
     set status = 'expired', claim_token = null, lease_expires_at = null,
         last_error = 'the call started before the reminder could be sent'
   where n.status in ('pending', 'sending') and n.next_attempt_at <= (select private.clock_now())
     and n.kind in ('reminder_24h', 'reminder_1h') and n.deliver_by <= (select private.clock_now());

  with token as (
    select gen_random_uuid() as value
  ),
  clock as (
    select private.clock_now() as clock_now
  ),
  due as (
    select n.id
      from private.booking_notifications n
     where n.status in ('pending', 'sending')
       and n.next_attempt_at <= (select private.clock_now())
       and not exists (
             select 1 from private.booking_notifications earlier
              where earlier.booking_id = n.booking_id
                and earlier.recipient = n.recipient
                and earlier.queue_position < n.queue_position
                and earlier.kind in ('booked', 'moved', 'cancelled')
                and earlier.status in ('pending', 'sending'))
     order by n.next_attempt_at, n.queue_position
     limit greatest(1, least(batch_size, 100))
       for update skip locked
  ),
  claimed as (
    update private.booking_notifications n
       set status = 'sending',
           claim_token = token.value,
           attempts = n.attempts + 1,
           last_attempt_at = clock.clock_now,
           lease_expires_at = clock.clock_now + make_interval(secs => greatest(lease_seconds, 10)),
           next_attempt_at = clock.clock_now + make_interval(secs => greatest(lease_seconds, 10))
      from due, token, clock
     where n.id = due.id
    returning n.*
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
           where h.id = coalesce((select w.host_id from private.calendar_writes w where w.id = c.calendar_write_id),
                                 (select b.host_id from private.bookings b where b.id = c.booking_id))),
         (select jsonb_build_object('action', w.action, 'sequence', w.sequence, 'attempts', w.attempts,
                                    'last_error', w.last_error)
            from private.calendar_writes w where w.id = c.calendar_write_id)
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
  with done as (
    update private.booking_notifications n
       set status = 'sent',
           sent_at = (select private.clock_now()),
           provider_message_id = complete_booking_notification.provider_message_id,
           claim_token = null,
           lease_expires_at = null
     where n.id = complete_booking_notification.job_id
       and n.claim_token = complete_booking_notification.claim_token
       and n.status = 'sending'
    returning 1
  )
  select count(*) = 1 from done
$$;
revoke all on function public.complete_booking_notification(uuid,uuid,text) from public, anon, authenticated, service_role;
grant execute on function public.complete_booking_notification(uuid,uuid,text) to service_role;

-- Records a failed attempt: retry_in_seconds (clamped to 1 s .. 1 h) schedules the next one; null means the
-- failure is permanent. Dead when permanent or past deliver_by (a reminder after its call started is useless).
create or replace function public.fail_booking_notification(job_id uuid, claim_token uuid, error text, retry_in_seconds integer default null)
returns boolean
language sql
security invoker
set search_path = ''
as $$
  with failed as (
    update private.booking_notifications n
       set status = case
             when retry_in_seconds is null
                  or (select private.clock_now()) + make_interval(secs => least(greatest(coalesce(retry_in_seconds, 0), 1), 3600)) >= n.deliver_by
               then 'dead'
             else 'pending'
           end,
           next_attempt_at = (select private.clock_now()) + make_interval(secs => least(greatest(coalesce(retry_in_seconds, 0), 1), 3600)),
           last_error = left(coalesce(fail_booking_notification.error, 'unknown error'), 2000),
           claim_token = null,
           lease_expires_at = null
     where n.id = fail_booking_notification.job_id
       and n.claim_token = fail_booking_notification.claim_token
       and n.status = 'sending'
    returning 1
  )
  select count(*) = 1 from failed
$$;
revoke all on function public.fail_booking_notification(uuid,uuid,text,integer) from public, anon, authenticated, service_role;
grant execute on function public.fail_booking_notification(uuid,uuid,text,integer) to service_role;
