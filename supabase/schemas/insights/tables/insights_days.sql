-- A day's visitors and engaged visitors: in all ('visits', name null), by source, by campaign (null: none), by
-- landing page and by page. Aggregates only: no visit id, nothing about a person.

create table private.insights_days (
  day date not null,
  dimension text not null,
  name text,
  visitors integer not null,
  engaged integer not null,
  constraint insights_days_dimension check (dimension in ('visits', 'source', 'campaign', 'landing_page', 'page')),
  constraint insights_days_day_fkey foreign key (day) references private.insights_cached_days(day) on delete cascade
);

create unique index insights_days_key on private.insights_days (day, dimension, name) nulls not distinct;

alter table private.insights_days enable row level security;

revoke all on table private.insights_days from public, anon, authenticated, service_role;
grant select on table private.insights_days to service_role;
