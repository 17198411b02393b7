-- The overview report: the first screen's figures for a period (KPI cards, the funnel, the daily chart).

-- The overview's figures of one period: { visitors, engaged, leads, booked, attended, cancelled, awaiting_outcome,
-- rates, funnel, left_out, rollup_days } and, with `with_daily`, `daily`: one row per day of the period (zero-filled)
-- with visitors, leads and booked. No permission check: the entry points below make it. Expects the period's
-- finished days added up (private.insights_fill_days).
create or replace function private.insights_figures(from_day date, to_day date, with_daily boolean)
returns jsonb
language plpgsql
stable
set search_path = ''
set plan_cache_mode = 'force_custom_plan'
as $$
declare
  zone constant text := private.visit_time_zone();
  period_start constant timestamptz := from_day::timestamp at time zone zone;
  period_end constant timestamptz := to_day::timestamp at time zone zone;
  -- Leads before this have no raw events left to look their visit up in.
  raw_start constant timestamptz := greatest(from_day, private.insights_raw_from_day(zone))::timestamp at time zone zone;
  figures jsonb;
begin
  with days as materialized (
    select r.day, r.visitors, least(r.engaged, r.visitors) as engaged
      from private.insights_period_rows(from_day, to_day, array['visits']) r
  ),
  leads as materialized (
    select l.visit_id, l.created_at, b.id is not null as booked, coalesce(o.outcome = 'attended', false) as attended,
           l.created_at < raw_start
             or exists (select 1 from private.visit_events e
                         where e.visit_id = l.visit_id and e.kind = 'page_view'
                           and e.occurred_at >= period_start and e.occurred_at < period_end) as visit_counted
      from private.insights_counted_leads(period_start, period_end) l
      left join private.bookings b on b.request_id = l.id and b.status = 'booked'
      left join private.call_outcomes o on o.booking_id = b.id
  ),
  calls as materialized (
    select c.created_at, c.cancelled, c.attended, c.awaiting_outcome
      from private.insights_booked_calls(period_start, period_end) c
  ),
  visit_leads as (
    -- The visits that sent a lead of the period (and viewed a page in it), and whether it went on to a call.
    select l.visit_id, count(*) as leads, bool_or(l.booked) as booked, bool_or(l.attended) as attended
      from leads l
     where l.visit_id is not null and l.visit_counted
     group by l.visit_id
  ),
  totals as (
    select (select coalesce(sum(d.visitors), 0) from days d) as visitors,
           (select coalesce(sum(d.engaged), 0) from days d) as engaged,
           (select count(*) from leads) as leads,
           (select count(*) filter (where not c.cancelled) from calls c) as booked,
           (select count(*) filter (where not c.cancelled and c.attended) from calls c) as attended,
           (select count(*) filter (where c.cancelled) from calls c) as cancelled,
           (select count(*) filter (where not c.cancelled and c.awaiting_outcome) from calls c) as awaiting_outcome
  ),
  funnel as (
    select t.visitors as visits, t.engaged,
           (select count(*) from visit_leads) as leads,
           (select count(*) filter (where vl.booked) from visit_leads vl) as booked,
           (select count(*) filter (where vl.attended) from visit_leads vl) as attended,
           t.leads - (select coalesce(sum(vl.leads), 0) from visit_leads vl) as leads_without_visit
      from totals t
  ),
  left_out as (
    select (select coalesce(sum(d.bot_events), 0) from private.visit_event_days d
             where d.day >= from_day and d.day < to_day) as bot_events,
           (select coalesce(sum(d.flood_held_events), 0) from private.visit_event_days d
             where d.day >= from_day and d.day < to_day) as flood_held_events,
           (select count(*) from (
              select 1 from public.consultation_requests r
               where r.created_at >= period_start and r.created_at < period_end
                 and r.duplicate_of is null and r.hold_reason is not null and r.released_at is null
              union all
              select 1 from public.contact_messages m
               where m.created_at >= period_start and m.created_at < period_end
                 and m.duplicate_of is null and m.hold_reason is not null and m.released_at is null) held
           ) as held_leads
  ),
  daily as (
    select jsonb_agg(jsonb_build_object(
             'day', g.day,
             'visitors', coalesce(v.visitors, 0),
             'leads', coalesce(l.leads, 0),
             'booked', coalesce(c.booked, 0)) order by g.day) as rows
      from (select s::date as day from generate_series(from_day::timestamp, (to_day - 1)::timestamp, interval '1 day') s) g
      left join days v on v.day = g.day
      left join (select (l.created_at at time zone zone)::date as day, count(*) as leads from leads l group by 1) l
        on l.day = g.day
      left join (select (c.created_at at time zone zone)::date as day, count(*) as booked
                   from calls c where not c.cancelled group by 1) c
        on c.day = g.day
     where with_daily
  )
  select jsonb_build_object(
           'from_day', from_day,
           'to_day', to_day,
           'visitors', t.visitors,
           'engaged', t.engaged,
           'leads', t.leads,
           'booked', t.booked,
           'attended', t.attended,
           'cancelled', t.cancelled,
           'awaiting_outcome', t.awaiting_outcome,
           'rates', jsonb_build_object(
             'engaged', private.insights_rate(t.engaged, t.visitors),
             'leads', private.insights_rate(t.leads, t.visitors),
             'booked', private.insights_rate(t.booked, t.leads),
             'attended', private.insights_rate(t.attended, t.booked)),
           'funnel', to_jsonb(f),
           'left_out', to_jsonb(o),
           'rollup_days', private.insights_rollup_days(from_day, to_day))
         || case when with_daily then jsonb_build_object('daily', (select d.rows from daily d)) else '{}'::jsonb end
    into figures
    from totals t, funnel f, left_out o;
  return figures;
end;
$$;
revoke all on function private.insights_figures(date,date,boolean) from public, anon, authenticated, service_role;

-- The entry points: the permission check, the period's check, the period's days added up, then the report.
create or replace function private.insights_overview(from_day date, to_day date)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  zone constant text := private.visit_time_zone();
  length_days integer;
begin
  perform private.insights_require_team_member();
  perform private.insights_check_period(from_day, to_day);
  length_days := to_day - from_day;
  perform private.insights_fill_days(from_day - length_days, to_day);
  return jsonb_build_object(
    'time_zone', zone,
    'today', (now() at time zone zone)::date,
    'days', length_days,
    'current', private.insights_figures(from_day, to_day, true),
    'previous', private.insights_figures(from_day - length_days, from_day, false));
end;
$$;
revoke all on function private.insights_overview(date,date) from public, anon, authenticated, service_role;
grant execute on function private.insights_overview(date,date) to authenticated;

-- The data API's functions (POST /rest/v1/rpc/<name>): security invoker wrappers. Volatile: a report may add up
-- finished days (private.insights_fill_days), so it is called with POST, as supabase-js calls rpc.
create or replace function public.insights_overview(from_day date, to_day date)
returns jsonb
language sql
volatile
set search_path = ''
as $$ select private.insights_overview(from_day, to_day) $$;
revoke all on function public.insights_overview(date,date) from public, anon, authenticated, service_role;
grant execute on function public.insights_overview(date,date) to authenticated;
