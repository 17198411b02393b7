-- The hosts of strategy calls and their calendars (issue 34). A time is offered when at least one host who is
-- not paused is free: none of their held or booked calls (with the buffers) and none of the busy times read
-- from their own calendar overlaps it. A booking goes to the free host with the fewest calls that week. Each
-- call lands on its host's calendar through an outbox the calendar-sync Edge Function works through. Calendar
-- passwords never reach the database: a host names a credential_key, the function holds the secret. Docs:
-- docs/calendars.md.

-- `host with =` next to `blocked with &&` in one exclusion constraint needs btree_gist's equality for uuid.
create schema if not exists extensions;
create extension if not exists btree_gist with schema extensions;

create table private.booking_hosts (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  -- Where the host's reminders go; the team's messages still go to the team's address.
  email text,
  -- The zone of the host's all-day and floating calendar events.
  time_zone text not null default 'Australia/Sydney',
  -- The host's calendar (a CalDAV calendar collection) and the name of its secret in CALDAV_ACCOUNTS.
  calendar_url text,
  credential_key text,
  -- On leave: offered no new calls; the calls booked with them stay.
  paused boolean not null default false,
  -- Breaks ties between hosts with as many calls that week.
  position integer not null default 0,
  created_at timestamptz not null default now(),
  constraint booking_hosts_name check (length(btrim(name)) between 1 and 100),
  constraint booking_hosts_email check (email is null or email ~ '^[^@[:space:]]+@[^@[:space:]]+$'),
  constraint booking_hosts_calendar check ((calendar_url is null) = (credential_key is null)),
  constraint booking_hosts_calendar_url check (calendar_url is null or calendar_url ~ '^https?://[^[:space:]]+/$'),
  constraint booking_hosts_credential_key check (credential_key is null or credential_key ~ '^[A-Za-z0-9_.-]{1,64}$')
);

create function private.check_booking_host()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not private.is_time_zone(new.time_zone) then
    raise exception 'time_zone must be an IANA time zone name such as Australia/Sydney, not "%"', new.time_zone
      using errcode = '22023';
  end if;
  return new;
end;
$$;

create trigger check_booking_host
  before insert or update on private.booking_hosts
  for each row execute function private.check_booking_host();

-- Until the team adds its people, one host stands for the whole team, without a calendar: the booking rules are
-- exactly those of issue 33.
insert into private.booking_hosts (name, time_zone)
select 'The Brightlane team', s.team_time_zone from private.booking_settings s;

-- A host's busy times from their calendar: start and end only, never a title or an attendee.
create table private.host_busy (
  host_id uuid not null references private.booking_hosts (id) on delete cascade,
  busy tstzrange not null,
  constraint host_busy_not_empty check (not isempty(busy))
);
create index host_busy_host_idx on private.host_busy using gist (host_id, busy);

create table private.host_calendar_sync (
  host_id uuid primary key references private.booking_hosts (id) on delete cascade,
  -- A visitor picked one of this host's times: the next run reads their calendar whatever its age.
  requested_at timestamptz,
  synced_at timestamptz,
  synced_window tstzrange,
  last_error text,
  last_error_at timestamptz,
  -- Failed syncs in a row.
  failures integer not null default 0
);

alter table private.bookings add column host_id uuid references private.booking_hosts (id);
update private.bookings set host_id = (select h.id from private.booking_hosts h order by h.position, h.id limit 1);
alter table private.bookings alter column host_id set not null;
-- One host takes one call at a time (buffers included); several hosts may take calls at the same time.
alter table private.bookings drop constraint bookings_no_overlap;
alter table private.bookings
  add constraint bookings_host_no_overlap exclude using gist (host_id with =, blocked with &&)
  where (status in ('held', 'booked'));
create index bookings_host_day_idx on private.bookings (host_id, team_day) where status in ('held', 'booked');

alter table private.booking_hosts enable row level security;
alter table private.host_busy enable row level security;
alter table private.host_calendar_sync enable row level security;
revoke all on table private.booking_hosts, private.host_busy, private.host_calendar_sync
  from public, anon, authenticated, service_role;
grant select, insert, update on table private.booking_hosts to service_role;
-- The calendar-sync function's RPCs below run as the caller (service_role) and need these.
grant select, insert, delete on table private.host_busy to service_role;
grant select, insert, update on table private.host_calendar_sync to service_role;

-- ---------------------------------------------------------------------------------------------------------
-- Which host is free.

-- Whether `host` can take a call blocking `range`: none of their live calls (but `ignoring`, the one being
-- moved) and none of their calendar's busy times overlaps it.
create function private.host_is_free(host uuid, range tstzrange, ignoring uuid default null)
returns boolean
language sql
stable
set search_path = ''
as $$
  select not exists (select 1 from private.live_bookings() b
                      where b.host_id = host and b.id is distinct from ignoring and b.blocked && range)
     and not exists (select 1 from private.host_busy hb where hb.host_id = host and hb.busy && range)
$$;

-- The hosts who can take a call at `starts_at`, the one to give it to first: the fewest live calls in that week
-- (Monday to Sunday in the team's zone), then `position`, then id, so equal hosts take turns in a stable order.
create function private.free_hosts(starts_at timestamptz, ignoring uuid default null)
returns table (host_id uuid, calls_that_week bigint)
language sql
stable
set search_path = ''
as $$
  with week as (
    select date_trunc('week', (starts_at at time zone s.team_time_zone))::date as first_day
      from private.booking_settings s
  )
  select h.id,
         (select count(*) from private.live_bookings() b, week w
           where b.host_id = h.id and b.id is distinct from ignoring
             and b.team_day >= w.first_day and b.team_day < w.first_day + 7)
    from private.booking_hosts h
   where not h.paused
     and private.host_is_free(h.id, private.blocked_range(starts_at), ignoring)
   order by 2, h.position, h.id
$$;

-- The host for a call at `starts_at`: `current` when they are not paused and free then (a visitor keeps their
-- person), else the first free host; null when nobody is free.
create function private.host_for(current uuid, starts_at timestamptz, ignoring uuid default null)
returns uuid
language sql
stable
set search_path = ''
as $$
  select coalesce(
    (select h.id from private.booking_hosts h
      where h.id = current and not h.paused
        and private.host_is_free(h.id, private.blocked_range(starts_at), ignoring)),
    (select f.host_id from private.free_hosts(starts_at, ignoring) f limit 1))
$$;

create or replace function private.free_starts(window_start timestamptz, window_end timestamptz, ignoring uuid default null)
returns table (starts_at timestamptz, ends_at timestamptz, team_day date)
language sql
stable
set search_path = ''
as $$
  select a.starts_at, a.ends_at, a.team_day
    from private.allowed_starts(window_start, window_end) a
   where exists (select 1 from private.booking_hosts h
                  where not h.paused and private.host_is_free(h.id, private.blocked_range(a.starts_at), ignoring))
     and (select count(*) from private.live_bookings() b
           where b.team_day = a.team_day and b.id is distinct from ignoring)
         < (select max_calls_per_day from private.booking_settings)
   order by a.starts_at
$$;

-- Asks the calendar-sync function to read this host's calendar at its next run.
create function private.request_calendar_sync(host uuid)
returns void
language sql
volatile
set search_path = ''
as $$
  insert into private.host_calendar_sync (host_id, requested_at)
  select h.id, now() from private.booking_hosts h where h.id = host and h.calendar_url is not null
  on conflict (host_id) do update set requested_at = excluded.requested_at
$$;

-- ---------------------------------------------------------------------------------------------------------
-- The visitor functions with hosts: the same answers as before (docs/booking.md); the held time goes to the
-- first of the free hosts, a confirmation checks that host's calendar once more, a move keeps the host when
-- they are free at the new time.

create or replace function private.hold_booking_slot(email text, starts_at timestamptz, visitor_time_zone text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  request uuid;
  refusal text;
  settings private.booking_settings;
  slot record;
  host uuid;
  held private.bookings;
begin
  if visitor_time_zone is null or not private.is_time_zone(visitor_time_zone) then
    return jsonb_build_object('status', 'invalid_time_zone');
  end if;
  request := private.own_request(email);
  if request is null then
    return jsonb_build_object('status', 'no_request');
  end if;
  -- One visitor at a time per address (their holds and bookings), then one decision at a time per day.
  perform pg_advisory_xact_lock(hashtextextended('booking:address:' || private.lead_address_key(email), 0));
  if exists (select 1 from private.bookings b
              where private.lead_address_key(b.email) = private.lead_address_key(hold_booking_slot.email)
                and b.status = 'booked' and b.ends_at > now()) then
    return jsonb_build_object('status', 'already_booked');
  end if;

  refusal := private.start_refusal(starts_at);
  if refusal is not null then
    return jsonb_build_object('status', refusal, 'alternatives', private.alternatives(starts_at));
  end if;
  select * into settings from private.booking_settings;
  select * into slot from private.allowed_starts(starts_at, starts_at + interval '1 second') a where a.starts_at = hold_booking_slot.starts_at;
  perform pg_advisory_xact_lock(hashtextextended('booking:day:' || slot.team_day::text, 0));

  -- Give back this visitor's earlier holds and every expired hold in the way.
  update private.bookings b set status = 'expired', hold_expires_at = null, updated_at = now()
   where b.status = 'held'
     and (b.request_id = request or (b.hold_expires_at <= now() and b.blocked && private.blocked_range(hold_booking_slot.starts_at)));

  if (select count(*) from private.live_bookings() b where b.team_day = slot.team_day) >= settings.max_calls_per_day then
    return jsonb_build_object('status', 'day_full', 'alternatives', private.alternatives(starts_at));
  end if;

  select f.host_id into host from private.free_hosts(slot.starts_at) f limit 1;
  if host is null then
    return jsonb_build_object('status', 'taken', 'alternatives', private.alternatives(starts_at));
  end if;
  begin
    insert into private.bookings (request_id, email, status, starts_at, ends_at, blocked, team_day,
                                  visitor_time_zone, hold_expires_at, host_id)
    values (request, hold_booking_slot.email, 'held', slot.starts_at, slot.ends_at,
            private.blocked_range(slot.starts_at), slot.team_day, hold_booking_slot.visitor_time_zone,
            now() + make_interval(mins => settings.hold_minutes), host)
    returning * into held;
  exception when exclusion_violation then
    return jsonb_build_object('status', 'taken', 'alternatives', private.alternatives(starts_at));
  end;
  -- Read the host's calendar once more before the visitor confirms.
  perform private.request_calendar_sync(host);
  return private.team_settings_json() || jsonb_build_object(
    'status', 'held', 'hold_id', held.id, 'starts_at', held.starts_at, 'ends_at', held.ends_at,
    'hold_expires_at', held.hold_expires_at);
end;
$$;

create or replace function private.confirm_booking(hold_id uuid, email text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  hold private.bookings;
  host uuid;
  token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
begin
  select * into hold from private.bookings b
   where b.id = hold_id and private.lead_address_key(b.email) = private.lead_address_key(confirm_booking.email);
  if hold.id is null or hold.request_id is distinct from private.own_request(email) then
    return jsonb_build_object('status', 'not_found');
  end if;
  perform pg_advisory_xact_lock(hashtextextended('booking:address:' || private.lead_address_key(email), 0));
  perform pg_advisory_xact_lock(hashtextextended('booking:day:' || hold.team_day::text, 0));
  select * into hold from private.bookings b where b.id = hold_id;
  if hold.status = 'booked' then
    -- Confirmed already: a retry after a lost answer gets the same booking and link.
    return private.booking_answer(hold, true);
  end if;
  if hold.status <> 'held' or hold.hold_expires_at <= now() then
    -- Given back: the time is the visitor's again only if nobody took it meanwhile and the rules still allow it.
    if private.start_refusal(hold.starts_at) is not null
       or not exists (select 1 from private.free_starts(hold.starts_at, hold.starts_at + interval '1 second', hold.id)
                       where starts_at = hold.starts_at) then
      update private.bookings b set status = 'expired', hold_expires_at = null, updated_at = now()
       where b.id = hold.id and b.status = 'held';
      return jsonb_build_object('status', 'taken', 'alternatives', private.alternatives(hold.starts_at, 6, hold.id));
    end if;
  end if;
  -- The host's calendar may have filled this time since the hold (the sync it asked for): another free host
  -- takes the call, or the visitor is told it is gone.
  host := private.host_for(hold.host_id, hold.starts_at, hold.id);
  if host is null then
    update private.bookings b set status = 'expired', hold_expires_at = null, updated_at = now()
     where b.id = hold.id and b.status = 'held';
    return jsonb_build_object('status', 'taken', 'alternatives', private.alternatives(hold.starts_at, 6, hold.id));
  end if;
  begin
    update private.bookings b
       set status = 'booked', hold_expires_at = null, manage_token = token, host_id = host,
           updated_at = now()
     where b.id = hold.id
     returning * into hold;
  exception when exclusion_violation then
    return jsonb_build_object('status', 'taken', 'alternatives', private.alternatives(hold.starts_at, 6, hold.id));
  end;
  return private.booking_answer(hold, true);
end;
$$;

create or replace function private.move_booking(token text, starts_at timestamptz)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  booking private.bookings := private.booking_by_token(token);
  refusal text;
  slot record;
  settings private.booking_settings;
  host uuid;
begin
  if booking.id is null then
    return jsonb_build_object('status', 'not_found');
  end if;
  if booking.status <> 'booked' then
    return jsonb_build_object('status', booking.status);
  end if;
  if booking.ends_at <= now() then
    return jsonb_build_object('status', 'past');
  end if;
  refusal := private.start_refusal(starts_at);
  if refusal is not null then
    return jsonb_build_object('status', refusal, 'alternatives', private.alternatives(starts_at, 6, booking.id));
  end if;
  select * into settings from private.booking_settings;
  select * into slot from private.allowed_starts(starts_at, starts_at + interval '1 second') a where a.starts_at = move_booking.starts_at;
  perform pg_advisory_xact_lock(hashtextextended('booking:day:' || slot.team_day::text, 0));
  update private.bookings b set status = 'expired', hold_expires_at = null, updated_at = now()
   where b.status = 'held' and b.hold_expires_at <= now() and b.blocked && private.blocked_range(move_booking.starts_at);
  if slot.team_day <> booking.team_day
     and (select count(*) from private.live_bookings() b where b.team_day = slot.team_day) >= settings.max_calls_per_day then
    return jsonb_build_object('status', 'day_full', 'alternatives', private.alternatives(starts_at, 6, booking.id));
  end if;
  host := private.host_for(booking.host_id, slot.starts_at, booking.id);
  if host is null then
    return jsonb_build_object('status', 'taken', 'alternatives', private.alternatives(starts_at, 6, booking.id));
  end if;
  begin
    update private.bookings b
       set starts_at = slot.starts_at, ends_at = slot.ends_at, blocked = private.blocked_range(slot.starts_at),
           team_day = slot.team_day, host_id = host, sequence = b.sequence + 1, updated_at = now()
     where b.id = booking.id
     returning * into booking;
  exception when exclusion_violation then
    return jsonb_build_object('status', 'taken', 'alternatives', private.alternatives(starts_at, 6, booking.id));
  end;
  return private.booking_answer(booking);
end;
$$;

revoke all on function private.check_booking_host(), private.host_is_free(uuid, tstzrange, uuid),
  private.free_hosts(timestamptz, uuid), private.host_for(uuid, timestamptz, uuid), private.request_calendar_sync(uuid)
  from public;

-- ---------------------------------------------------------------------------------------------------------
-- Reading the hosts' calendars: the calendar-sync Edge Function asks which hosts to read, then stores each
-- host's busy times for the window it read (or the failure). Executable by service_role only.

create function public.calendar_hosts_to_sync(stale_after_seconds integer default 50)
returns table (
  host_id uuid,
  calendar_url text,
  credential_key text,
  time_zone text,
  window_start timestamptz,
  window_end timestamptz
)
language sql
stable
security invoker
set search_path = ''
as $$
  select h.id, h.calendar_url, h.credential_key, h.time_zone, now(), now() + s.horizon + interval '1 day'
    from private.booking_hosts h
    cross join private.booking_settings s
    left join private.host_calendar_sync c on c.host_id = h.id
   where not h.paused
     and h.calendar_url is not null
     and (c.synced_at is null
          or c.synced_at < now() - make_interval(secs => greatest(stale_after_seconds, 0))
          or c.requested_at >= c.synced_at)
   order by c.requested_at desc nulls last, c.synced_at nulls first, h.position, h.id
$$;

-- Replaces the host's busy times inside [window_start, window_end) with `busy` ([{starts_at, ends_at}], clipped
-- to the window) and records the sync. A request made while this sync ran is answered by the next one.
create function public.replace_host_busy(host_id uuid, window_start timestamptz, window_end timestamptz, busy jsonb)
returns integer
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  read_window constant tstzrange := tstzrange(window_start, window_end);
  stored integer;
begin
  if jsonb_typeof(busy) is distinct from 'array' then
    raise exception 'busy must be a JSON array of {starts_at, ends_at}' using errcode = '22023';
  end if;
  delete from private.host_busy hb
   where hb.host_id = replace_host_busy.host_id and hb.busy && read_window;
  insert into private.host_busy (host_id, busy)
  select replace_host_busy.host_id, tstzrange((item ->> 'starts_at')::timestamptz, (item ->> 'ends_at')::timestamptz) * read_window
    from jsonb_array_elements(busy) item
   where (item ->> 'starts_at')::timestamptz < (item ->> 'ends_at')::timestamptz
     and not isempty(tstzrange((item ->> 'starts_at')::timestamptz, (item ->> 'ends_at')::timestamptz) * read_window);
  get diagnostics stored = row_count;
  insert into private.host_calendar_sync as c (host_id, synced_at, synced_window, failures, last_error)
  values (replace_host_busy.host_id, now(), read_window, 0, null)
  on conflict on constraint host_calendar_sync_pkey do update
    set synced_at = now(), synced_window = read_window, failures = 0, last_error = null,
        -- now() is the transaction's start: a request that came in while this ran stays newer than it.
        requested_at = case when c.requested_at < now() then null else c.requested_at end;
  return stored;
end;
$$;

-- A sync that failed: the host's last known busy times stay, the error is kept for the team to see.
create function public.record_calendar_sync_failure(host_id uuid, error text)
returns void
language sql
volatile
security invoker
set search_path = ''
as $$
  insert into private.host_calendar_sync as c (host_id, last_error, last_error_at, failures)
  values (record_calendar_sync_failure.host_id, left(coalesce(error, 'unknown error'), 2000), now(), 1)
  on conflict on constraint host_calendar_sync_pkey do update
    set last_error = excluded.last_error, last_error_at = now(), failures = c.failures + 1,
        requested_at = null
$$;

-- ---------------------------------------------------------------------------------------------------------
-- Writing calls to the hosts' calendars: an outbox like the booking messages'. A booked call is put on its
-- host's calendar, a move puts it again (same UID, higher SEQUENCE; a move to another host deletes it from the
-- first), a cancellation deletes it. A booking's writes to one host go out in order; a calendar that cannot be
-- reached never holds up the booking: the write is retried with backoff, and a write given up tells the team.

create table private.calendar_writes (
  id uuid primary key default gen_random_uuid(),
  queue_position bigint generated always as identity,
  booking_id uuid not null references private.bookings (id) on delete cascade,
  host_id uuid not null references private.booking_hosts (id) on delete cascade,
  action text not null,
  sequence integer not null,
  status text not null default 'pending',
  attempts integer not null default 0,
  created_at timestamptz not null default now(),
  next_attempt_at timestamptz not null default now(),
  claim_token uuid,
  lease_expires_at timestamptz,
  last_attempt_at timestamptz,
  last_error text,
  done_at timestamptz,
  constraint calendar_writes_action check (action in ('put', 'delete')),
  constraint calendar_writes_status check (status in ('pending', 'sending', 'done', 'dead')),
  constraint calendar_writes_once unique (booking_id, host_id, action, sequence)
);
create index calendar_writes_due_idx on private.calendar_writes (next_attempt_at) where status in ('pending', 'sending');
create index calendar_writes_booking_idx on private.calendar_writes (booking_id, host_id, queue_position);

alter table private.calendar_writes enable row level security;
revoke all on table private.calendar_writes from public, anon, authenticated, service_role;
grant select, update on table private.calendar_writes to service_role;

create function private.enqueue_calendar_writes()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = 'booked' and (tg_op = 'INSERT' or old.status is distinct from 'booked'
                                or new.starts_at <> old.starts_at or new.host_id <> old.host_id) then
    if tg_op = 'UPDATE' and old.status = 'booked' and old.host_id <> new.host_id then
      insert into private.calendar_writes (booking_id, host_id, action, sequence)
      select new.id, old.host_id, 'delete', new.sequence
        from private.booking_hosts h where h.id = old.host_id and h.calendar_url is not null
      on conflict on constraint calendar_writes_once do nothing;
    end if;
    insert into private.calendar_writes (booking_id, host_id, action, sequence)
    select new.id, new.host_id, 'put', new.sequence
      from private.booking_hosts h where h.id = new.host_id and h.calendar_url is not null
    on conflict on constraint calendar_writes_once do nothing;
  elsif tg_op = 'UPDATE' and old.status = 'booked' and new.status = 'cancelled' then
    insert into private.calendar_writes (booking_id, host_id, action, sequence)
    select new.id, old.host_id, 'delete', new.sequence
      from private.booking_hosts h where h.id = old.host_id and h.calendar_url is not null
    on conflict on constraint calendar_writes_once do nothing;
  end if;
  return null;
end;
$$;

create trigger enqueue_calendar_writes
  after insert or update on private.bookings
  for each row execute function private.enqueue_calendar_writes();

-- Claims up to batch_size due writes for lease_seconds (skip locked, a fresh claim token; a crashed run's writes
-- are due again when its lease ends). A write waits while an earlier write of the same booking to the same host
-- is pending, so a calendar never sees a delete before the put it removes. `sequence` is the invitation's
-- SEQUENCE when the write was queued; `booking` is the call as it is now, so a put always writes the latest time.
create function public.claim_calendar_writes(batch_size integer default 10, lease_seconds integer default 120)
returns table (job_id uuid, claim_token uuid, action text, sequence integer, attempts integer, booking jsonb, host jsonb)
language sql
volatile
security invoker
set search_path = ''
as $$
  with token as (
    select gen_random_uuid() as value
  ),
  due as (
    select w.id
      from private.calendar_writes w
     where w.status in ('pending', 'sending')
       and w.next_attempt_at <= now()
       and not exists (
             select 1 from private.calendar_writes earlier
              where earlier.booking_id = w.booking_id and earlier.host_id = w.host_id
                and earlier.queue_position < w.queue_position and earlier.status in ('pending', 'sending'))
     order by w.next_attempt_at, w.queue_position
     limit greatest(1, least(batch_size, 100))
       for update skip locked
  ),
  claimed as (
    update private.calendar_writes w
       set status = 'sending',
           claim_token = token.value,
           attempts = w.attempts + 1,
           last_attempt_at = now(),
           lease_expires_at = now() + make_interval(secs => greatest(lease_seconds, 10)),
           next_attempt_at = now() + make_interval(secs => greatest(lease_seconds, 10))
      from due, token
     where w.id = due.id
    returning w.*
  )
  select c.id, c.claim_token, c.action, c.sequence, c.attempts,
         (select jsonb_build_object(
                   'id', b.id, 'sequence', greatest(b.sequence, c.sequence),
                   'status', b.status, 'starts_at', b.starts_at, 'ends_at', b.ends_at,
                   'visitor_time_zone', b.visitor_time_zone, 'name', r.name, 'email', b.email,
                   'company', r.company, 'phone', r.phone, 'message', r.message)
            from private.bookings b join public.consultation_requests r on r.id = b.request_id
           where b.id = c.booking_id),
         (select jsonb_build_object('id', h.id, 'name', h.name, 'email', h.email, 'calendar_url', h.calendar_url,
                                    'credential_key', h.credential_key, 'time_zone', h.time_zone)
            from private.booking_hosts h where h.id = c.host_id)
    from claimed c
$$;

create function public.complete_calendar_write(job_id uuid, claim_token uuid)
returns boolean
language sql
volatile
security invoker
set search_path = ''
as $$
  with done as (
    update private.calendar_writes w
       set status = 'done', done_at = now(), claim_token = null, lease_expires_at = null, last_error = null
     where w.id = complete_calendar_write.job_id
       and w.claim_token = complete_calendar_write.claim_token
       and w.status = 'sending'
    returning 1
  )
  select count(*) = 1 from done
$$;

-- A failed attempt: retried after retry_in_seconds (1 s .. 1 h), or given up when that is null.
create function public.fail_calendar_write(job_id uuid, claim_token uuid, error text, retry_in_seconds integer default null)
returns boolean
language sql
volatile
security invoker
set search_path = ''
as $$
  with failed as (
    update private.calendar_writes w
       set status = case when retry_in_seconds is null then 'dead' else 'pending' end,
           next_attempt_at = now() + make_interval(secs => least(greatest(coalesce(retry_in_seconds, 0), 1), 3600)),
           last_error = left(coalesce(fail_calendar_write.error, 'unknown error'), 2000),
           claim_token = null,
           lease_expires_at = null
     where w.id = fail_calendar_write.job_id
       and w.claim_token = fail_calendar_write.claim_token
       and w.status = 'sending'
    returning 1
  )
  select count(*) = 1 from failed
$$;

revoke all on function private.enqueue_calendar_writes() from public;
revoke all on function public.calendar_hosts_to_sync(integer), public.replace_host_busy(uuid, timestamptz, timestamptz, jsonb),
  public.record_calendar_sync_failure(uuid, text), public.claim_calendar_writes(integer, integer),
  public.complete_calendar_write(uuid, uuid), public.fail_calendar_write(uuid, uuid, text, integer)
  from public, anon, authenticated;
grant execute on function public.calendar_hosts_to_sync(integer), public.replace_host_busy(uuid, timestamptz, timestamptz, jsonb),
  public.record_calendar_sync_failure(uuid, text), public.claim_calendar_writes(integer, integer),
  public.complete_calendar_write(uuid, uuid), public.fail_calendar_write(uuid, uuid, text, integer)
  to service_role;
