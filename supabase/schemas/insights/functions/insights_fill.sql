-- The reports' days are added up once: raw days and rolled-up days into private.insights_days, under the fill's
-- advisory lock only when a day is still to be added up.

-- The first team day that still has raw events: days before it are read from the rollups. 'infinity' when there
-- are no raw events (every day is then a rollup day, and may have none).
create or replace function private.insights_raw_from_day(zone text)
returns date
language sql
stable
set search_path = ''
as $$
  select coalesce((select (min(e.occurred_at) at time zone zone)::date from private.visit_events e), 'infinity'::date)
$$;
revoke all on function private.insights_raw_from_day(text) from public, anon, authenticated, service_role;

-- What private.insights_fill_days has to do for [from_day, to_day) in `zone`: the finished days not added up for the
-- zone yet (null: none), and whether days of the period are kept for another zone (the team's zone changed). Names
-- in a SQL-standard body are bound when it is created, so it needs no search_path.
create or replace function private.insights_days_to_fill(from_day date, to_day date, zone text, out wanted date[],
                                              out other_zone boolean)
language sql
stable
begin atomic
  select (select array_agg(g::date order by g)
            from generate_series(from_day::timestamp, (to_day - 1)::timestamp, interval '1 day') g
           where (g::date + 1)::timestamp at time zone zone <= now() - interval '5 minutes'
             and not exists (select 1 from private.insights_cached_days c where c.day = g::date and c.time_zone = zone)),
         exists (select 1 from private.insights_cached_days c
                  where c.day >= from_day and c.day < to_day and c.time_zone <> zone);
end;
revoke all on function private.insights_days_to_fill(date,date,text) from public, anon, authenticated, service_role;

-- The rows of `days` (team days) from their raw events: per day, each visit with a page view that day, with the
-- attribution of its first page view that day and whether it engaged that day; and per page, the visits that viewed
-- it and those that engaged on it.
create or replace function private.insights_raw_day_rows(days date[], zone text)
returns table (day date, dimension text, name text, visitors bigint, engaged bigint)
language plpgsql
stable
set search_path = ''
set plan_cache_mode = 'force_custom_plan'
set work_mem = '64MB'
as $$
#variable_conflict use_column
declare
  scan_start timestamptz;
  scan_end timestamptz;
begin
  if coalesce(cardinality(days), 0) = 0 then
    return;
  end if;
  select min(d)::timestamp at time zone zone, (max(d) + 1)::timestamp at time zone zone
    into scan_start, scan_end
    from unnest(days) d;
  return query
  with page_views as (
    select (e.occurred_at at time zone zone)::date as day, e.visit_id, e.utm_source, e.referrer_host,
           e.utm_campaign, e.landing_page, min(e.occurred_at) as first_at
      from private.visit_events e
     where e.occurred_at >= scan_start and e.occurred_at < scan_end and e.kind = 'page_view'
     group by 1, 2, 3, 4, 5, 6
  ),
  firsts as (
    select distinct on (v.day, v.visit_id) v.day, v.visit_id, v.utm_source, v.referrer_host, v.utm_campaign,
           v.landing_page
      from page_views v
     where v.day = any (days)
     order by v.day, v.visit_id, v.first_at
  ),
  paths as materialized (
    select (e.occurred_at at time zone zone)::date as day, e.path, e.visit_id,
           bool_or(e.kind = 'page_view') as viewed, bool_or(e.kind <> 'page_view') as engaged
      from private.visit_events e
     where e.occurred_at >= scan_start and e.occurred_at < scan_end
     group by 1, 2, 3
  ),
  engagements as (
    select p.day, p.visit_id from paths p where p.engaged group by p.day, p.visit_id
  ),
  visits as materialized (
    select f.day, f.utm_source, f.referrer_host, f.utm_campaign, f.landing_page, g.visit_id is not null as engaged
      from firsts f
      left join engagements g on g.day = f.day and g.visit_id = f.visit_id
  )
  select v.day, 'visits', null::text, count(*), count(*) filter (where v.engaged) from visits v group by v.day
  union all
  select v.day, 'source', private.insights_source(v.utm_source, v.referrer_host), count(*),
         count(*) filter (where v.engaged)
    from visits v
   group by v.day, 3
  union all
  select v.day, 'campaign', v.utm_campaign, count(*), count(*) filter (where v.engaged)
    from visits v
   group by v.day, v.utm_campaign
  union all
  select v.day, 'landing_page', v.landing_page, count(*), count(*) filter (where v.engaged)
    from visits v
   group by v.day, v.landing_page
  union all
  select p.day, 'page', p.path, count(*) filter (where p.viewed), count(*) filter (where p.engaged)
    from paths p
   where p.day = any (days)
   group by p.day, p.path;
end;
$$;
revoke all on function private.insights_raw_day_rows(date[],text) from public, anon, authenticated, service_role;

-- The rows of `days` from the daily rollups (approximate: see the top).
create or replace function private.insights_rollup_day_rows(days date[])
returns table (day date, dimension text, name text, visitors bigint, engaged bigint)
language sql
stable
set search_path = ''
as $$
  with rollups as (
    select d.day, d.path, d.landing_page, private.insights_source(d.utm_source, d.referrer_host) as source,
           d.utm_campaign, d.visits,
           d.kind = 'page_view' and d.path = coalesce(d.landing_page, d.path) as landing_row,
           d.kind = 'page_view' as viewed_row
      from private.visit_daily d
     where d.day = any (days)
  )
  select r.day, 'visits', null::text, coalesce(sum(r.visits) filter (where r.landing_row), 0),
         least(coalesce(sum(r.visits) filter (where not r.viewed_row), 0),
               coalesce(sum(r.visits) filter (where r.landing_row), 0))
    from rollups r
   group by r.day
  union all
  select r.day, 'source', r.source, coalesce(sum(r.visits) filter (where r.landing_row), 0),
         coalesce(sum(r.visits) filter (where not r.viewed_row), 0)
    from rollups r
   group by r.day, r.source
  union all
  select r.day, 'campaign', r.utm_campaign, coalesce(sum(r.visits) filter (where r.landing_row), 0),
         coalesce(sum(r.visits) filter (where not r.viewed_row), 0)
    from rollups r
   group by r.day, r.utm_campaign
  union all
  select r.day, 'landing_page', r.landing_page, coalesce(sum(r.visits) filter (where r.landing_row), 0),
         coalesce(sum(r.visits) filter (where not r.viewed_row), 0)
    from rollups r
   group by r.day, r.landing_page
  union all
  select r.day, 'page', r.path, coalesce(sum(r.visits) filter (where r.viewed_row), 0),
         coalesce(sum(r.visits) filter (where not r.viewed_row), 0)
    from rollups r
   group by r.day, r.path
$$;
revoke all on function private.insights_rollup_day_rows(date[]) from public, anon, authenticated, service_role;

-- How many days of [from_day, to_day) were added up from the rollups (approximate).
create or replace function private.insights_rollup_days(from_day date, to_day date)
returns bigint
language sql
stable
set search_path = ''
as $$
  select count(*) from private.insights_cached_days c
   where c.day >= from_day and c.day < to_day and c.from_rollups and c.time_zone = private.visit_time_zone()
$$;
revoke all on function private.insights_rollup_days(date,date) from public, anon, authenticated, service_role;

-- Adds up every finished day of [from_day, to_day) not added up yet for the team's zone: from its raw events, or
-- from the rollups for a day before them. A day is finished 5 minutes after the team's midnight (an event's time is
-- its transaction's start, so one begun just before midnight may still be on its way). One fill at a time.
create or replace function private.insights_fill_days(from_day date, to_day date)
returns integer
language plpgsql
volatile
set search_path = ''
as $$
declare
  zone constant text := private.visit_time_zone();
  todo record;
  raw_from date;
  wanted date[];
begin
  -- Nothing to do (the nightly fill keeps every finished day added up): no lock, so reports run side by side.
  todo := private.insights_days_to_fill(from_day, to_day, zone);
  if todo.wanted is null and not todo.other_zone then
    return 0;
  end if;
  -- One fill at a time; a report waiting here finds the days the other added up once it has them.
  perform pg_advisory_xact_lock(hashtextextended('insights:fill_days', 0));
  -- Days added up for another zone are not this zone's days: they go, and are added up again once finished in this
  -- zone (until then they are read live, and must not be read twice).
  delete from private.insights_cached_days c where c.day >= from_day and c.day < to_day and c.time_zone <> zone;
  wanted := (private.insights_days_to_fill(from_day, to_day, zone)).wanted;
  if wanted is null then
    return 0;
  end if;
  raw_from := private.insights_raw_from_day(zone);
  delete from private.insights_cached_days c where c.day = any (wanted);
  insert into private.insights_cached_days (day, time_zone, from_rollups)
  select w, zone, w < raw_from and exists (select 1 from private.visit_daily d where d.day = w)
    from unnest(wanted) w;
  insert into private.insights_days (day, dimension, name, visitors, engaged)
  select * from private.insights_raw_day_rows(array(select w from unnest(wanted) w where w >= raw_from), zone)
  union all
  select * from private.insights_rollup_day_rows(array(select w from unnest(wanted) w where w < raw_from));
  -- Many days at once (a first fill): fresh statistics, so the reports' plans read them by day at once.
  if cardinality(wanted) > 30 then
    analyze private.insights_cached_days;
    analyze private.insights_days;
  end if;
  return cardinality(wanted);
end;
$$;
revoke all on function private.insights_fill_days(date,date) from public, anon, authenticated, service_role;

-- Every night where pg_cron exists (and by hand anywhere): the last 400 days, so the reports find every finished
-- day added up, from its raw events, before the retention deletes them.
create or replace function private.insights_fill_recent_days()
returns integer
language sql
volatile
set search_path = ''
as $$ select private.insights_fill_days(((now() at time zone private.visit_time_zone())::date - 400), ((now() at time zone private.visit_time_zone())::date + 1)) $$;
revoke all on function private.insights_fill_recent_days() from public, anon, authenticated, service_role;

-- A period's rows: the added-up days, and the days not finished yet (today) live from their events. Called after
-- private.insights_fill_days for the period, so every added-up day of it is of the team's current zone.
create or replace function private.insights_period_rows(from_day date, to_day date, dimensions text[])
returns table (day date, dimension text, name text, visitors bigint, engaged bigint)
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_column
declare
  zone constant text := private.visit_time_zone();
  live date[];
begin
  select array_agg(g::date order by g) into live
    from generate_series(from_day::timestamp, (to_day - 1)::timestamp, interval '1 day') g
   where not exists (select 1 from private.insights_cached_days c where c.day = g::date and c.time_zone = zone)
     and g::date <= (now() at time zone zone)::date;
  return query
  select d.day, d.dimension, d.name, d.visitors::bigint, d.engaged::bigint
    from private.insights_days d
   where d.day >= from_day and d.day < to_day and d.dimension = any (dimensions)
  union all
  select r.day, r.dimension, r.name, r.visitors, r.engaged
    from private.insights_raw_day_rows(live, zone) r
   where r.dimension = any (dimensions);
end;
$$;
revoke all on function private.insights_period_rows(date,date,text[]) from public, anon, authenticated, service_role;
