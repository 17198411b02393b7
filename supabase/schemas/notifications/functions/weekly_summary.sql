-- The weekly summary e-mail (issue 44): queued every Monday at 08:00 in the team's zone, delivered as a job of the
-- outbox's lead notifications.

-- Queues the week that ended at this Monday 00:00 (local) once this Monday's 08:00 (local) has come, due then.
-- Idempotent: a second run, or two at once, leave one job.
create or replace function private.queue_weekly_summary()
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
  perform private.queue_lead_notification('weekly_summary', summary_week => monday - 7, next_attempt_at => due);
end;
$$;
revoke all on function private.queue_weekly_summary() from public, anon, authenticated, service_role;

-- A claimed weekly summary's figures: the week and the week before, as the dashboard's overview reads them. Only the
-- current claim's holder gets them (null otherwise).
create or replace function private.weekly_summary(job_id uuid, claim_token uuid)
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
  select n.summary_week into week_start from private.outbox n
   where n.id = weekly_summary.job_id and n.queue = 'lead_notification' and n.kind = 'weekly_summary'
     and n.status = 'sending'
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
revoke all on function private.weekly_summary(uuid,uuid) from public, anon, authenticated, service_role;
grant execute on function private.weekly_summary(uuid,uuid) to service_role;

create or replace function public.weekly_summary(job_id uuid, claim_token uuid)
returns jsonb
language sql
volatile
set search_path = ''
as $$ select private.weekly_summary(job_id, claim_token) $$;
revoke all on function public.weekly_summary(uuid,uuid) from public, anon, authenticated, service_role;
grant execute on function public.weekly_summary(uuid,uuid) to service_role;
