-- The dashboard's first screen asks for three reports at once (overview, sources, pages). Each began by taking the
-- fill's advisory lock (private.insights_fill_days), which is held to the end of the transaction, so the three ran
-- one after the other even when every day of the period was added up already. Now a report takes the lock only when
-- a day of its period is still to be added up (or is kept for another zone), and the lead and call lists are
-- SQL-standard bodies the planner inlines into each report instead of calling them as functions.

-- What private.insights_fill_days has to do for [from_day, to_day) in `zone`: the finished days not added up for the
-- zone yet (null: none), and whether days of the period are kept for another zone (the team's zone changed). Names
-- in a SQL-standard body are bound when it is created, so it needs no search_path.
create function private.insights_days_to_fill(from_day date, to_day date, zone text, out wanted date[],
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

revoke all on function private.insights_days_to_fill(date, date, text) from public, anon, authenticated, service_role;

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

-- As in 20261202120000_insights_reports.sql, as SQL-standard bodies: a function with a SET clause is called, its rows
-- collected, for each report (tens of milliseconds for a year of leads); one without is inlined into the query.
create or replace function private.insights_counted_leads(period_start timestamptz, period_end timestamptz)
returns table (lead_table text, id uuid, created_at timestamptz, attribution jsonb, visit_id uuid)
language sql
stable
begin atomic
  select 'consultation_requests', r.id, r.created_at, r.attribution, (r.attribution ->> 'visit_id')::uuid
    from public.consultation_requests r
   where r.created_at >= period_start and r.created_at < period_end
     and r.duplicate_of is null and (r.hold_reason is null or r.released_at is not null)
  union all
  select 'contact_messages', m.id, m.created_at, m.attribution, (m.attribution ->> 'visit_id')::uuid
    from public.contact_messages m
   where m.created_at >= period_start and m.created_at < period_end
     and m.duplicate_of is null and (m.hold_reason is null or m.released_at is not null);
end;

create or replace function private.insights_booked_calls(period_start timestamptz, period_end timestamptz)
returns table (booking_id uuid, created_at timestamptz, cancelled boolean, attended boolean, awaiting_outcome boolean,
               attribution jsonb, visit_id uuid)
language sql
stable
begin atomic
  select b.id, b.created_at, b.status = 'cancelled', coalesce(o.outcome = 'attended', false), o.booking_id is null,
         r.attribution, (r.attribution ->> 'visit_id')::uuid
    from private.bookings b
    join public.consultation_requests r on r.id = b.request_id
    left join private.call_outcomes o on o.booking_id = b.id
   where b.created_at >= period_start and b.created_at < period_end and b.status in ('booked', 'cancelled');
end;

-- A lead's visit is looked up by its id in every report (its first page view in the period: private.insights_figures,
-- private.insights_leads_and_calls; the experiment's engaged visits): with the time, the kind and the attribution in
-- the index, a lookup reads the index alone (once vacuum has marked the table's pages all-visible, as autovacuum
-- does after inserts) instead of each of the visit's rows in the table. It replaces the index on visit_id alone.
create index visit_events_visit_time_idx on private.visit_events (visit_id, occurred_at)
  include (kind, utm_source, referrer_host, utm_campaign, landing_page);
drop index private.visit_events_visit_idx;
