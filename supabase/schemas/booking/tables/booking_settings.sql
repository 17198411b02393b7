-- The team's booking rules, one row: time zone, call length, buffers, minimum notice, horizon, daily limit, slot
-- step, how long a hold lasts, and the limits a flood meets (issue 36).

create table private.booking_settings (
  id boolean default true not null,
  -- The zone the weekly hours and dated changes are written in.
  team_time_zone text default 'Australia/Sydney'::text not null,
  call_minutes integer default 30 not null,
  -- Each call keeps its own buffers free: two calls are at least (after of the first + before of the second) apart.
  buffer_before_minutes integer default 0 not null,
  buffer_after_minutes integer default 15 not null,
  minimum_notice interval default '04:00:00'::interval not null,
  horizon interval default '21 days'::interval not null,
  max_calls_per_day integer default 6 not null,
  -- Offered start times are this far apart, from the start of each range of hours.
  slot_step_minutes integer default 30 not null,
  -- A picked time is held this long for the visitor to confirm it.
  hold_minutes integer default 10 not null,
  network_open_bookings integer default 3 not null,
  client_live_holds integer default 2 not null,
  holds_per_request integer default 6 not null,
  flood_window_minutes integer default 60 not null,
  flood_after_requests integer default 2 not null,
  flood_share_percent integer default 50 not null,
  flood_hold_minutes integer default 3 not null,
  constraint booking_settings_pkey primary key (id),
  constraint booking_settings_buffers check (buffer_before_minutes between 0 and 240 and buffer_after_minutes between 0 and 240),
  constraint booking_settings_call_minutes check (call_minutes between 5 and 240),
  constraint booking_settings_flood check (
    flood_window_minutes between 1 and 1440 and flood_after_requests between 0 and 1000
    and flood_share_percent between 0 and 99 and flood_hold_minutes between 1 and 60),
  constraint booking_settings_hold check (hold_minutes between 1 and 60),
  constraint booking_settings_horizon check (horizon > minimum_notice and horizon <= interval '366 days'),
  constraint booking_settings_max_calls check (max_calls_per_day between 0 and 100),
  constraint booking_settings_notice check (minimum_notice >= interval '0' and minimum_notice <= interval '14 days'),
  constraint booking_settings_one_row check (id),
  constraint booking_settings_sender_limits check (
    network_open_bookings between 1 and 1000 and client_live_holds between 1 and 100
    and holds_per_request between 1 and 100),
  constraint booking_settings_step check (slot_step_minutes between 5 and 240)
);

alter table private.booking_settings enable row level security;

create trigger check_booking_settings
  before insert or update on private.booking_settings
  for each row execute function private.check_booking_settings();

revoke all on table private.booking_settings from public, anon, authenticated, service_role;
grant select, update on table private.booking_settings to service_role;
