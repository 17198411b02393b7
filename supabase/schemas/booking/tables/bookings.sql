-- Bookings. A row is a held time (a visitor picked it and has minutes to confirm), a booked call, or a time
-- given back (expired hold, cancelled call). Held and booked rows may not overlap, buffers included: the
-- exclusion constraint is the guarantee, whatever the functions above it check first.

create table private.bookings (
  id uuid default gen_random_uuid() not null,
  created_at timestamp with time zone default private.clock_now() not null,
  updated_at timestamp with time zone default now() not null,
  request_id uuid not null,
  email text not null,
  status text not null,
  starts_at timestamp with time zone not null,
  ends_at timestamp with time zone not null,
  -- The call with the buffers the settings had when it was booked or moved.
  blocked tstzrange not null,
  -- The team's calendar day of the call, for the daily limit.
  team_day date not null,
  -- The zone the visitor saw the times in, for their e-mails.
  visitor_time_zone text not null,
  hold_expires_at timestamp with time zone,
  -- The secret of the visitor's change/cancel link. Kept (only service_role reads this table) because every
  -- e-mail about the call, reminders included, carries the link.
  manage_token text,
  -- The invitation's SEQUENCE: raised by every change, so calendars replace the event instead of adding one.
  sequence integer default 0 not null,
  host_id uuid not null,
  -- The secret of the host's "who turned up" link: given to every booked call, sent only in the host's reminder.
  outcome_token text,
  client_hash text,
  network_hash text,
  in_flood boolean default false not null,
  constraint bookings_pkey primary key (id),
  constraint bookings_manage_token_key unique (manage_token),
  constraint bookings_outcome_token_key unique (outcome_token),
  constraint bookings_host_no_overlap exclude using gist (host_id with =, blocked with &&)
    where (status in ('held', 'booked')),
  constraint bookings_booked_token check (status <> 'booked' or manage_token is not null),
  constraint bookings_hold check ((status = 'held') = (hold_expires_at is not null)),
  constraint bookings_order check (starts_at < ends_at),
  constraint bookings_status check (status in ('held', 'booked', 'expired', 'cancelled')),
  constraint bookings_host_id_fkey foreign key (host_id) references private.booking_hosts(id),
  constraint bookings_request_id_fkey foreign key (request_id) references public.consultation_requests(id) on delete cascade
);

create index bookings_address_idx on private.bookings (private.lead_address_key(email), status);
create index bookings_client_open_idx on private.bookings (client_hash) where status in ('held', 'booked');
create index bookings_created_idx on private.bookings (created_at);
create index bookings_host_day_idx on private.bookings (host_id, team_day) where status in ('held', 'booked');
create index bookings_network_open_idx on private.bookings (network_hash) where status in ('held', 'booked');
create unique index bookings_one_open_per_request on private.bookings (request_id) where status in ('held', 'booked');
create index bookings_request_idx on private.bookings (request_id);
create index bookings_team_day_idx on private.bookings (team_day) where status in ('held', 'booked');

alter table private.bookings enable row level security;

create trigger enqueue_booking_notifications
  after insert or update on private.bookings
  for each row execute function private.enqueue_booking_notifications();

create trigger enqueue_calendar_writes
  after insert or update on private.bookings
  for each row execute function private.enqueue_calendar_writes();

create trigger enqueue_crm_booking_change
  after insert or update on private.bookings
  for each row execute function private.enqueue_crm_booking_change();

create trigger give_outcome_token
  before insert or update on private.bookings
  for each row execute function private.give_outcome_token();

create trigger limit_booking_senders
  before insert or update of status on private.bookings
  for each row execute function private.limit_booking_senders();

create trigger raise_booking_sequence
  before update on private.bookings
  for each row execute function private.raise_booking_sequence();

create trigger record_booking_history
  after insert or update on private.bookings
  for each row execute function private.record_booking_history();

revoke all on table private.bookings from public, anon, authenticated, service_role;
grant select on table private.bookings to service_role;
comment on column private.bookings.in_flood is 'Held (and then booked) while other requests were holding times at a flood''s rate: see 20261129100000_flood_bookings.sql.';
