-- A flood can neither fill the calendar nor use the challenge endpoint freely (issue 36, "Bookings too" and "rate
-- limit on public.lead_challenge()"). Docs: docs/security.md ("Bookings under a flood", "The challenge"),
-- docs/booking.md.
--
-- What was already true: a held lead is not the visitor's request (20261127100000_held_leads.sql, own_request), so
-- every lead stored while its table is above the global rate (60 a minute), in a burst from one network block, with
-- the trap field or without a valid challenge cannot hold a time until it is released. What was not: a flood of
-- valid leads from many addresses, under those rates, could hold (and re-hold, every 10 minutes, for 24 hours) or
-- book every time of the horizon: the daily limit counts holds, so 6 holds a day fill a day.
--
-- For a team whose calendar is its revenue the rules are chosen so that the limits that refuse are tied to the
-- sender, a flood from many senders cannot take more than a bounded part of any day (while it lasts, people share
-- that part with it, and the rest waits for them), and what a flood took is marked:
--
-- 1. Per sender (refusing, answered `sender_limit`; the limits in private.booking_settings):
--    - one network block (the client address's /24 or /48, the same SHA-256 as the submission guard's
--      `network_hash`) has at most `network_open_bookings` (3) times in the calendar at once: live holds and
--      booked calls not yet over, together, so a block that books cannot go on holding either;
--    - one client address has at most `client_live_holds` (2) live holds;
--    - one request may hold a time at most `holds_per_request` (6) times (a person picks again a few times; a bot
--      re-holding one time every few minutes for 24 hours cannot).
--    A visitor refused by them has no alternative online (every time is refused to that sender): they are told
--    their request is saved and the team will e-mail them within 24 hours. As with the guard's network limit, a
--    person inside a flooding block may be refused: the price of a limit wider than one address.
-- 2. A flood from many blocks (never tied to a sender; it never refuses anyone while the booking rate is normal).
--    A hold is made IN A FLOOD when at least `flood_after_requests` (2) other requests held a time in the last
--    `flood_window_minutes` (60): for this team (6 calls a day) three people picking times within an hour is
--    already unusual. Such a hold
--    - lasts `flood_hold_minutes` (3) instead of hold_minutes (10): a bot's hold keeps a time from others for
--      3 minutes; a person who confirms later still gets the time if nobody took it meanwhile (confirm_booking);
--    - is marked (`in_flood`, kept when confirmed), and the marked holds and calls of one team day may take at most
--      `flood_share_percent` (50 %, rounded down: 3 of 6) of its daily limit. While the flood lasts, a day whose
--      share is taken is not offered (free_starts) and a visitor who picks it is answered `day_full` with the
--      times still open. Unmarked calls take at most flood_after_requests times per window, so a burst can take at
--      most 2 + 3 = 5 of a day's 6 calls, and half of every other day; the rest stays for the visitors who come
--      after it, and the team sees which calls came in a flood (private.bookings.in_flood).
--    Why not a share for unconfirmed holds alone: a visitor's hold is a hold too, so it is refused with the
--    flood's; and a flood that confirms turns its holds into calls. Why not holding every request above a booking
--    rate: the global lead rate already does that at 60 a minute, and below it nothing but the rate tells a bot
--    from a person.
-- 3. public.lead_challenge(): per client address `challenge_client_per_minute` (20) and per network block
--    `challenge_network_per_minute` (60) challenges a minute at the level the volume asks for; beyond, the
--    challenge is issued at the cap (the highest level of private.lead_challenge_levels, 3,200,000) instead of
--    refused. The numbers are what the lead limits let a sender use (10 a minute per table from a client, 30 from
--    a block, in two tables), so no sender within them ever meets it. Beyond it nothing is written and the
--    volume is not counted, so a flood of calls costs the database one indexed count each, less than a normal
--    issue; a stockpile of cheap challenges is as large as the sender could use anyway; and a person behind an
--    address shared with a flood still gets a challenge their browser can solve (slowly), where a refusal would
--    hold their lead (the site sends a lead without a solution when the fetch fails: stored, held).
--
-- How: small pieces instead of restating the visitor functions. A BEFORE trigger on private.bookings applies 1 and
-- 2 to every row that starts taking time from a visitor request (a new hold, or a hold confirmed after it was
-- given back) and refuses with error BK001, whose detail is the answer; the data API's hold_booking_slot and
-- confirm_booking (security invoker wrappers of a few lines) return that answer. free_starts (already restated by 20261126100000) learns
-- the flood share. The challenge's difficulty function is renamed lead_challenge_level and wrapped by one of the
-- old name that applies 3.

-- ---------------------------------------------------------------------------------------------------------
-- The limits: the booking rules' row (private.booking_settings) and the guard's (private.lead_guard_settings).

alter table private.booking_settings
  add column network_open_bookings integer not null default 3,
  add column client_live_holds integer not null default 2,
  add column holds_per_request integer not null default 6,
  add column flood_window_minutes integer not null default 60,
  add column flood_after_requests integer not null default 2,
  add column flood_share_percent integer not null default 50,
  add column flood_hold_minutes integer not null default 3,
  add constraint booking_settings_sender_limits check (
    network_open_bookings between 1 and 1000 and client_live_holds between 1 and 100
    and holds_per_request between 1 and 100),
  add constraint booking_settings_flood check (
    flood_window_minutes between 1 and 1440 and flood_after_requests between 0 and 1000
    and flood_share_percent between 0 and 99 and flood_hold_minutes between 1 and 60);

alter table private.lead_guard_settings
  add column challenge_client_per_minute integer not null default 20,
  add column challenge_network_per_minute integer not null default 60,
  add constraint lead_guard_settings_challenge_rate check (
    challenge_client_per_minute > 0 and challenge_network_per_minute >= challenge_client_per_minute);

-- ---------------------------------------------------------------------------------------------------------
-- Bookings: who made them (SHA-256 of the client address and of its network block, as on the leads; null for
-- rows made outside a data API request) and whether in a flood.

alter table private.bookings
  add column client_hash text,
  add column network_hash text,
  add column in_flood boolean not null default false;
comment on column private.bookings.in_flood is
  'Held (and then booked) while other requests were holding times at a flood''s rate: see 20261129100000_flood_bookings.sql.';
create index bookings_network_open_idx on private.bookings (network_hash) where status in ('held', 'booked');
create index bookings_client_open_idx on private.bookings (client_hash) where status in ('held', 'booked');
create index bookings_request_idx on private.bookings (request_id);
create index bookings_created_idx on private.bookings (created_at);

-- Whether a hold made now is made in a flood: at least flood_after_requests requests other than `request` held a
-- time in the last flood_window_minutes.
create function private.booking_flood(request uuid default null)
returns boolean
language sql
stable
set search_path = ''
as $$
  select (select count(distinct b.request_id) from private.bookings b
           where b.created_at > now() - make_interval(mins => s.flood_window_minutes)
             and b.request_id is distinct from request) >= s.flood_after_requests
    from private.booking_settings s
$$;

-- How many calls of one day holds made in a flood may take.
create function private.flood_share_calls()
returns integer
language sql
stable
set search_path = ''
as $$ select (s.max_calls_per_day * s.flood_share_percent) / 100 from private.booking_settings s $$;

-- Live rows of `day` marked in_flood, but `ignoring`.
create function private.flood_calls(day date, ignoring uuid default null)
returns bigint
language sql
stable
set search_path = ''
as $$
  select count(*) from private.bookings b
   where b.team_day = day and b.in_flood and b.id is distinct from ignoring
     and (b.status = 'booked' or (b.status = 'held' and b.hold_expires_at > now()))
$$;

-- The free times of 20261126100000_booking_hosts.sql, and while a flood lasts, only on days whose flood share is
-- not taken.
create or replace function private.free_starts(window_start timestamptz, window_end timestamptz, ignoring uuid default null)
returns table (starts_at timestamptz, ends_at timestamptz, team_day date)
language sql
stable
set search_path = ''
as $$
  with flood as (select case when private.booking_flood() then private.flood_share_calls() end as share)
  select a.starts_at, a.ends_at, a.team_day
    from private.allowed_starts(window_start, window_end) a, flood f
   where exists (select 1 from private.booking_hosts h
                  where not h.paused and private.host_is_free(h.id, private.blocked_range(a.starts_at), ignoring))
     and (select count(*) from private.live_bookings() b
           where b.team_day = a.team_day and b.id is distinct from ignoring)
         < (select max_calls_per_day from private.booking_settings)
     and (f.share is null or private.flood_calls(a.team_day, ignoring) < f.share)
   order by a.starts_at
$$;

-- ---------------------------------------------------------------------------------------------------------
-- The trigger. Runs under the locks the visitor functions take (the address, then the team day) and adds the
-- sender's (its network block, then its client), always in that order, so the limits hold under concurrency and a
-- flood waits only on its own block. A refusal is raised as error BK001 whose detail is the visitor function's
-- answer: `sender_limit`, or for the flood share what a taken time answers (`day_full` with the times still open
-- when holding, `taken` with them when confirming).

create function private.limit_booking_senders()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  visitor_request constant boolean := coalesce(current_setting('role', true), '') in ('anon', 'authenticated');
  client_address text;
  settings private.booking_settings;
  refusal jsonb;
begin
  -- Only a row that starts taking time: a new hold, or a given-back (or run-out) hold confirmed after all.
  if new.status not in ('held', 'booked')
     or (tg_op = 'UPDATE' and (old.status = 'booked' or (old.status = 'held' and old.hold_expires_at > now()))) then
    return new;
  end if;
  if tg_op = 'INSERT' then
    client_address := private.request_client_address();
    new.client_hash := private.sha256_hex(client_address);
    new.network_hash := private.sha256_hex(private.client_network(client_address));
    new.in_flood := false;
  end if;
  if not visitor_request then
    return new;
  end if;
  select * into settings from private.booking_settings;

  if new.network_hash is not null then
    perform pg_advisory_xact_lock(hashtextextended('booking:network:' || new.network_hash, 0));
  end if;
  if new.client_hash is not null then
    perform pg_advisory_xact_lock(hashtextextended('booking:client:' || new.client_hash, 0));
  end if;
  if (tg_op = 'INSERT'
      and (select count(*) from private.bookings b where b.request_id = new.request_id) >= settings.holds_per_request)
     or (new.network_hash is not null
         and (select count(*) from private.bookings b
               where b.network_hash = new.network_hash and b.status in ('held', 'booked') and b.id <> new.id
                 and ((b.status = 'booked' and b.ends_at > now()) or b.hold_expires_at > now()))
             >= settings.network_open_bookings)
     or (new.client_hash is not null and new.status = 'held'
         and (select count(*) from private.bookings b
               where b.client_hash = new.client_hash and b.status = 'held' and b.hold_expires_at > now()
                 and b.id <> new.id)
             >= settings.client_live_holds) then
    refusal := jsonb_build_object('status', 'sender_limit');
  elsif private.booking_flood(new.request_id) then
    if private.flood_calls(new.team_day, new.id) >= private.flood_share_calls() then
      refusal := jsonb_build_object(
        'status', case tg_op when 'INSERT' then 'day_full' else 'taken' end,
        'alternatives', private.alternatives(new.starts_at, 6, new.id));
    else
      new.in_flood := true;
      if new.status = 'held' then
        new.hold_expires_at := least(new.hold_expires_at, now() + make_interval(mins => settings.flood_hold_minutes));
      end if;
    end if;
  end if;
  if refusal is not null then
    raise exception 'booking refused: %', refusal ->> 'status' using errcode = 'BK001', detail = refusal::text;
  end if;
  return new;
end;
$$;

create trigger limit_booking_senders
  before insert or update of status on private.bookings
  for each row execute function private.limit_booking_senders();

-- ---------------------------------------------------------------------------------------------------------
-- The data API's two functions answer the trigger's refusal (its detail) instead of the error. Still security
-- invoker wrappers over the private functions of the same names (20261125100000_booking.sql).

create or replace function public.hold_booking_slot(email text, starts_at timestamptz, visitor_time_zone text)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  answer text;
begin
  return private.hold_booking_slot(email, starts_at, visitor_time_zone);
exception when sqlstate 'BK001' then
  get stacked diagnostics answer = pg_exception_detail;
  return answer::jsonb;
end;
$$;

create or replace function public.confirm_booking(hold_id uuid, email text)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  answer text;
begin
  return private.confirm_booking(hold_id, email);
exception when sqlstate 'BK001' then
  get stacked diagnostics answer = pg_exception_detail;
  return answer::jsonb;
end;
$$;

revoke all on function private.booking_flood(uuid), private.flood_share_calls(), private.flood_calls(date, uuid),
  private.limit_booking_senders()
  from public;

-- ---------------------------------------------------------------------------------------------------------
-- The challenge: challenges issued to each sender in the last minute (only those issued at the level; the rows go
-- a minute later, a few at a time).

create table private.lead_challenge_issues (
  client_hash text not null,
  network_hash text not null,
  issued_at timestamptz not null default now()
);
create index lead_challenge_issues_network_idx on private.lead_challenge_issues (network_hash, issued_at);
create index lead_challenge_issues_age_idx on private.lead_challenge_issues (issued_at);
alter table private.lead_challenge_issues enable row level security;
revoke all on table private.lead_challenge_issues from public, anon, authenticated, service_role;

alter function private.lead_challenge_max_number() rename to lead_challenge_level;

-- The maxnumber a challenge issued now to this sender gets: the level for the volume, or the cap for a sender over
-- its limits. Called by private.issue_lead_challenge (security definer), for visitor requests; anything else
-- (no request, a server-side call) gets the level.
create function private.lead_challenge_max_number()
returns integer
language plpgsql
volatile
set search_path = ''
as $$
declare
  client_address constant text := private.request_client_address();
  sender_client constant text := private.sha256_hex(client_address);
  sender_network constant text := private.sha256_hex(private.client_network(client_address));
  settings private.lead_guard_settings;
  client_last_minute integer;
  network_last_minute integer;
begin
  if client_address is null or coalesce(current_setting('role', true), '') not in ('anon', 'authenticated') then
    return private.lead_challenge_level();
  end if;
  select * into settings from private.lead_guard_settings;
  perform pg_advisory_xact_lock(hashtextextended('lead_challenge:network:' || sender_network, 0));
  perform pg_advisory_xact_lock(hashtextextended('lead_challenge:client:' || sender_client, 0));
  select count(*) filter (where i.client_hash = sender_client), count(*)
    into client_last_minute, network_last_minute
    from private.lead_challenge_issues i
   where i.network_hash = sender_network and i.issued_at > now() - interval '1 minute';
  if client_last_minute >= settings.challenge_client_per_minute
     or network_last_minute >= settings.challenge_network_per_minute then
    return coalesce((select max(l.max_number) from private.lead_challenge_levels l), private.lead_challenge_level());
  end if;
  insert into private.lead_challenge_issues (client_hash, network_hash)
  values (sender_client, sender_network);
  delete from private.lead_challenge_issues i
   where i.ctid in (select e.ctid from private.lead_challenge_issues e
                     where e.issued_at < now() - interval '1 minute' order by e.issued_at limit 20
                       for update skip locked);
  return private.lead_challenge_level();
end;
$$;

revoke all on function private.lead_challenge_max_number() from public;
