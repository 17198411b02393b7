-- Each host's calendar reading: when it was last read and over which window, the failures in a row and the last
-- error, and when a read was asked for.

create table private.host_calendar_sync (
  host_id uuid not null,
  -- A visitor picked one of this host's times: the next run reads their calendar whatever its age.
  requested_at timestamp with time zone,
  synced_at timestamp with time zone,
  synced_window tstzrange,
  last_error text,
  last_error_at timestamp with time zone,
  -- Failed syncs in a row.
  failures integer default 0 not null,
  constraint host_calendar_sync_pkey primary key (host_id),
  constraint host_calendar_sync_host_id_fkey foreign key (host_id) references private.booking_hosts(id) on delete cascade
);

alter table private.host_calendar_sync enable row level security;

revoke all on table private.host_calendar_sync from public, anon, authenticated, service_role;
grant insert, select, update on table private.host_calendar_sync to service_role;
