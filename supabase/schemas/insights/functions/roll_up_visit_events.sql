-- Raw events are kept 90 days: each day is rolled up into daily aggregates, and expired events are deleted.

-- Replaces the rollup of every team day before `before` that still has raw events by those events' counts, so
-- re-running a day never doubles it. Answers how many days it rolled up.
create or replace function private.roll_up_visit_events(before date)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  zone constant text := private.visit_time_zone();
  rollup_end constant timestamptz := before::timestamp at time zone zone;
  days date[];
begin
  perform pg_advisory_xact_lock(hashtextextended('visit_events:roll_up', 0));
  select array_agg(distinct (e.occurred_at at time zone zone)::date) into days
    from private.visit_events e
   where e.occurred_at < rollup_end;
  if days is null then
    return 0;
  end if;
  delete from private.visit_daily d where d.day = any (days);
  insert into private.visit_daily (day, path, landing_page, referrer_host, utm_source, utm_medium, utm_campaign, variant,
                                   kind, events, visits)
  select (e.occurred_at at time zone zone)::date, e.path, e.landing_page, e.referrer_host, e.utm_source, e.utm_medium,
         e.utm_campaign, e.variant, e.kind, count(*), count(distinct e.visit_id)
    from private.visit_events e
   where e.occurred_at < rollup_end
   group by 1, 2, 3, 4, 5, 6, 7, 8, 9;
  return cardinality(days);
end;
$$;
revoke all on function private.roll_up_visit_events(date) from public, anon, authenticated, service_role;

-- Rolls up every day before today, then deletes the raw events of the days more than 90 days before today (whole
-- days, so a day is never rolled up from part of its events), the salts of days before today and the counters
-- older than a minute. With dry_run, only says what it would delete. 90 = content/site.json privacy.visitEventDays.
create or replace function private.delete_expired_visit_events(dry_run boolean default false)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  days_kept constant integer := 90;
  zone constant text := private.visit_time_zone();
  today constant date := (now() at time zone zone)::date;
  cutoff constant timestamptz := (today - days_kept)::timestamp at time zone zone;
  rolled_up integer := 0;
  deleted_events bigint := 0;
  deleted_salts integer := 0;
begin
  if dry_run then
    return jsonb_build_object('dry_run', true, 'days_kept', days_kept, 'cutoff', cutoff,
                              'expired_events', (select count(*) from private.visit_events e where e.occurred_at < cutoff));
  end if;
  rolled_up := private.roll_up_visit_events(today);
  delete from private.visit_events e where e.occurred_at < cutoff;
  get diagnostics deleted_events = row_count;
  delete from private.visit_salts s where s.day < today;
  get diagnostics deleted_salts = row_count;
  delete from private.visit_event_clients c where c.counted_at <= now() - interval '1 minute';
  return jsonb_build_object('dry_run', false, 'days_kept', days_kept, 'cutoff', cutoff, 'rolled_up_days', rolled_up,
                            'deleted_events', deleted_events, 'deleted_salts', deleted_salts);
end;
$$;
revoke all on function private.delete_expired_visit_events(boolean) from public, anon, authenticated, service_role;
grant execute on function private.delete_expired_visit_events(boolean) to service_role;

-- `npm run leads -- retention` (service_role): the same, through the data API.
create or replace function public.delete_expired_visit_events(dry_run boolean default false)
returns jsonb
language sql
volatile
set search_path = ''
as $$ select private.delete_expired_visit_events(dry_run) $$;
revoke all on function public.delete_expired_visit_events(boolean) from public, anon, authenticated, service_role;
grant execute on function public.delete_expired_visit_events(boolean) to service_role;
