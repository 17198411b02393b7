-- The weekly summary e-mail (issue 44, docs/insights.md "The weekly summary"): every Monday at 08:00 in the team's
-- time zone (private.visit_time_zone(), the booking settings' team_time_zone) the team's address gets one e-mail
-- about the week just ended (Monday 00:00 to Monday 00:00 local): the dashboard's first-screen figures of that week
-- and of the week before. Delivered as the held-lead digest is (20261127100000_held_leads.sql): a job of the lead
-- outbox (private.lead_notifications) without a lead, claimed, completed, failed and given up by the same functions,
-- its content read under the claim by public.weekly_summary(job_id, claim_token) (supabase/functions/notify-leads).
--
-- Exactly once per week: a job is the week's (summary_week, the local date of the Monday that starts the summarised
-- week), one per week by a unique index, queued by private.queue_weekly_summary() (insert … on conflict do nothing),
-- which pg_cron runs every hour at minute 5 where it exists. Which week: when private.clock_now() (the settable
-- clock, 20261201110000_booking_clock.sql; now() on a hosted project) is at or after this week's Monday 08:00 in the
-- team's zone, the week that ended at this Monday 00:00, due at that 08:00. The instant is computed with the zone's
-- rules (`(monday::timestamp + time '08:00') at time zone zone`), never a fixed offset, so it is 08:00 local in a
-- week across a daylight-saving change and in zones such as Asia/Kolkata (+5:30) and Asia/Kathmandu (+5:45). A run
-- before Monday 08:00 queues nothing new (the previous week's job was queued a week ago); a run missed for hours
-- (pg_cron down) queues the week at the next run, still due at 08:00 and so claimed at once. A team that changes its
-- zone on a Monday morning may get that week's e-mail at 08:00 of whichever zone is current when a run first passes it.
--
-- The figures: public.weekly_summary adds up both weeks' finished days (private.insights_fill_days) and answers
--   { "time_zone", "week_start": 'YYYY-MM-DD' (the Monday), "week_end": 'YYYY-MM-DD' (the Sunday, inclusive),
--     "current": private.insights_figures(week_start, week_start + 7, false),
--     "previous": private.insights_figures(week_start - 7, week_start, false) }
-- the same figures objects as public.insights_overview's `current` and `previous` for those days (visitors, engaged,
-- leads, booked, attended, cancelled, awaiting_outcome, rates, funnel, left_out, rollup_days, from_day, to_day), read
-- when the job is delivered (a retry reads them again: a call's outcome recorded in between shows). null when the
-- claim is not that job's current one (its lease ran out and another run holds it), as held_lead_digest.
--
-- Who: public.weekly_summary and private.weekly_summary are service_role's only (the Edge Function's key); the
-- queueing function is no API role's (pg_cron runs it as the owner). anon and authenticated execute neither.
--
-- The claim (public.claim_lead_notifications) now also returns each job's `kind` ('lead', 'held_digest',
-- 'weekly_summary'), so the function dispatches a job without a lead by its kind; the columns before it are as they
-- were. Locally (no pg_cron) nothing queues the summary by itself: `select private.queue_weekly_summary()` as the
-- database owner does.

alter table private.lead_notifications
  -- The Monday (the team's local date) that starts the week a weekly summary reports; null for every other kind.
  add column summary_week date,
  drop constraint lead_notifications_kind,
  drop constraint lead_notifications_kind_shape,
  add constraint lead_notifications_kind check (kind in ('lead', 'held_digest', 'weekly_summary')),
  add constraint lead_notifications_kind_shape check (
    case kind
      when 'lead' then lead_table is not null and lead_id is not null and digest_hour is null and summary_week is null
      when 'held_digest' then lead_table is null and lead_id is null and digest_hour is not null
                              and summary_week is null
      else lead_table is null and lead_id is null and digest_hour is null and summary_week is not null
           and extract(isodow from summary_week) = 1
    end);
create unique index lead_notifications_one_summary_per_week on private.lead_notifications (summary_week)
  where kind = 'weekly_summary';

-- Queues the week that ended at this Monday 00:00 (local) once this Monday's 08:00 (local) has come, due then.
-- Idempotent: a second run, or two at once, leave one job.
create function private.queue_weekly_summary()
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  zone constant text := private.visit_time_zone();
  clock constant timestamptz := private.clock_now();
  today constant date := (clock at time zone zone)::date;
  monday constant date := today - (extract(isodow from today)::integer - 1);
  due constant timestamptz := (monday::timestamp + time '08:00') at time zone zone;
begin
  if clock < due then
    return;
  end if;
  insert into private.lead_notifications (kind, summary_week, next_attempt_at)
  values ('weekly_summary', monday - 7, due)
  on conflict do nothing;
end;
$$;

-- A claimed weekly summary's figures: the week and the week before, as the dashboard's overview reads them. Only the
-- current claim's holder gets them (null otherwise).
create function private.weekly_summary(job_id uuid, claim_token uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  zone constant text := private.visit_time_zone();
  week_start date;
begin
  select n.summary_week into week_start from private.lead_notifications n
   where n.id = weekly_summary.job_id and n.kind = 'weekly_summary' and n.status = 'sending'
     and n.claim_token = weekly_summary.claim_token;
  if week_start is null then
    return null;
  end if;
  perform private.insights_fill_days(week_start - 7, week_start + 7);
  return jsonb_build_object(
    'time_zone', zone,
    'week_start', to_char(week_start, 'YYYY-MM-DD'),
    'week_end', to_char(week_start + 6, 'YYYY-MM-DD'),
    'current', private.insights_figures(week_start, week_start + 7, false),
    'previous', private.insights_figures(week_start - 7, week_start, false));
end;
$$;

create function public.weekly_summary(job_id uuid, claim_token uuid)
returns jsonb
language sql
volatile
set search_path = ''
as $$ select private.weekly_summary(job_id, claim_token) $$;

revoke all on function private.queue_weekly_summary() from public, anon, authenticated, service_role;
revoke all on function private.weekly_summary(uuid, uuid), public.weekly_summary(uuid, uuid)
  from public, anon, authenticated;
grant execute on function private.weekly_summary(uuid, uuid), public.weekly_summary(uuid, uuid) to service_role;

-- The claim, as 20261130100000_flood_settle.sql left it, with the job's kind as a last column (a changed result type
-- cannot be replaced in place: dropped and created again, with the same privileges).
drop function public.claim_lead_notifications(integer, integer);
create function public.claim_lead_notifications(batch_size integer default 10, lease_seconds integer default 120)
returns table (
  job_id uuid,
  claim_token uuid,
  lead_table text,
  lead_id uuid,
  attempts integer,
  queued_at timestamptz,
  lead jsonb,
  kind text
)
language sql
security invoker
set search_path = ''
as $$
  select private.hold_leads_a_flood_followed();

  with token as (
    select gen_random_uuid() as value
  ),
  due as (
    select n.id
      from private.lead_notifications n
     where n.status in ('pending', 'sending')
       and n.next_attempt_at <= now()
       and n.settle_until is null
     order by n.next_attempt_at
     limit greatest(1, least(batch_size, 100))
       for update skip locked
  ),
  claimed as (
    update private.lead_notifications n
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
  select c.id, c.claim_token, c.lead_table, c.lead_id, c.attempts, c.created_at,
         case c.lead_table
           when 'consultation_requests' then
             (select to_jsonb(r) - 'client_hash' from public.consultation_requests r where r.id = c.lead_id)
           else
             (select to_jsonb(r) - 'client_hash' from public.contact_messages r where r.id = c.lead_id)
         end,
         c.kind
    from claimed c
$$;
revoke all on function public.claim_lead_notifications(integer, integer) from public, anon, authenticated;
grant execute on function public.claim_lead_notifications(integer, integer) to service_role;

-- Hosted projects with pg_cron: every hour at minute 5 (pg_cron's hours are UTC), so a week's job is queued within
-- the hour after Monday 08:00 local and sent by the next minute's notify-leads run: at about 08:05 in a zone a whole
-- number of hours off UTC, 08:35 in Asia/Kolkata, 08:50 in Asia/Kathmandu. Pure SQL, as the other nightly jobs.
-- Where pg_cron is not available the schedule is skipped.
do $$
begin
  if exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron;
    perform cron.schedule('weekly-summary', '5 * * * *', $job$select private.queue_weekly_summary()$job$);
  end if;
end;
$$;
