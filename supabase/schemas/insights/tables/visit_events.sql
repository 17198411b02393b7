-- The raw events. An identity key (not a UUID): only the database refers to a row.

create table private.visit_events (
  id bigint generated always as identity not null,
  occurred_at timestamp with time zone default now() not null,
  visit_id uuid not null,
  kind text not null,
  path text not null,
  referrer_host text,
  utm_source text,
  utm_medium text,
  utm_campaign text,
  utm_term text,
  utm_content text,
  landing_page text,
  variant text,
  constraint visit_events_pkey primary key (id),
  constraint visit_events_kind check (private.is_visit_kind(kind)),
  constraint visit_events_paths check (private.is_visit_path(path) and coalesce(private.is_visit_path(landing_page), true)),
  constraint visit_events_texts check (
    coalesce(private.is_visit_host(referrer_host), true)
    and coalesce(private.is_visit_text(utm_source), true) and coalesce(private.is_visit_text(utm_medium), true)
    and coalesce(private.is_visit_text(utm_campaign), true) and coalesce(private.is_visit_text(utm_term), true)
    and coalesce(private.is_visit_text(utm_content), true) and coalesce(private.is_visit_text(variant), true))
);

create index visit_events_experiment_idx on private.visit_events (split_part(variant, ':', 1), occurred_at)
  where kind = 'page_view' and variant is not null;
create index visit_events_occurred_idx on private.visit_events (occurred_at);
create index visit_events_visit_time_idx on private.visit_events (visit_id, occurred_at)
  include (kind, utm_source, referrer_host, utm_campaign, landing_page);

alter table private.visit_events enable row level security;

revoke all on table private.visit_events from public, anon, authenticated, service_role;
grant select on table private.visit_events to service_role;
comment on table private.visit_events is 'Visit events as counted (issue 44): no address, no user agent. Kept 90 days, then private.visit_daily. See 20261202100000_visit_events.sql.';
