-- What happened to each booking, for `npm run leads` and the team: one row per change of state or time.

create table private.booking_history (
  id bigint generated always as identity not null,
  booking_id uuid not null,
  at timestamp with time zone default now() not null,
  event text not null,
  starts_at timestamp with time zone not null,
  constraint booking_history_pkey primary key (id),
  constraint booking_history_event check (event in ('held', 'booked', 'moved', 'cancelled', 'expired')),
  constraint booking_history_booking_id_fkey foreign key (booking_id) references private.bookings(id) on delete cascade
);

create index booking_history_booking_idx on private.booking_history (booking_id, at);

alter table private.booking_history enable row level security;

revoke all on table private.booking_history from public, anon, authenticated, service_role;
grant select on table private.booking_history to service_role;
