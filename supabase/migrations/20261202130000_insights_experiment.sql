-- The experiment report (issue 44, docs/insights.md "Experiments"): what the dashboard's Experiments section reads
-- for one experiment of the content, by the version each visit saw.
--
--   public.insights_experiment(experiment_id, started_at)
--     one row per version index seen, ordered by index (0 is the original, 1.. the variants in the content's order):
--     variant, visitors, engaged, leads, booked, attended
--
-- Who may read it: as public.insights_overview (20261202120000_insights_reports.sql): `authenticated` may execute the
-- security invoker wrapper in public and the security definer function in private behind it, which first asks
-- private.insights_require_team_member() and raises 42501 for anyone but a signed-in team member; anon may execute
-- neither (PostgREST answers 401 with 42501). The check of the arguments is no API role's.
--
-- What each number is:
-- - visitors: the distinct visits with a page view whose variant is '<experiment_id>:<index>' (the label the site
--   sends: src/content-model/experiment-schema.ts variantLabel) at or after started_at. A visit's version is that of
--   its first such page view (a visit sees one version: the index is a function of the experiment and the visit id),
--   and it is counted once however many pages it viewed. Labels of other experiments, and malformed ones, are not
--   read.
-- - engaged: of those visits, the ones with a chat_opened or form_started event at or after started_at (on any page).
-- - leads: of those visits, the ones that sent a lead counted as the other reports count leads
--   (private.insights_counted_leads: not a duplicate, not held, e.g. as part of a flood or for a missing challenge,
--   unless released), created at or after started_at and joined by attribution.visit_id. A visit is counted once
--   however many leads it sent (as the overview's funnel counts visits), so leads <= visitors, which the dashboard's
--   chance to beat the original needs (src/insights/experiments/stats.ts: conversions are visitors who converted).
-- - booked: of those, the visits one of whose counted leads has a booked call (private.bookings status 'booked', as
--   the funnel: a cancelled call is not a call); attended: of those, the ones whose call's outcome is 'attended'.
--
-- Raw events are kept 90 days (20261202100000_visit_events.sql), and the daily rollups after them keep no visit id,
-- so the report covers the visits whose events are still kept: of an experiment that started more than 90 days ago,
-- the first visits are no longer counted (nor their leads).
--
-- How: the experiment's page views are read by an index of their own (the experiment id part of the label, then the
-- time; partial, so it holds only the page views that carry a variant), each such visit's other events by the
-- events' index on visit_id, and the leads since started_at by their tables' indexes on created_at.

create index visit_events_experiment_idx on private.visit_events (split_part(variant, ':', 1), occurred_at)
  where kind = 'page_view' and variant is not null;

-- Raises 22023 with what is wrong unless the arguments name an experiment as the content does: its id (lowercase
-- letters, digits and single dashes, src/content-model/experiment-schema.ts EXPERIMENT_ID_PATTERN; at most 80
-- characters) and its start, not after now.
create function private.insights_check_experiment(experiment_id text, started_at timestamptz)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if experiment_id is null or experiment_id !~ '^[a-z0-9]+(-[a-z0-9]+)*$' or char_length(experiment_id) > 80 then
    raise exception 'experiment_id must be the experiment''s id as in the content: lowercase letters, digits and single '
                    'dashes, at most 80 characters (this one is %).',
                    coalesce(quote_literal(left(experiment_id, 100)), 'missing')
      using errcode = '22023';
  end if;
  if started_at is null then
    raise exception 'started_at is missing: the report counts from the experiment''s start (its startedAt); a draft '
                    'has no report.'
      using errcode = '22023';
  end if;
  if started_at > now() then
    raise exception 'started_at (%) is in the future: the report counts the visits since the experiment started.',
                    started_at
      using errcode = '22023';
  end if;
end;
$$;

create function private.insights_experiment(experiment_id text, started_at timestamptz)
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

-- The data API's function (POST /rest/v1/rpc/insights_experiment): a security invoker wrapper, as the other reports.
create function public.insights_experiment(experiment_id text, started_at timestamptz)
returns table (variant integer, visitors integer, engaged integer, leads integer, booked integer, attended integer)
language sql
stable
set search_path = ''
as $$ select * from private.insights_experiment(experiment_id, started_at) $$;

revoke all on function private.insights_check_experiment(text, timestamptz),
  private.insights_experiment(text, timestamptz), public.insights_experiment(text, timestamptz)
  from public, anon, authenticated, service_role;
grant execute on function private.insights_experiment(text, timestamptz), public.insights_experiment(text, timestamptz)
  to authenticated;
