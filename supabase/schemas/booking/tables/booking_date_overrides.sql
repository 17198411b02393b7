-- A dated change replaces that day's weekly hours: rows with times are the day's only hours, a row without
-- times makes it a day off (public holidays, leave).

create table private.booking_date_overrides (
  id bigint generated always as identity not null,
  day date not null,
  starts time without time zone,
  ends time without time zone,
  note text default ''::text not null,
  constraint booking_date_overrides_pkey primary key (id),
  constraint booking_date_overrides_times check ((starts is null) = (ends is null) and (starts is null or starts < ends))
);

create index booking_date_overrides_day_idx on private.booking_date_overrides (day);

alter table private.booking_date_overrides enable row level security;

revoke all on table private.booking_date_overrides from public, anon, authenticated, service_role;
grant delete, insert, select, update on table private.booking_date_overrides to service_role;
