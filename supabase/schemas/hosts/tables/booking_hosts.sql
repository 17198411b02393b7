-- The hosts of strategy calls and their calendars (issue 34): a time is offered when at least one host who is not
-- paused is free.

create table private.booking_hosts (
  id uuid default gen_random_uuid() not null,
  name text not null,
  -- Where the host's reminders go; the team's messages still go to the team's address.
  email text,
  -- The zone of the host's all-day and floating calendar events.
  time_zone text default 'Australia/Sydney'::text not null,
  -- The host's calendar (a CalDAV calendar collection) and the name of its secret in CALDAV_ACCOUNTS.
  calendar_url text,
  credential_key text,
  -- On leave: offered no new calls; the calls booked with them stay.
  paused boolean default false not null,
  -- Breaks ties between hosts with as many calls that week.
  position integer default 0 not null,
  created_at timestamp with time zone default now() not null,
  constraint booking_hosts_pkey primary key (id),
  constraint booking_hosts_calendar check ((calendar_url is null) = (credential_key is null)),
  constraint booking_hosts_calendar_url check (calendar_url is null or calendar_url ~ '^https?://[^[:space:]]+/$'),
  constraint booking_hosts_credential_key check (credential_key is null or credential_key ~ '^[A-Za-z0-9_.-]{1,64}$'),
  constraint booking_hosts_email check (email is null or email ~ '^[^@[:space:]]+@[^@[:space:]]+$'),
  constraint booking_hosts_name check (length(btrim(name)) between 1 and 100)
);

alter table private.booking_hosts enable row level security;

create trigger check_booking_host
  before insert or update on private.booking_hosts
  for each row execute function private.check_booking_host();

revoke all on table private.booking_hosts from public, anon, authenticated, service_role;
grant insert, select, update on table private.booking_hosts to service_role;
