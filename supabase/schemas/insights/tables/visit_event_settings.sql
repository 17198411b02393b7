-- The limits a flood meets (one row; the team may change it in the Table Editor, schema private).

create table private.visit_event_settings (
  id boolean default true not null,
  -- Events stored a minute from one client address.
  client_events_per_minute integer default 60 not null,
  -- Events stored a minute from everyone together.
  events_per_minute integer default 3000 not null,
  constraint visit_event_settings_pkey primary key (id),
  constraint visit_event_settings_limits check (
    client_events_per_minute between 1 and 100000 and events_per_minute between client_events_per_minute and 10000000),
  constraint visit_event_settings_one_row check (id)
);

alter table private.visit_event_settings enable row level security;

revoke all on table private.visit_event_settings from public, anon, authenticated, service_role;
grant select on table private.visit_event_settings to service_role;
