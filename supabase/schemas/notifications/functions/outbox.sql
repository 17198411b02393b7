-- The outbox's one mechanism (private.outbox): claim due jobs of a queue with a lease, then complete or fail each
-- (with backoff and a limit); and the report of what gave up. Each queue's public functions (claim_booking_
-- notifications, claim_calendar_writes, claim_lead_notifications, …) are these plus what their Edge Function reads
-- with a job.

-- Claims up to batch_size due jobs of one queue for lease_seconds: pending jobs whose time has come, and jobs whose
-- previous claimer's lease ran out (it crashed or timed out). `skip locked` lets concurrent runs share the queue
-- without waiting for or taking each other's jobs. Each claim gets a fresh token; only the holder of the current
-- token can complete or fail the job. A job waits while an earlier job with its ordering key that holds the order
-- is pending or being sent, and while its settle_until is set (a lead's job is judged first).
create or replace function private.claim_outbox(queue_name text, batch_size integer, lease_seconds integer)
returns setof private.outbox
language sql
set search_path = ''
as $$
  with token as (
    select gen_random_uuid() as value
  ),
  clock as (
    select private.clock_now() as clock_now
  ),
  due as (
    select n.id
      from private.outbox n
     where n.queue = queue_name
       and n.status in ('pending', 'sending')
       and n.next_attempt_at <= (select private.clock_now())
       and n.settle_until is null
       and not exists (
             select 1 from private.outbox earlier
              where earlier.queue = n.queue
                and earlier.ordering_key = n.ordering_key
                and earlier.queue_position < n.queue_position
                and earlier.holds_order
                and earlier.status in ('pending', 'sending'))
     order by n.next_attempt_at, n.queue_position
     limit greatest(1, least(batch_size, 100))
       for update skip locked
  )
  update private.outbox n
     set status = 'sending',
         claim_token = token.value,
         attempts = n.attempts + 1,
         last_attempt_at = clock.clock_now,
         lease_expires_at = clock.clock_now + make_interval(secs => greatest(lease_seconds, 10)),
         next_attempt_at = clock.clock_now + make_interval(secs => greatest(lease_seconds, 10))
    from due, token, clock
   where n.id = due.id
  returning n.*
$$;
revoke all on function private.claim_outbox(text,integer,integer) from public, anon, authenticated, service_role;
grant execute on function private.claim_outbox(text,integer,integer) to service_role;

-- Records a job done. False when the claim is no longer the caller's (its lease expired and another run took the
-- job): that run's outcome counts instead.
create or replace function private.complete_outbox_job(
  queue_name text,
  job_id uuid,
  claim_token uuid,
  provider_message_id text default null,
  event_href text default null
)
returns boolean
language sql
set search_path = ''
as $$
  with done as (
    update private.outbox n
       set status = 'sent',
           sent_at = (select private.clock_now()),
           provider_message_id = complete_outbox_job.provider_message_id,
           event_href = left(complete_outbox_job.event_href, 2000),
           last_error = null,
           claim_token = null,
           lease_expires_at = null
     where n.id = complete_outbox_job.job_id
       and n.queue = queue_name
       and n.claim_token = complete_outbox_job.claim_token
       and n.status = 'sending'
    returning 1
  )
  select count(*) = 1 from done
$$;
revoke all on function private.complete_outbox_job(text,uuid,uuid,text,text) from public, anon, authenticated, service_role;
grant execute on function private.complete_outbox_job(text,uuid,uuid,text,text) to service_role;

-- Records a failed attempt. retry_in_seconds (clamped to 1 s .. 1 h: the caller's backoff, or a Retry-After)
-- schedules the next attempt; null means the failure is permanent. The job gives up (dead, keeping its last
-- error) when the failure is permanent or the next attempt would come after its deliver_by; a lead notification
-- when it fails at or after its deliver_by (it is retried for 24 hours, its last attempt may come after them).
-- False when the claim is no longer the caller's.
create or replace function private.fail_outbox_job(
  queue_name text,
  job_id uuid,
  claim_token uuid,
  error text,
  retry_in_seconds integer default null
)
returns boolean
language sql
set search_path = ''
as $$
  with clock as (
    select private.clock_now() as clock_now,
           make_interval(secs => least(greatest(coalesce(retry_in_seconds, 0), 1), 3600)) as retry_in
  ),
  failed as (
    update private.outbox n
       set status = case
             when retry_in_seconds is null
               or clock.clock_now + case when n.queue = 'lead_notification' then interval '0' else clock.retry_in end
                  >= n.deliver_by
             then 'dead'
             else 'pending'
           end,
           next_attempt_at = clock.clock_now + clock.retry_in,
           last_error = left(coalesce(fail_outbox_job.error, 'unknown error'), 2000),
           claim_token = null,
           lease_expires_at = null
      from clock
     where n.id = fail_outbox_job.job_id
       and n.queue = queue_name
       and n.claim_token = fail_outbox_job.claim_token
       and n.status = 'sending'
    returning 1
  )
  select count(*) = 1 from failed
$$;
revoke all on function private.fail_outbox_job(text,uuid,uuid,text,integer) from public, anon, authenticated, service_role;
grant execute on function private.fail_outbox_job(text,uuid,uuid,text,integer) to service_role;

-- What gave up, newest first, for the operator (`npm run leads`) and monitoring: each dead job's queue, kind,
-- booking, attempts and last error. No personal data.
create or replace function public.outbox_dead_letters(queue_name text default null)
returns table (
  job_id uuid,
  queue text,
  kind text,
  booking_id uuid,
  recipient text,
  host_id uuid,
  attempts integer,
  queued_at timestamptz,
  last_attempt_at timestamptz,
  last_error text
)
language sql
stable
security invoker
set search_path = ''
as $$
  select n.id, n.queue, n.kind, n.booking_id, n.recipient, n.host_id, n.attempts, n.created_at, n.last_attempt_at,
         n.last_error
    from private.outbox n
   where n.status = 'dead' and (queue_name is null or n.queue = queue_name)
   order by n.last_attempt_at desc nulls last, n.queue_position desc
$$;
revoke all on function public.outbox_dead_letters(text) from public, anon, authenticated, service_role;
grant execute on function public.outbox_dead_letters(text) to service_role;
