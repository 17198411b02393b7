-- The limits, in one row the team may tune in the Table Editor (schema `private`), as booking_settings.

create table private.lead_guard_settings (
  id boolean default true not null,
  -- Refused (per table): rows a minute from one client address.
  client_per_minute integer default 10 not null,
  -- Refused: real leads an hour from one e-mail address (case and +tag ignored) on one client address.
  address_per_hour integer default 5 not null,
  -- Refused: rows a minute from one network block (/24, /48).
  network_per_minute integer default 30 not null,
  -- Held: a lead arriving when its network block already sent this many rows in the last minute. At least the
  -- client limit, so one address alone (an office, a mobile carrier's NAT) never looks like a burst.
  network_burst_per_minute integer default 10 not null,
  -- Held: a lead arriving when the table already received this many rows in the last minute (the old ceiling's
  -- first threshold; above it, nothing is refused any more).
  global_hold_per_minute integer default 60 not null,
  -- Held leads never released are deleted this many days after they arrived.
  held_retention_days integer default 14 not null,
  -- How long an issued challenge is accepted.
  challenge_expiry_seconds integer default 600 not null,
  -- The leads of both tables counted for the difficulty are those of the last this many minutes.
  challenge_window_minutes integer default 5 not null,
  challenge_client_per_minute integer default 20 not null,
  challenge_network_per_minute integer default 60 not null,
  -- A lead's own notification waits a minute, to be judged, when the table received at least this many other rows
  -- in the minute before it (0: every lead waits).
  settle_after_per_minute integer default 0 not null,
  constraint lead_guard_settings_pkey primary key (id),
  constraint lead_guard_settings_burst check (network_burst_per_minute >= client_per_minute),
  constraint lead_guard_settings_challenge check (
    challenge_expiry_seconds between 60 and 3600 and challenge_window_minutes between 1 and 60),
  constraint lead_guard_settings_challenge_rate check (
    challenge_client_per_minute > 0 and challenge_network_per_minute >= challenge_client_per_minute),
  constraint lead_guard_settings_one_row check (id),
  constraint lead_guard_settings_positive check (
    client_per_minute > 0 and address_per_hour > 0 and network_per_minute > 0 and network_burst_per_minute > 0
    and global_hold_per_minute > 0),
  constraint lead_guard_settings_retention check (held_retention_days between 1 and 365),
  constraint lead_guard_settings_settle check (settle_after_per_minute >= 0)
);

alter table private.lead_guard_settings enable row level security;

revoke all on table private.lead_guard_settings from public, anon, authenticated, service_role;
grant select, update on table private.lead_guard_settings to service_role;
