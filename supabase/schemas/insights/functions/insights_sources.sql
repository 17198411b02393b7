-- The sources report: visits, leads and calls by source, medium or campaign.

-- By source and by campaign. Visitors by their visit's attribution (the day's first page view); leads and calls by
-- `touch`: 'first', their visit's (its first page view in the period) when it viewed a page in the period, else the
-- lead's own attribution; 'last', the lead's own attribution when it was sent. (On this site a visit's page views
-- all carry the attribution its first page view recorded in the tab, and so does its lead, so the two differ only
-- where that was lost, e.g. storage refused.) Rows: dimension 'source' (name: utm_source, else referrer host, else
-- 'direct'; null: unknown, a lead without attribution) and 'campaign' (name: utm_campaign; null: none), each ranked
-- within its dimension by leads, then booked calls, then visitors.
create or replace function private.insights_sources(from_day date, to_day date, touch text)
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
revoke all on function private.insights_sources(date,date,text) from public, anon, authenticated, service_role;
grant execute on function private.insights_sources(date,date,text) to authenticated;

create or replace function public.insights_sources(from_day date, to_day date, touch text default 'first')
returns table (dimension text, name text, visitors bigint, leads bigint, booked bigint, attended bigint, rank bigint)
language sql
volatile
set search_path = ''
as $$ select * from private.insights_sources(from_day, to_day, touch) $$;
revoke all on function public.insights_sources(date,date,text) from public, anon, authenticated, service_role;
grant execute on function public.insights_sources(date,date,text) to authenticated;
