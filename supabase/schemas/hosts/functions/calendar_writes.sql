-- The calendar writes' outbox as calendar-sync works through it: claim due writes with a lease, then complete or
-- fail each (with backoff and a limit).

-- A calendar write's idempotency key: one write per booking, host, action and SEQUENCE.
create or replace function private.calendar_write_key(booking_id uuid, host_id uuid, action text, sequence integer)
returns text
language sql
immutable
set search_path = ''
as $$
  select concat_ws(':', booking_id, host_id, action, sequence)
$$;
revoke all on function private.calendar_write_key(uuid,uuid,text,integer) from public, anon, authenticated, service_role;

-- Claims up to batch_size due writes for lease_seconds through the outbox's one claim (private.claim_outbox: skip
-- locked, a fresh claim token; a crashed run's writes are due again when its lease ends). A write waits while an
-- earlier write of the same booking to the same host is pending, so a calendar never sees a delete before the put
-- it removes. `sequence` is the invitation's SEQUENCE when the write was queued; `booking` is the call as it is
-- now, so a put always writes the latest time. `event_href` is where the last write done for the same booking and
-- host left the event (null: none, or the last was a delete): calendar-sync writes there, else at the call's own
-- name (issue 43: the host's mail app may have filed the invitation under another name).
create or replace function public.claim_calendar_writes(batch_size integer default 10, lease_seconds integer default 120)
returns table (job_id uuid, claim_token uuid, action text, sequence integer, attempts integer, booking jsonb, host jsonb,
               event_href text)
language sql
volatile
security invoker
set search_path = ''
as $$
  with claimed as (
    select * from private.claim_outbox('calendar_write', batch_size, lease_seconds)
  )
  select c.id, c.claim_token, c.kind, c.sequence, c.attempts,
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
            from private.outbox prior
           where prior.queue = 'calendar_write' and prior.ordering_key = c.ordering_key
             and prior.queue_position < c.queue_position and prior.status = 'sent'
           order by prior.queue_position desc
           limit 1)
    from claimed c
$$;
revoke all on function public.claim_calendar_writes(integer,integer) from public, anon, authenticated, service_role;
grant execute on function public.claim_calendar_writes(integer,integer) to service_role;

-- Records a write done and where it left the event (a delete: null); false when the claim is no longer the
-- caller's.
create or replace function public.complete_calendar_write(job_id uuid, claim_token uuid, event_href text default null)
returns boolean
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.complete_outbox_job('calendar_write', job_id, claim_token, event_href => event_href)
$$;
revoke all on function public.complete_calendar_write(uuid,uuid,text) from public, anon, authenticated, service_role;
grant execute on function public.complete_calendar_write(uuid,uuid,text) to service_role;

-- A failed attempt (private.fail_outbox_job): retried after retry_in_seconds (1 s .. 1 h), or given up when that
-- is null (a write has no deliver_by: it is retried until calendar-sync gives it up).
create or replace function public.fail_calendar_write(job_id uuid, claim_token uuid, error text, retry_in_seconds integer default null)
returns boolean
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.fail_outbox_job('calendar_write', job_id, claim_token, error, retry_in_seconds)
$$;
revoke all on function public.fail_calendar_write(uuid,uuid,text,integer) from public, anon, authenticated, service_role;
grant execute on function public.fail_calendar_write(uuid,uuid,text,integer) to service_role;
