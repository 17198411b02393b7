-- The calendar writes' outbox as calendar-sync works through it: claim due writes with a lease, then complete or
-- fail each (with backoff and a limit).

-- Claims up to batch_size due writes for lease_seconds (skip locked, a fresh claim token; a crashed run's writes
-- are due again when its lease ends). A write waits while an earlier write of the same booking to the same host
-- is pending, so a calendar never sees a delete before the put it removes. `sequence` is the invitation's
-- SEQUENCE when the write was queued; `booking` is the call as it is now, so a put always writes the latest time.
create or replace function public.claim_calendar_writes(batch_size integer default 10, lease_seconds integer default 120)
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
revoke all on function public.claim_calendar_writes(integer,integer) from public, anon, authenticated, service_role;
grant execute on function public.claim_calendar_writes(integer,integer) to service_role;

create or replace function public.complete_calendar_write(job_id uuid, claim_token uuid, event_href text default null)
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
revoke all on function public.complete_calendar_write(uuid,uuid,text) from public, anon, authenticated, service_role;
grant execute on function public.complete_calendar_write(uuid,uuid,text) to service_role;

-- A failed attempt: retried after retry_in_seconds (1 s .. 1 h), or given up when that is null.
create or replace function public.fail_calendar_write(job_id uuid, claim_token uuid, error text, retry_in_seconds integer default null)
returns boolean
language sql
volatile
security invoker
set search_path = ''
as $$
  with failed as (
    update private.calendar_writes w
       set status = case when retry_in_seconds is null then 'dead' else 'pending' end,
           next_attempt_at = now() + make_interval(secs => least(greatest(coalesce(retry_in_seconds, 0), 1), 3600)),
           last_error = left(coalesce(fail_calendar_write.error, 'unknown error'), 2000),
           claim_token = null,
           lease_expires_at = null
     where w.id = fail_calendar_write.job_id
       and w.claim_token = fail_calendar_write.claim_token
       and w.status = 'sending'
    returning 1
  )
  select count(*) = 1 from failed
$$;
revoke all on function public.fail_calendar_write(uuid,uuid,text,integer) from public, anon, authenticated, service_role;
grant execute on function public.fail_calendar_write(uuid,uuid,text,integer) to service_role;
