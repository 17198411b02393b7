-- The team's reports (issue 44, DESIGN.md "Insights"; docs/insights.md "The reports"): what the dashboard at
-- /insights reads. Three functions, each for a period of the team's calendar days [from_day, to_day) (days in
-- private.booking_settings.team_time_zone, as private.visit_day counts them, so a day across a daylight-saving
-- change is 23 or 25 hours long):
--
--   public.insights_overview(from_day, to_day)          the first screen: figures of the period and of the previous
--                                                       period of the same length, the daily series, the funnel,
--                                                       what was left out (bots, floods, held leads)
--   public.insights_sources(from_day, to_day, touch)    by source and by campaign, first or last touch
--   public.insights_pages(from_day, to_day)             by page and by landing page
--
-- Who may read them: only a signed-in team member (private.is_team_member(), 20261202110000_team_members.sql).
-- `authenticated` may execute the security invoker wrappers in public and the security definer functions in private
-- behind them (the booking functions' pattern); the private function first asks private.is_team_member() and raises
-- 42501 for anyone else, so a signed-in stranger, or a member taken off the list while their token is still valid,
-- reads nothing. anon may execute none of them (PostgREST answers 401 with 42501). The helpers below are no API
-- role's.
--
-- What each number is (the same words as docs/insights.md):
-- - visitors: per team day, the distinct visit ids with a page view that day, added up over the period's days. A
--   visit seen on two days (a tab kept open overnight; a visit id lives as long as its tab) is a visitor of each
--   day, as Plausible's daily-salted unique visitors are; within a day a visit is counted once.
-- - engaged: per day, the visitors of the day that opened the chat or started a form that day; added up.
-- - leads: rows of public.consultation_requests and public.contact_messages created in the period that are not
--   duplicates (duplicate_of is null) and not held as part of a flood (hold_reason is null, or the lead was released:
--   released_at is not null). These are exactly the leads the team was told about; a held lead counts from its
--   release on (on the day it arrived) and, until then, only in left_out.held_leads. Whether or not a lead carries a
--   visit id makes no difference here.
-- - booked: rows of private.bookings with status 'booked' whose booking was made in the period (created_at: when the
--   visitor picked the time; the confirmation follows within the hold's minutes). A row is 'booked' from its
--   confirmation until it is cancelled ('cancelled'; a cancelled call is not a call, as in public.call_show_rates,
--   and is counted apart as `cancelled`); a moved call is the same row, still booked, counted once; a hold that ran
--   out ('expired') or is still open ('held') was never booked.
-- - attended: booked calls (as above, by when they were booked) whose outcome is recorded as 'attended'
--   (private.call_outcomes). So attended <= booked in every period, and attended / booked is the show rate of that
--   period's bookings; a call still ahead, or whose outcome is not recorded yet, is `awaiting_outcome`.
-- - the funnel: visits and engaged visits as above; then the visits (distinct ids) that sent a lead in the period
--   whose visit viewed a page in the period (joined by attribution.visit_id), booked a call from it (at any time) and
--   attended it. Leads of the period whose visit id is missing (Do Not Track or Global Privacy Control: no id is
--   sent) or viewed no page in the period (before it, or held as a flood) are `leads_without_visit`.
-- - the tables (sources, campaigns, pages, landing pages): visitors by where their visit came from (the day's first
--   page view: its utm_source, else referrer host, else "direct"; its campaign; its landing page) or by the page
--   viewed; leads of the period and calls booked in the period by where their lead came from (first touch: the
--   lead's visit's first page view in the period, else the lead's own attribution; last touch: the lead's own
--   attribution when it was sent). So each table's leads, booked and attended add up to the overview's, row for row
--   of the lead and booking tables.
--
-- How, and how fast (bench/insights-queries.ts measures it on a synthetic year of 2 million events and 20,000 leads):
-- a finished team day's events never change (an event's time is when it was stored: private.record_visit_events
-- takes no time from the browser), so each day is added up once, per dimension, into private.insights_days, and a
-- period reads those few rows per day plus today's events, live. A day is added up when a report first needs it (at
-- most one fill at a time), and every night by pg_cron where it exists, so the reports never wait for it. Leads,
-- bookings and outcomes are always read live (never cached: an erased or released lead, a cancelled call or a new
-- outcome shows at once), and a lead's visit is looked up by the events' index on visit_id.
--
-- Days older than the raw events (kept 90 days, 20261202100000_visit_events.sql) that were not added up while their
-- events were there are added up from the daily rollups (private.visit_daily); the rollups keep no visit id, so there
-- the visit figures are approximate (overview.current.rollup_days says how many days of a period are):
-- - visitors = visits of the rollup rows of page views on the visit's own landing page (path = landing_page): each
--   visit lands once, so a visit is counted once a day however many pages it saw (counting every page view row
--   would count a visit seen on two paths in a day twice). One whose landing page is not known is counted on every
--   path it saw that day; one that came back to its landing page is still counted once (a row counts distinct
--   visits).
-- - engaged = visits of the rollup rows of chat opened or form started, at most the day's visitors: a visit that
--   opened the chat and started a form, or engaged on two pages, counts twice.
-- - per page: visits of that path's rows (exact for the day: a visit is in one row per path); per landing page,
--   source and campaign: as visitors above.
-- - the funnel's lead, booked and attended steps count the leads that carry a visit id (the visit itself cannot be
--   looked up any more); leads and calls themselves are always exact (their tables are never rolled up).
-- Rows inserted by hand for a day already added up (tests, imports) are seen after `delete from
-- private.insights_cached_days where day = …`.

-- ---------------------------------------------------------------------------------------------------------
-- Helpers.

-- Raises the permission error unless the request is a signed-in team member's.
create function private.insights_require_team_member()
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not private.is_team_member() then
    raise exception 'Only signed-in team members can read the insights.'
      using errcode = '42501',
            hint = 'Sign in at /insights with an address on the team''s list (npm run team -- add <address>).';
  end if;
end;
$$;

-- Raises 22023 with what is wrong unless [from_day, to_day) is a period the reports answer: at least a day, at most
-- 1,100 (three years and the leap day; the previous period doubles it).
create function private.insights_check_period(from_day date, to_day date)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if from_day is null or to_day is null then
    raise exception 'A period needs its first day (from_day) and the day after its last (to_day).'
      using errcode = '22023';
  end if;
  if to_day <= from_day then
    raise exception 'The period ends (to_day %) before it starts (from_day %): to_day is the day after the last day.',
                    to_day, from_day
      using errcode = '22023';
  end if;
  if to_day - from_day > 1100 then
    raise exception 'A period is at most 1,100 days; this one has %.', to_day - from_day
      using errcode = '22023';
  end if;
end;
$$;

-- The first team day that still has raw events: days before it are read from the rollups. 'infinity' when there
-- are no raw events (every day is then a rollup day, and may have none).
create function private.insights_raw_from_day(zone text)
returns date
language sql
stable
set search_path = ''
as $$
  select coalesce((select (min(e.occurred_at) at time zone zone)::date from private.visit_events e), 'infinity'::date)
$$;

-- The pure helpers below are SQL-standard bodies (RETURN …), resolved when created and inlined into the queries
-- that use them (a function called per row costs more than the row: 20,000 leads are 20,000 calls): no
-- search_path to pin, every name qualified.

-- numerator / denominator to four places, or null when there is nothing to divide by.
create function private.insights_rate(numerator numeric, denominator numeric)
returns numeric
language sql
immutable
parallel safe
return case when denominator > 0 then pg_catalog.round(numerator / denominator, 4) end;

-- Where a visit came from, in one word: its utm_source, else the referring site's host (lower case, without
-- "www."), else "direct". The same for an event's fields and a lead's attribution, cut to the events' bound (200
-- characters, src/insights/visit-event-kinds.ts) so a lead and its visit always name the same source.
create function private.insights_source(utm_source text, referrer_host text)
returns text
language sql
immutable
parallel safe
return coalesce(pg_catalog.left(nullif(pg_catalog.btrim(utm_source), ''), 200),
                nullif(pg_catalog.regexp_replace(pg_catalog.lower(pg_catalog.left(pg_catalog.btrim(referrer_host), 200)),
                                                 '^www\.', ''), ''),
                'direct');

-- A lead's own source (its attribution when it was sent: the referrer is kept as an origin). Null when the lead
-- has no attribution at all (sent before attribution existed, or by an operator): unknown, not "direct".
create function private.insights_lead_source(attribution jsonb)
returns text
language sql
immutable
parallel safe
return case when attribution is not null then private.insights_source(
  attribution operator(pg_catalog.->>) 'utm_source',
  pg_catalog.substring(attribution operator(pg_catalog.->>) 'referrer', '^[A-Za-z][A-Za-z0-9+.-]*://([^/?#]+)'))
end;

create function private.insights_lead_campaign(attribution jsonb)
returns text
language sql
immutable
parallel safe
return pg_catalog.left(nullif(pg_catalog.btrim(attribution operator(pg_catalog.->>) 'utm_campaign'), ''), 200);

-- A page of a lead's attribution (landing_page or submitted_from) as the events name it: the path without its
-- query or fragment, at most 200 characters.
create function private.insights_lead_path(path text)
returns text
language sql
immutable
parallel safe
return pg_catalog.left(nullif(pg_catalog.split_part(pg_catalog.split_part(path, '#', 1), '?', 1), ''), 200);

-- The leads counted in [period_start, period_end) (see the top: not duplicates, not held unless released), with
-- the visit they carry.
create function private.insights_counted_leads(period_start timestamptz, period_end timestamptz)
returns table (lead_table text, id uuid, created_at timestamptz, attribution jsonb, visit_id uuid)
language sql
stable
set search_path = ''
as $$
  select 'consultation_requests', r.id, r.created_at, r.attribution, (r.attribution ->> 'visit_id')::uuid
    from public.consultation_requests r
   where r.created_at >= period_start and r.created_at < period_end
     and r.duplicate_of is null and (r.hold_reason is null or r.released_at is not null)
  union all
  select 'contact_messages', m.id, m.created_at, m.attribution, (m.attribution ->> 'visit_id')::uuid
    from public.contact_messages m
   where m.created_at >= period_start and m.created_at < period_end
     and m.duplicate_of is null and (m.hold_reason is null or m.released_at is not null)
$$;

-- Calls booked in [period_start, period_end) (see the top), with their request's attribution and whether the call
-- was attended; cancelled ones too, marked, for the overview to count apart.
create function private.insights_booked_calls(period_start timestamptz, period_end timestamptz)
returns table (booking_id uuid, created_at timestamptz, cancelled boolean, attended boolean, awaiting_outcome boolean,
               attribution jsonb, visit_id uuid)
language sql
stable
set search_path = ''
as $$
  select b.id, b.created_at, b.status = 'cancelled', coalesce(o.outcome = 'attended', false), o.booking_id is null,
         r.attribution, (r.attribution ->> 'visit_id')::uuid
    from private.bookings b
    join public.consultation_requests r on r.id = b.request_id
    left join private.call_outcomes o on o.booking_id = b.id
   where b.created_at >= period_start and b.created_at < period_end and b.status in ('booked', 'cancelled')
$$;

-- ---------------------------------------------------------------------------------------------------------
-- Finished days, added up once.

-- Which days are added up, for which team time zone (a change of zone makes every day be added up again), and
-- whether from the rollups (approximate).
create table private.insights_cached_days (
  day date primary key,
  time_zone text not null,
  from_rollups boolean not null,
  cached_at timestamptz not null default now()
);

-- A day's visitors and engaged visitors: in all ('visits', name null), by source, by campaign (null: none), by
-- landing page and by page. Aggregates only: no visit id, nothing about a person.
create table private.insights_days (
  day date not null references private.insights_cached_days (day) on delete cascade,
  dimension text not null,
  name text,
  visitors integer not null,
  engaged integer not null,
  constraint insights_days_dimension check (dimension in ('visits', 'source', 'campaign', 'landing_page', 'page'))
);
create unique index insights_days_key on private.insights_days (day, dimension, name) nulls not distinct;

alter table private.insights_cached_days enable row level security;
alter table private.insights_days enable row level security;
revoke all on table private.insights_cached_days, private.insights_days from public, anon, authenticated, service_role;
grant select on table private.insights_cached_days, private.insights_days to service_role;

-- The rows of `days` (team days) from their raw events: per day, each visit with a page view that day, with the
-- attribution of its first page view that day and whether it engaged that day; and per page, the visits that viewed
-- it and those that engaged on it.
create function private.insights_raw_day_rows(days date[], zone text)
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

-- The rows of `days` from the daily rollups (approximate: see the top).
create function private.insights_rollup_day_rows(days date[])
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

-- Adds up every finished day of [from_day, to_day) not added up yet for the team's zone: from its raw events, or
-- from the rollups for a day before them. A day is finished 5 minutes after the team's midnight (an event's time is
-- its transaction's start, so one begun just before midnight may still be on its way). One fill at a time.
create function private.insights_fill_days(from_day date, to_day date)
returns integer
language plpgsql
volatile
set search_path = ''
as $$
declare
  zone constant text := private.visit_time_zone();
  raw_from date;
  wanted date[];
begin
  perform pg_advisory_xact_lock(hashtextextended('insights:fill_days', 0));
  -- Days added up for another zone (the team's zone changed) are not this zone's days: they go, and are added up
  -- again once finished in this zone (until then they are read live, and must not be read twice).
  delete from private.insights_cached_days c where c.day >= from_day and c.day < to_day and c.time_zone <> zone;
  select array_agg(g::date order by g) into wanted
    from generate_series(from_day::timestamp, (to_day - 1)::timestamp, interval '1 day') g
   where (g::date + 1)::timestamp at time zone zone <= now() - interval '5 minutes'
     and not exists (select 1 from private.insights_cached_days c where c.day = g::date and c.time_zone = zone);
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

-- Every night where pg_cron exists (and by hand anywhere): the last 400 days, so the reports find every finished
-- day added up, from its raw events, before the retention deletes them.
create function private.insights_fill_recent_days()
returns integer
language sql
volatile
set search_path = ''
as $$ select private.insights_fill_days(((now() at time zone private.visit_time_zone())::date - 400), ((now() at time zone private.visit_time_zone())::date + 1)) $$;

-- A period's rows: the added-up days, and the days not finished yet (today) live from their events. Called after
-- private.insights_fill_days for the period, so every added-up day of it is of the team's current zone.
create function private.insights_period_rows(from_day date, to_day date, dimensions text[])
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

-- How many days of [from_day, to_day) were added up from the rollups (approximate).
create function private.insights_rollup_days(from_day date, to_day date)
returns bigint
language sql
stable
set search_path = ''
as $$
  select count(*) from private.insights_cached_days c
   where c.day >= from_day and c.day < to_day and c.from_rollups and c.time_zone = private.visit_time_zone()
$$;

-- Leads and calls of [period_start, period_end) with the visit each lead came from, when that visit viewed a page in
-- the period (its first page view there, by the events' index on visit_id): what the funnel and the tables join.
-- `leads` 1 for a lead, `booked` 1 for a call booked in the period (and `attended` 1 if attended).
create function private.insights_leads_and_calls(period_start timestamptz, period_end timestamptz)
returns table (visit_id uuid, attribution jsonb, leads integer, booked integer, attended integer, lead_booked boolean,
               lead_attended boolean, visit_found boolean, utm_source text, referrer_host text, utm_campaign text,
               landing_page text)
language sql
stable
set search_path = ''
as $$
  with both_kinds as (
    select l.visit_id, l.attribution, 1 as leads, 0 as booked, 0 as attended,
           b.id is not null as lead_booked, coalesce(o.outcome = 'attended', false) as lead_attended
      from private.insights_counted_leads(period_start, period_end) l
      left join private.bookings b on b.request_id = l.id and b.status = 'booked'
      left join private.call_outcomes o on o.booking_id = b.id
    union all
    select c.visit_id, c.attribution, 0, 1, c.attended::integer, true, c.attended
      from private.insights_booked_calls(period_start, period_end) c
     where not c.cancelled
  )
  select k.visit_id, k.attribution, k.leads, k.booked, k.attended, k.lead_booked, k.lead_attended,
         f.visit_id is not null, f.utm_source, f.referrer_host, f.utm_campaign, f.landing_page
    from both_kinds k
    left join lateral (
      select e.visit_id, e.utm_source, e.referrer_host, e.utm_campaign, e.landing_page
        from private.visit_events e
       where e.visit_id = k.visit_id and e.kind = 'page_view'
         and e.occurred_at >= period_start and e.occurred_at < period_end
       order by e.occurred_at
       limit 1
    ) f on k.visit_id is not null
$$;

-- ---------------------------------------------------------------------------------------------------------
-- The overview's figures of one period: { visitors, engaged, leads, booked, attended, cancelled, awaiting_outcome,
-- rates, funnel, left_out, rollup_days } and, with `with_daily`, `daily`: one row per day of the period (zero-filled)
-- with visitors, leads and booked. No permission check: the entry points below make it. Expects the period's
-- finished days added up (private.insights_fill_days).

create function private.insights_figures(from_day date, to_day date, with_daily boolean)
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

-- ---------------------------------------------------------------------------------------------------------
-- The entry points: the permission check, the period's check, the period's days added up, then the report.

create function private.insights_overview(from_day date, to_day date)
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

-- By source and by campaign. Visitors by their visit's attribution (the day's first page view); leads and calls by
-- `touch`: 'first', their visit's (its first page view in the period) when it viewed a page in the period, else the
-- lead's own attribution; 'last', the lead's own attribution when it was sent. (On this site a visit's page views
-- all carry the attribution its first page view recorded in the tab, and so does its lead, so the two differ only
-- where that was lost, e.g. storage refused.) Rows: dimension 'source' (name: utm_source, else referrer host, else
-- 'direct'; null: unknown, a lead without attribution) and 'campaign' (name: utm_campaign; null: none), each ranked
-- within its dimension by leads, then booked calls, then visitors.
create function private.insights_sources(from_day date, to_day date, touch text)
returns table (dimension text, name text, visitors bigint, leads bigint, booked bigint, attended bigint, rank bigint)
language plpgsql
volatile
security definer
set search_path = ''
set plan_cache_mode = 'force_custom_plan'
as $$
#variable_conflict use_column
declare
  zone constant text := private.visit_time_zone();
  first_touch boolean;
begin
  perform private.insights_require_team_member();
  perform private.insights_check_period(from_day, to_day);
  if touch is null or touch not in ('first', 'last') then
    raise exception 'touch must be ''first'' (the visit''s landing attribution) or ''last'' (the lead''s own).'
      using errcode = '22023';
  end if;
  first_touch := touch = 'first';
  perform private.insights_fill_days(from_day, to_day);
  return query
  with credited as (
    select case when first_touch and l.visit_found then private.insights_source(l.utm_source, l.referrer_host)
                else private.insights_lead_source(l.attribution) end as source,
           case when first_touch and l.visit_found then l.utm_campaign
                else private.insights_lead_campaign(l.attribution) end as campaign,
           l.leads, l.booked, l.attended
      from private.insights_leads_and_calls(from_day::timestamp at time zone zone,
                                            to_day::timestamp at time zone zone) l
  ),
  facts as (
    select r.dimension, r.name, r.visitors, 0::bigint as leads, 0::bigint as booked, 0::bigint as attended
      from private.insights_period_rows(from_day, to_day, array['source', 'campaign']) r
    union all
    select 'source', c.source, 0, sum(c.leads), sum(c.booked), sum(c.attended) from credited c group by c.source
    union all
    select 'campaign', c.campaign, 0, sum(c.leads), sum(c.booked), sum(c.attended) from credited c group by c.campaign
  ),
  grouped as (
    select f.dimension, f.name, sum(f.visitors)::bigint as visitors, sum(f.leads)::bigint as leads,
           sum(f.booked)::bigint as booked, sum(f.attended)::bigint as attended
      from facts f
     group by f.dimension, f.name
  )
  select g.dimension, g.name, g.visitors, g.leads, g.booked, g.attended,
         row_number() over (partition by g.dimension
                            order by g.leads desc, g.booked desc, g.visitors desc, g.name nulls last) as rank
    from grouped g
   order by g.dimension desc, rank;
end;
$$;

-- By page (the path an event happened on; a lead's page is the one it was sent from, attribution.submitted_from)
-- and by landing page (a visitor's, from the day's first page view; a lead's is its visit's when that visit viewed
-- a page in the period, else its own attribution's), each ranked by leads, then booked calls, then visitors.
-- Engaged: per page, the visits that opened the chat or started a form on it; per landing page, the visits that
-- landed there and engaged anywhere; at most the visitors.
create function private.insights_pages(from_day date, to_day date)
returns table (dimension text, name text, visitors bigint, engaged bigint, leads bigint, booked bigint, rank bigint)
language plpgsql
volatile
security definer
set search_path = ''
set plan_cache_mode = 'force_custom_plan'
as $$
#variable_conflict use_column
declare
  zone constant text := private.visit_time_zone();
begin
  perform private.insights_require_team_member();
  perform private.insights_check_period(from_day, to_day);
  perform private.insights_fill_days(from_day, to_day);
  return query
  with credited as (
    select private.insights_lead_path(l.attribution ->> 'submitted_from') as page,
           case when l.visit_found then l.landing_page
                else private.insights_lead_path(l.attribution ->> 'landing_page') end as landing_page,
           l.leads, l.booked
      from private.insights_leads_and_calls(from_day::timestamp at time zone zone,
                                            to_day::timestamp at time zone zone) l
  ),
  facts as (
    select r.dimension, r.name, r.visitors, r.engaged, 0::bigint as leads, 0::bigint as booked
      from private.insights_period_rows(from_day, to_day, array['page', 'landing_page']) r
    union all
    select 'page', c.page, 0, 0, sum(c.leads), sum(c.booked) from credited c group by c.page
    union all
    select 'landing_page', c.landing_page, 0, 0, sum(c.leads), sum(c.booked) from credited c group by c.landing_page
  ),
  grouped as (
    select f.dimension, f.name, sum(f.visitors)::bigint as visitors, sum(f.engaged)::bigint as engaged,
           sum(f.leads)::bigint as leads, sum(f.booked)::bigint as booked
      from facts f
     group by f.dimension, f.name
  )
  select g.dimension, g.name, g.visitors, least(g.engaged, g.visitors), g.leads, g.booked,
         row_number() over (partition by g.dimension
                            order by g.leads desc, g.booked desc, g.visitors desc, g.name nulls last) as rank
    from grouped g
   order by g.dimension desc, rank;
end;
$$;

-- The data API's functions (POST /rest/v1/rpc/<name>): security invoker wrappers. Volatile: a report may add up
-- finished days (private.insights_fill_days), so it is called with POST, as supabase-js calls rpc.
create function public.insights_overview(from_day date, to_day date)
returns jsonb
language sql
volatile
set search_path = ''
as $$ select private.insights_overview(from_day, to_day) $$;

create function public.insights_sources(from_day date, to_day date, touch text default 'first')
returns table (dimension text, name text, visitors bigint, leads bigint, booked bigint, attended bigint, rank bigint)
language sql
volatile
set search_path = ''
as $$ select * from private.insights_sources(from_day, to_day, touch) $$;

create function public.insights_pages(from_day date, to_day date)
returns table (dimension text, name text, visitors bigint, engaged bigint, leads bigint, booked bigint, rank bigint)
language sql
volatile
set search_path = ''
as $$ select * from private.insights_pages(from_day, to_day) $$;

revoke all on function private.insights_require_team_member(), private.insights_check_period(date, date),
  private.insights_raw_from_day(text), private.insights_rate(numeric, numeric), private.insights_source(text, text),
  private.insights_lead_source(jsonb), private.insights_lead_campaign(jsonb), private.insights_lead_path(text),
  private.insights_counted_leads(timestamptz, timestamptz), private.insights_booked_calls(timestamptz, timestamptz),
  private.insights_raw_day_rows(date[], text), private.insights_rollup_day_rows(date[]),
  private.insights_fill_days(date, date), private.insights_fill_recent_days(),
  private.insights_period_rows(date, date, text[]), private.insights_rollup_days(date, date),
  private.insights_leads_and_calls(timestamptz, timestamptz), private.insights_figures(date, date, boolean),
  private.insights_overview(date, date), private.insights_sources(date, date, text), private.insights_pages(date, date)
  from public, anon, authenticated, service_role;
revoke all on function public.insights_overview(date, date), public.insights_sources(date, date, text),
  public.insights_pages(date, date)
  from public, anon, authenticated, service_role;
grant execute on function private.insights_overview(date, date), private.insights_sources(date, date, text),
  private.insights_pages(date, date), public.insights_overview(date, date), public.insights_sources(date, date, text),
  public.insights_pages(date, date)
  to authenticated;

-- Hosted projects with pg_cron: add up yesterday every night at 03:27 UTC (before the retention at 03:37 deletes
-- the raw events of the 91st day back, long added up by then). Locally the reports add up what they need.
do $$
begin
  if exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron;
    perform cron.schedule('fill-insights-days', '27 3 * * *', $job$select private.insights_fill_recent_days()$job$);
  end if;
end;
$$;
