-- Where a booked call's event is in its host's calendar (issue 43). calendar-sync writes the call as
-- `<calendar_url>booking-<id>.ics`, but the host's calendar may hold the call's UID under another name already:
-- their mail app added the invitation notify-leads e-mailed. The server refuses the PUT as a UID conflict
-- (CALDAV:no-uid-conflict), and the function updates the event where it is instead. The booking's later writes
-- (a move's put, the cancel's delete) must go there too, so each write done records where it left the event.
--
-- What: private.calendar_writes.event_href, the event's address after the write (a put's: where it wrote it; a
-- delete's: null). public.complete_calendar_write takes it (a third argument, default null, so a call with two
-- arguments records null as before). public.claim_calendar_writes answers, for each write, the event_href of the
-- last write done for the same booking and host before it (null: none, or the last was a delete): the function
-- writes there, else at the call's own name. The function only ever uses an address inside the host's calendar
-- collection (a host whose calendar_url changed since gets the call's own name).

alter table private.calendar_writes add column event_href text;

comment on column private.calendar_writes.event_href is
  'The event''s address in the host''s calendar after this write was done (a delete: null).';

drop function public.complete_calendar_write(uuid, uuid);

create function public.complete_calendar_write(job_id uuid, claim_token uuid, event_href text default null)
returns boolean
language sql
volatile
security invoker
set search_path = ''
as $$
  with done as (
    update private.calendar_writes w
       set status = 'done', done_at = now(), claim_token = null, lease_expires_at = null, last_error = null,
           event_href = left(complete_calendar_write.event_href, 2000)
     where w.id = complete_calendar_write.job_id
       and w.claim_token = complete_calendar_write.claim_token
       and w.status = 'sending'
    returning 1
  )
  select count(*) = 1 from done
$$;

-- Restated from 20261126100000_booking_hosts.sql with one more column, event_href (a function's result type
-- cannot change in place, hence drop and create).
drop function public.claim_calendar_writes(integer, integer);

create function public.claim_calendar_writes(batch_size integer default 10, lease_seconds integer default 120)
returns table (job_id uuid, claim_token uuid, action text, sequence integer, attempts integer, booking jsonb, host jsonb,
               event_href text)
language sql
volatile
security invoker
set search_path = ''
as $$
  with token as (
    select gen_random_uuid() as value
  ),
  due as (
    select w.id
      from private.calendar_writes w
     where w.status in ('pending', 'sending')
       and w.next_attempt_at <= now()
       and not exists (
             select 1 from private.calendar_writes earlier
              where earlier.booking_id = w.booking_id and earlier.host_id = w.host_id
                and earlier.queue_position < w.queue_position and earlier.status in ('pending', 'sending'))
     order by w.next_attempt_at, w.queue_position
     limit greatest(1, least(batch_size, 100))
       for update skip locked
  ),
  claimed as (
    update private.calendar_writes w
       set status = 'sending',
           claim_token = token.value,
           attempts = w.attempts + 1,
           last_attempt_at = now(),
           lease_expires_at = now() + make_interval(secs => greatest(lease_seconds, 10)),
           next_attempt_at = now() + make_interval(secs => greatest(lease_seconds, 10))
      from due, token
     where w.id = due.id
    returning w.*
  )
  select c.id, c.claim_token, c.action, c.sequence, c.attempts,
         (select jsonb_build_object(
                   'id', b.id, 'sequence', greatest(b.sequence, c.sequence),
                   'status', b.status, 'starts_at', b.starts_at, 'ends_at', b.ends_at,
                   'visitor_time_zone', b.visitor_time_zone, 'name', r.name, 'email', b.email,
                   'company', r.company, 'phone', r.phone, 'message', r.message)
            from private.bookings b join public.consultation_requests r on r.id = b.request_id
           where b.id = c.booking_id),
         (select jsonb_build_object('id', h.id, 'name', h.name, 'email', h.email, 'calendar_url', h.calendar_url,
                                    'credential_key', h.credential_key, 'time_zone', h.time_zone)
            from private.booking_hosts h where h.id = c.host_id),
         (select prior.event_href
            from private.calendar_writes prior
           where prior.booking_id = c.booking_id and prior.host_id = c.host_id
             and prior.queue_position < c.queue_position and prior.status = 'done'
           order by prior.queue_position desc
           limit 1)
    from claimed c
$$;

revoke all on function public.claim_calendar_writes(integer, integer),
  public.complete_calendar_write(uuid, uuid, text)
  from public, anon, authenticated;
grant execute on function public.claim_calendar_writes(integer, integer),
  public.complete_calendar_write(uuid, uuid, text)
  to service_role;
