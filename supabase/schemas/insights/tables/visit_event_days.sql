-- What each day left out: events of bots and automation, and events over a flood limit.

create table private.visit_event_days (
  day date not null,
  bot_events bigint default 0 not null,
  flood_held_events bigint default 0 not null,
  constraint visit_event_days_pkey primary key (day)
);

alter table private.visit_event_days enable row level security;

revoke all on table private.visit_event_days from public, anon, authenticated, service_role;
grant select on table private.visit_event_days to service_role;
