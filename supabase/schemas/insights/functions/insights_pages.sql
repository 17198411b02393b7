-- The pages report: visits, leads and calls by landing page.

-- By page (the path an event happened on; a lead's page is the one it was sent from, attribution.submitted_from)
-- and by landing page (a visitor's, from the day's first page view; a lead's is its visit's when that visit viewed
-- a page in the period, else its own attribution's), each ranked by leads, then booked calls, then visitors.
-- Engaged: per page, the visits that opened the chat or started a form on it; per landing page, the visits that
-- landed there and engaged anywhere; at most the visitors.
create or replace function private.insights_pages(from_day date, to_day date)
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
revoke all on function private.insights_pages(date,date) from public, anon, authenticated, service_role;
grant execute on function private.insights_pages(date,date) to authenticated;

create or replace function public.insights_pages(from_day date, to_day date)
returns table (dimension text, name text, visitors bigint, engaged bigint, leads bigint, booked bigint, rank bigint)
language sql
volatile
set search_path = ''
as $$ select * from private.insights_pages(from_day, to_day) $$;
revoke all on function public.insights_pages(date,date) from public, anon, authenticated, service_role;
grant execute on function public.insights_pages(date,date) to authenticated;
