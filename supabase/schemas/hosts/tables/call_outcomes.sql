-- What happened at a booked call, recorded after its start by its host (the link) or an operator; recording
-- again replaces the answer (a mistaken tap), keeping who and when of the latest.

create table private.call_outcomes (
  booking_id uuid not null,
  outcome text not null,
  recorded_at timestamp with time zone default now() not null,
  -- "host Ada Lovelace" (the link) or "operator (<name>)" (npm run leads).
  recorded_by text not null,
  constraint call_outcomes_pkey primary key (booking_id),
  constraint call_outcomes_outcome check (outcome in ('attended', 'no_show', 'moved')),
  constraint call_outcomes_recorded_by check (length(btrim(recorded_by)) between 1 and 200),
  constraint call_outcomes_booking_id_fkey foreign key (booking_id) references private.bookings(id) on delete cascade
);

alter table private.call_outcomes enable row level security;

create trigger enqueue_crm_call_outcome
  after insert or update on private.call_outcomes
  for each row execute function private.enqueue_crm_call_outcome();

revoke all on table private.call_outcomes from public, anon, authenticated, service_role;
grant select on table private.call_outcomes to service_role;
