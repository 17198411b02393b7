-- The daily rollups, kept after the raw events go. `visits` counts distinct visits within the row only: a visit
-- that saw two paths is in two rows.

create table private.visit_daily (
  day date not null,
  path text not null,
  landing_page text,
  referrer_host text,
  utm_source text,
  utm_medium text,
  utm_campaign text,
  variant text,
  kind text not null,
  events integer not null,
  visits integer not null,
  constraint visit_daily_counts check (visits between 1 and events)
);

create index visit_daily_day_idx on private.visit_daily (day);

alter table private.visit_daily enable row level security;

revoke all on table private.visit_daily from public, anon, authenticated, service_role;
grant select on table private.visit_daily to service_role;
