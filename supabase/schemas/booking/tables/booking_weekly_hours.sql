-- The team's weekly hours: per ISO weekday (1 Monday … 7 Sunday), a start and an end in the team's time zone.

create table private.booking_weekly_hours (
  id bigint generated always as identity not null,
  -- ISO day of the week: 1 Monday … 7 Sunday.
  weekday smallint not null,
  starts time without time zone not null,
  ends time without time zone not null,
  constraint booking_weekly_hours_pkey primary key (id),
  constraint booking_weekly_hours_order check (starts < ends),
  constraint booking_weekly_hours_weekday check (weekday between 1 and 7)
);

alter table private.booking_weekly_hours enable row level security;

revoke all on table private.booking_weekly_hours from public, anon, authenticated, service_role;
grant delete, insert, select, update on table private.booking_weekly_hours to service_role;
