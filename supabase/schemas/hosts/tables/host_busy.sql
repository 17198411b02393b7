-- A host's busy times from their calendar: start and end only, never a title or an attendee.

create table private.host_busy (
  host_id uuid not null,
  busy tstzrange not null,
  constraint host_busy_not_empty check (not isempty(busy)),
  constraint host_busy_host_id_fkey foreign key (host_id) references private.booking_hosts(id) on delete cascade
);

create index host_busy_host_idx on private.host_busy using gist (host_id, busy);

alter table private.host_busy enable row level security;

revoke all on table private.host_busy from public, anon, authenticated, service_role;
grant delete, insert, select on table private.host_busy to service_role;
