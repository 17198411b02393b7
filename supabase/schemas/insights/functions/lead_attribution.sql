-- Where the leads and calls came from, as the reports count them: a lead's source, campaign and landing path, the
-- leads and booked calls of a period.

-- numerator / denominator to four places, or null when there is nothing to divide by.
create or replace function private.insights_rate(numerator numeric, denominator numeric)
returns numeric
language sql
immutable
parallel safe
return case when denominator > 0 then pg_catalog.round(numerator / denominator, 4) end;
revoke all on function private.insights_rate(numeric,numeric) from public, anon, authenticated, service_role;

-- Where a visit came from, in one word: its utm_source, else the referring site's host (lower case, without
-- "www."), else "direct". The same for an event's fields and a lead's attribution, cut to the events' bound (200
-- characters, src/insights/visit-event-kinds.ts) so a lead and its visit always name the same source.
create or replace function private.insights_source(utm_source text, referrer_host text)
returns text
language sql
immutable
parallel safe
return coalesce(pg_catalog.left(nullif(pg_catalog.btrim(utm_source), ''), 200),
                nullif(pg_catalog.regexp_replace(pg_catalog.lower(pg_catalog.left(pg_catalog.btrim(referrer_host), 200)),
                                                 '^www\.', ''), ''),
                'direct');
revoke all on function private.insights_source(text,text) from public, anon, authenticated, service_role;

-- A lead's own source (its attribution when it was sent: the referrer is kept as an origin). Null when the lead
-- has no attribution at all (sent before attribution existed, or by an operator): unknown, not "direct".
create or replace function private.insights_lead_source(attribution jsonb)
returns text
language sql
immutable
parallel safe
return case when attribution is not null then private.insights_source(
  attribution operator(pg_catalog.->>) 'utm_source',
  pg_catalog.substring(attribution operator(pg_catalog.->>) 'referrer', '^[A-Za-z][A-Za-z0-9+.-]*://([^/?#]+)'))
end;
revoke all on function private.insights_lead_source(jsonb) from public, anon, authenticated, service_role;

create or replace function private.insights_lead_campaign(attribution jsonb)
returns text
language sql
immutable
parallel safe
return pg_catalog.left(nullif(pg_catalog.btrim(attribution operator(pg_catalog.->>) 'utm_campaign'), ''), 200);
revoke all on function private.insights_lead_campaign(jsonb) from public, anon, authenticated, service_role;

-- A page of a lead's attribution (landing_page or submitted_from) as the events name it: the path without its
-- query or fragment, at most 200 characters.
create or replace function private.insights_lead_path(path text)
returns text
language sql
immutable
parallel safe
return pg_catalog.left(nullif(pg_catalog.split_part(pg_catalog.split_part(path, '#', 1), '?', 1), ''), 200);
revoke all on function private.insights_lead_path(text) from public, anon, authenticated, service_role;

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
revoke all on function private.insights_counted_leads(timestamp with time zone,timestamp with time zone) from public, anon, authenticated, service_role;

-- Calls booked in [period_start, period_end) (see the top), with their request's attribution and whether the call
-- was attended; cancelled ones too, marked, for the overview to count apart.
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
revoke all on function private.insights_booked_calls(timestamp with time zone,timestamp with time zone) from public, anon, authenticated, service_role;

-- Leads and calls of [period_start, period_end) with the visit each lead came from, when that visit viewed a page in
-- the period (its first page view there, by the events' index on visit_id): what the funnel and the tables join.
-- `leads` 1 for a lead, `booked` 1 for a call booked in the period (and `attended` 1 if attended).
create or replace function private.insights_leads_and_calls(period_start timestamptz, period_end timestamptz)
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
revoke all on function private.insights_leads_and_calls(timestamp with time zone,timestamp with time zone) from public, anon, authenticated, service_role;
