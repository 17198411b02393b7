-- Writing calls to the hosts' calendars: an outbox like the booking messages'. A booked call is put on its
-- host's calendar, a move puts it again (same UID, higher SEQUENCE; a move to another host deletes it from the
-- first), a cancellation deletes it. A booking's writes to one host go out in order; a calendar that cannot be
-- reached never holds up the booking: the write is retried with backoff, and a write given up tells the team.

create table private.calendar_writes (
  id uuid default gen_random_uuid() not null,
  queue_position bigint generated always as identity not null,
  booking_id uuid not null,
  host_id uuid not null,
  action text not null,
  sequence integer not null,
  status text default 'pending'::text not null,
  attempts integer default 0 not null,
  created_at timestamp with time zone default now() not null,
  next_attempt_at timestamp with time zone default now() not null,
  claim_token uuid,
  lease_expires_at timestamp with time zone,
  last_attempt_at timestamp with time zone,
  last_error text,
  done_at timestamp with time zone,
  -- Where a booked call's event is in its host's calendar (issue 43). calendar-sync writes the call as
  -- `<calendar_url>booking-<id>.ics`, but the host's calendar may hold the call's UID under another name already:
  -- their mail app added the invitation notify-leads e-mailed. The server refuses the PUT as a UID conflict
  -- (CALDAV:no-uid-conflict), and the function updates the event where it is instead. The booking's later writes
  -- (a move's put, the cancel's delete) must go there too, so each write done records where it left the event.
  --
  -- What: private.calendar_writes.event_href, the event's address after the write (a put's: where it wrote it; a
  -- delete's: null). public.complete_calendar_write takes it (a third argument, default null, so a call with two
  -- arguments records null as before). public.claim_calendar_writes answers, for each write, the event_href of the
  -- last write done for the same booking and host before it (null: none, or the last was a delete): the function
  -- writes there, else at the call's own name. The function only ever uses an address inside the host's calendar
  -- collection (a host whose calendar_url changed since gets the call's own name).
  event_href text,
  constraint calendar_writes_pkey primary key (id),
  constraint calendar_writes_once unique (booking_id, host_id, action, sequence),
  constraint calendar_writes_action check (action in ('put', 'delete')),
  constraint calendar_writes_status check (status in ('pending', 'sending', 'done', 'dead')),
  constraint calendar_writes_booking_id_fkey foreign key (booking_id) references private.bookings(id) on delete cascade,
  constraint calendar_writes_host_id_fkey foreign key (host_id) references private.booking_hosts(id) on delete cascade
);

create index calendar_writes_booking_idx on private.calendar_writes (booking_id, host_id, queue_position);
create index calendar_writes_due_idx on private.calendar_writes (next_attempt_at) where status in ('pending', 'sending');

alter table private.calendar_writes enable row level security;

create trigger announce_dead_calendar_write
  after update of status on private.calendar_writes
  for each row execute function private.announce_dead_calendar_write();

revoke all on table private.calendar_writes from public, anon, authenticated, service_role;
grant select, update on table private.calendar_writes to service_role;
comment on column private.calendar_writes.event_href is 'The event''s address in the host''s calendar after this write was done (a delete: null).';
