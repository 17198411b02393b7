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
  id uuid primary key default gen_random_uuid(),
  -- The order the jobs were written in: a booking's messages to one recipient go out in this order.
  queue_position bigint generated always as identity,
  booking_id uuid not null references private.bookings (id) on delete cascade,
  -- booked, moved, cancelled: the invitation (REQUEST) or its cancellation (CANCEL), to the visitor and the team;
  -- reminder_24h, reminder_1h: to the visitor, due that long before the call.
  kind text not null,
  recipient text not null,
  -- The invitation's SEQUENCE and the call's time when the job was written.
  sequence integer not null,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  -- The time a moved call had before, for the message that says so.
  previous_starts_at timestamptz,
  -- After this the message is pointless: a reminder once its call has started, any other message after a day
  -- of failed attempts. A job that fails past it is dead; a reminder not sent by then is expired.
  deliver_by timestamptz not null,
  -- pending: waiting for next_attempt_at; sending: claimed by a run until lease_expires_at; sent; dead: given up
  -- (last_error says why); expired: a reminder whose call started before it could be sent.
  status text not null default 'pending',
  attempts integer not null default 0,
  created_at timestamptz not null default now(),
  next_attempt_at timestamptz not null default now(),
  claim_token uuid,
  lease_expires_at timestamptz,
  last_attempt_at timestamptz,
  last_error text,
  sent_at timestamptz,
  provider_message_id text,
  constraint booking_notifications_kind check (kind in ('booked', 'moved', 'cancelled', 'reminder_24h', 'reminder_1h')),
  constraint booking_notifications_recipient check (recipient in ('visitor', 'team')),
  constraint booking_notifications_reminders_to_visitor check (kind not like 'reminder%' or recipient = 'visitor'),
  constraint booking_notifications_status check (status in ('pending', 'sending', 'sent', 'dead', 'expired')),
  -- One message per change and recipient: a change is announced once, whatever runs the trigger.
  constraint booking_notifications_once unique (booking_id, kind, recipient, sequence)
);

create index booking_notifications_due_idx
  on private.booking_notifications (next_attempt_at)
  where status in ('pending', 'sending');
create index booking_notifications_booking_idx on private.booking_notifications (booking_id, recipient, queue_position);

alter table private.booking_notifications enable row level security;
revoke all on table private.booking_notifications from public, anon, authenticated, service_role;
grant select, update on table private.booking_notifications to service_role;

-- Every move and every cancellation raises the invitation's SEQUENCE, so calendars replace the event instead of
-- keeping the old one. The visitor functions raise it themselves; this makes it true of any other change too
-- (the Table Editor, an operator's SQL).
create function private.raise_booking_sequence()
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

-- Enqueue, in the transaction that books, moves or cancels the call: the message to the visitor and the one to
-- the team, and the visitor's reminders that are still ahead. A move or a cancellation first removes the
-- reminders not yet sent (they were for the old time, or for no call at all).
create function private.enqueue_booking_notifications()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  change text;
begin
  if new.status = 'booked' and (tg_op = 'INSERT' or old.status is distinct from 'booked') then
    change := 'booked';
  elsif tg_op = 'UPDATE' and old.status = 'booked' and new.status = 'booked' and new.starts_at <> old.starts_at then
    change := 'moved';
  elsif tg_op = 'UPDATE' and old.status = 'booked' and new.status = 'cancelled' then
    change := 'cancelled';
  else
    return null;
  end if;

  delete from private.booking_notifications n
   where n.booking_id = new.id and n.kind in ('reminder_24h', 'reminder_1h') and n.status = 'pending';

  insert into private.booking_notifications
    (booking_id, kind, recipient, sequence, starts_at, ends_at, previous_starts_at, deliver_by)
  select new.id, change, r.recipient, new.sequence, new.starts_at, new.ends_at,
         case when change = 'moved' then old.starts_at end, now() + interval '24 hours'
    from (values ('visitor'), ('team')) r (recipient)
  on conflict on constraint booking_notifications_once do nothing;

  if change <> 'cancelled' then
    insert into private.booking_notifications
      (booking_id, kind, recipient, sequence, starts_at, ends_at, deliver_by, next_attempt_at)
    select new.id, r.kind, 'visitor', new.sequence, new.starts_at, new.ends_at, new.starts_at, new.starts_at - r.ahead
      from (values ('reminder_24h', interval '24 hours'), ('reminder_1h', interval '1 hour')) r (kind, ahead)
     where new.starts_at - r.ahead > now()
    on conflict on constraint booking_notifications_once do nothing;
  end if;
  return null;
end;
$$;

revoke all on function private.raise_booking_sequence() from public;
revoke all on function private.enqueue_booking_notifications() from public;

create trigger raise_booking_sequence
  before update on private.bookings
  for each row execute function private.raise_booking_sequence();
create trigger enqueue_booking_notifications
  after insert or update on private.bookings
  for each row execute function private.enqueue_booking_notifications();

-- Claims up to batch_size due jobs for lease_seconds, as claim_lead_notifications does (skip locked, a fresh
-- claim token, a crashed run's jobs due again when its lease ends), with two more rules: a job waits while an
-- earlier booked/moved/cancelled message of the same booking to the same recipient is still pending or being
-- sent (so a calendar receives REQUEST, its updates and CANCEL in order), and a reminder whose call has started
-- is marked expired instead of sent. Returns each job with its booking (the change/cancel link's secret only in
-- jobs for the visitor), its request (the visitor's name, address, company, phone) and the team's zone.
create function public.claim_booking_notifications(batch_size integer default 10, lease_seconds integer default 120)
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
  team jsonb
)
language sql
security invoker
set search_path = ''
as $$
  update private.booking_notifications n
     set status = 'expired', claim_token = null, lease_expires_at = null,
         last_error = 'the call started before the reminder could be sent'
   where n.status in ('pending', 'sending') and n.next_attempt_at <= now()
     and n.kind in ('reminder_24h', 'reminder_1h') and n.deliver_by <= now();

  with token as (
    select gen_random_uuid() as value
  ),
  due as (
    select n.id
      from private.booking_notifications n
     where n.status in ('pending', 'sending')
       and n.next_attempt_at <= now()
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
           last_attempt_at = now(),
           lease_expires_at = now() + make_interval(secs => greatest(lease_seconds, 10)),
           next_attempt_at = now() + make_interval(secs => greatest(lease_seconds, 10))
      from due, token
     where n.id = due.id
    returning n.*
  )
  select c.id, c.claim_token, c.kind, c.recipient, c.sequence, c.starts_at, c.ends_at, c.previous_starts_at,
         c.attempts, c.created_at,
         (select jsonb_build_object(
                   'id', b.id, 'status', b.status, 'email', b.email, 'visitor_time_zone', b.visitor_time_zone,
                   'starts_at', b.starts_at, 'sequence', b.sequence,
                   'manage_token', case when c.recipient = 'visitor' then b.manage_token end)
            from private.bookings b where b.id = c.booking_id),
         (select to_jsonb(r) - 'client_hash'
            from private.bookings b join public.consultation_requests r on r.id = b.request_id
           where b.id = c.booking_id),
         (select jsonb_build_object('time_zone', s.team_time_zone, 'call_minutes', s.call_minutes)
            from private.booking_settings s)
    from claimed c
$$;

-- Records a delivered job; false when the claim is no longer the caller's.
create function public.complete_booking_notification(
  job_id uuid,
  claim_token uuid,
  provider_message_id text default null
)
returns boolean
language sql
security invoker
set search_path = ''
as $$
  with done as (
    update private.booking_notifications n
       set status = 'sent',
           sent_at = now(),
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

-- Records a failed attempt: retry_in_seconds (clamped to 1 s .. 1 h) schedules the next one; null means the
-- failure is permanent. Dead when permanent or past deliver_by (a reminder after its call started is useless).
create function public.fail_booking_notification(
  job_id uuid,
  claim_token uuid,
  error text,
  retry_in_seconds integer default null
)
returns boolean
language sql
security invoker
set search_path = ''
as $$
  with failed as (
    update private.booking_notifications n
       set status = case
             when retry_in_seconds is null
                  or now() + make_interval(secs => least(greatest(coalesce(retry_in_seconds, 0), 1), 3600)) >= n.deliver_by
               then 'dead'
             else 'pending'
           end,
           next_attempt_at = now() + make_interval(secs => least(greatest(coalesce(retry_in_seconds, 0), 1), 3600)),
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

-- ---------------------------------------------------------------------------------------------------------
-- For operators (`npm run leads`): each request's bookings with their history and messages, and cancelling or
-- moving a booked call for a visitor who phones in. The changes go through the visitor functions themselves
-- (private.cancel_booking, private.move_booking): the same rules, the same exclusion constraint, the same
-- messages to the visitor and the team.

-- Bookings that are or were a call (held times given back are left out), newest first.
create function public.booking_overview(request_ids uuid[] default null)
returns table (
  booking_id uuid,
  request_id uuid,
  email text,
  status text,
  starts_at timestamptz,
  ends_at timestamptz,
  visitor_time_zone text,
  team_time_zone text,
  sequence integer,
  created_at timestamptz,
  history jsonb,
  messages jsonb
)
language sql
stable
security invoker
set search_path = ''
as $$
  select b.id, b.request_id, b.email, b.status, b.starts_at, b.ends_at, b.visitor_time_zone,
         (select s.team_time_zone from private.booking_settings s), b.sequence, b.created_at,
         coalesce((select jsonb_agg(jsonb_build_object('at', h.at, 'event', h.event, 'starts_at', h.starts_at)
                                    order by h.at, h.id)
                     from private.booking_history h where h.booking_id = b.id), '[]'::jsonb),
         coalesce((select jsonb_agg(jsonb_build_object(
                            'kind', n.kind, 'recipient', n.recipient, 'status', n.status, 'sequence', n.sequence,
                            'due_at', n.next_attempt_at, 'sent_at', n.sent_at, 'attempts', n.attempts,
                            'last_error', n.last_error)
                          order by n.queue_position)
                     from private.booking_notifications n where n.booking_id = b.id), '[]'::jsonb)
    from private.bookings b
   where (request_ids is null or b.request_id = any (request_ids))
     and b.status in ('held', 'booked', 'cancelled')
   order by b.created_at desc
$$;

-- The booked call an operator means: a booking id, or the visitor's e-mail address (compared as the lead rules
-- compare addresses), whose call has not ended. 'not_found' or 'ambiguous' (with the candidates) otherwise.
create function public.find_operator_booking(reference text)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  with candidates as (
    select b.id, b.email, b.status, b.starts_at
      from private.bookings b
     where case
             when reference ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then b.id = reference::uuid
             else b.status = 'booked' and b.ends_at > now()
                  and private.lead_address_key(b.email) = private.lead_address_key(reference)
           end
  )
  select case
    when (select count(*) from candidates) = 0 then jsonb_build_object('status', 'not_found')
    when (select count(*) from candidates) > 1 then jsonb_build_object(
      'status', 'ambiguous',
      'candidates', (select jsonb_agg(jsonb_build_object('booking_id', c.id, 'starts_at', c.starts_at) order by c.starts_at)
                       from candidates c))
    else (select jsonb_build_object('status', 'found', 'booking_id', c.id, 'booking_status', c.status,
                                    'email', c.email, 'starts_at', c.starts_at) from candidates c)
  end
$$;

create function public.operator_cancel_booking(booking_id uuid)
returns jsonb
language sql
volatile
security invoker
set search_path = ''
as $$
  select case
    when b.id is null then jsonb_build_object('status', 'not_found')
    when b.status <> 'booked' then jsonb_build_object('status', b.status, 'booking_id', b.id)
    else private.cancel_booking(b.manage_token)
  end
  from (select operator_cancel_booking.booking_id as wanted) w
  left join private.bookings b on b.id = w.wanted
$$;

create function public.operator_move_booking(booking_id uuid, starts_at timestamptz)
returns jsonb
language sql
volatile
security invoker
set search_path = ''
as $$
  select case
    when b.id is null then jsonb_build_object('status', 'not_found')
    when b.status <> 'booked' then jsonb_build_object('status', b.status, 'booking_id', b.id)
    else private.move_booking(b.manage_token, operator_move_booking.starts_at)
  end
  from (select operator_move_booking.booking_id as wanted) w
  left join private.bookings b on b.id = w.wanted
$$;

-- Supabase grants EXECUTE on new functions in `public` to anon and authenticated (and PUBLIC has it by
-- default): take it away, then give it to service_role alone.
revoke all on function public.claim_booking_notifications(integer, integer) from public, anon, authenticated;
revoke all on function public.complete_booking_notification(uuid, uuid, text) from public, anon, authenticated;
revoke all on function public.fail_booking_notification(uuid, uuid, text, integer) from public, anon, authenticated;
revoke all on function public.booking_overview(uuid[]) from public, anon, authenticated;
revoke all on function public.find_operator_booking(text) from public, anon, authenticated;
revoke all on function public.operator_cancel_booking(uuid) from public, anon, authenticated;
revoke all on function public.operator_move_booking(uuid, timestamptz) from public, anon, authenticated;
grant execute on function public.claim_booking_notifications(integer, integer) to service_role;
grant execute on function public.complete_booking_notification(uuid, uuid, text) to service_role;
grant execute on function public.fail_booking_notification(uuid, uuid, text, integer) to service_role;
grant execute on function public.booking_overview(uuid[]) to service_role;
grant execute on function public.find_operator_booking(text) to service_role;
grant execute on function public.operator_cancel_booking(uuid) to service_role;
grant execute on function public.operator_move_booking(uuid, timestamptz) to service_role;
