-- The experiment report: an experiment's visits, leads and calls by the variant each visit saw.

create or replace function private.insights_experiment(experiment_id text, started_at timestamptz)
returns table (variant integer, visitors integer, engaged integer, leads integer, booked integer, attended integer)
language plpgsql
stable
security definer
set search_path = ''
set plan_cache_mode = 'force_custom_plan'
as $$
#variable_conflict use_column
declare
  experiment constant text := experiment_id;
  since constant timestamptz := started_at;
begin
  perform private.insights_require_team_member();
  perform private.insights_check_experiment(experiment, since);
  return query
  with exposures as (
    -- Each visit of the experiment once, with the version of its first page view of it since the start.
    select distinct on (e.visit_id) e.visit_id, split_part(e.variant, ':', 2)::integer as arm
      from private.visit_events e
     where split_part(e.variant, ':', 1) = experiment and e.kind = 'page_view' and e.variant is not null
       and e.occurred_at >= since and e.variant ~ '^[^:]+:(0|[1-9][0-9]?)$'
     order by e.visit_id, e.occurred_at, e.id
  ),
  lead_visits as (
    select l.visit_id, bool_or(b.id is not null) as booked, bool_or(coalesce(o.outcome = 'attended', false)) as attended
      from private.insights_counted_leads(since, 'infinity') l
      left join private.bookings b on b.request_id = l.id and b.status = 'booked'
      left join private.call_outcomes o on o.booking_id = b.id
     where l.visit_id is not null
     group by l.visit_id
  ),
  visits as (
    select x.arm,
           exists (select 1 from private.visit_events e
                    where e.visit_id = x.visit_id and e.kind in ('chat_opened', 'form_started')
                      and e.occurred_at >= since) as engaged,
           lv.visit_id is not null as sent_lead, coalesce(lv.booked, false) as booked,
           coalesce(lv.attended, false) as attended
      from exposures x
      left join lead_visits lv on lv.visit_id = x.visit_id
  )
  select v.arm, count(*)::integer, (count(*) filter (where v.engaged))::integer,
         (count(*) filter (where v.sent_lead))::integer, (count(*) filter (where v.booked))::integer,
         (count(*) filter (where v.attended))::integer
    from visits v
   group by v.arm
   order by v.arm;
end;
$$;
revoke all on function private.insights_experiment(text,timestamp with time zone) from public, anon, authenticated, service_role;
grant execute on function private.insights_experiment(text,timestamp with time zone) to authenticated;

-- The data API's function (POST /rest/v1/rpc/insights_experiment): a security invoker wrapper, as the other reports.
create or replace function public.insights_experiment(experiment_id text, started_at timestamptz)
returns table (variant integer, visitors integer, engaged integer, leads integer, booked integer, attended integer)
language sql
stable
set search_path = ''
as $$ select * from private.insights_experiment(experiment_id, started_at) $$;
revoke all on function public.insights_experiment(text,timestamp with time zone) from public, anon, authenticated, service_role;
grant execute on function public.insights_experiment(text,timestamp with time zone) to authenticated;
