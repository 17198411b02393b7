-- Which days are added up, for which team time zone (a change of zone makes every day be added up again), and
-- whether from the rollups (approximate).

create table private.insights_cached_days (
  day date not null,
  time_zone text not null,
  from_rollups boolean not null,
  cached_at timestamp with time zone default now() not null,
  constraint insights_cached_days_pkey primary key (day)
);

alter table private.insights_cached_days enable row level security;

revoke all on table private.insights_cached_days from public, anon, authenticated, service_role;
grant select on table private.insights_cached_days to service_role;
