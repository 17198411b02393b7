-- A visitor's hold on a time: the database judges it (the exclusion constraints are the guarantee), and a lost race
-- is a clear answer with alternatives.

-- Bookings: a held request is not the visitor's request until it is released. Holding a time answers
-- 'no_request' (the site: "we couldn't match this booking to your request", the request is saved and the team
-- will write), confirming answers 'not_found'; the same answers as for a request that was never stored.
create or replace function private.own_request(email text)
returns uuid
language sql
stable
set search_path = ''
as $$
  select r.id
    from public.consultation_requests r
   where private.lead_address_key(r.email) = private.lead_address_key(own_request.email)
     and r.duplicate_of is null
     and (r.hold_reason is null or r.released_at is not null)
     and r.created_at > now() - interval '24 hours'
     and r.client_hash is not distinct from (
           select encode(sha256(convert_to(a, 'UTF8')), 'hex')
             from private.request_client_address() a)
   order by r.created_at desc
   limit 1
$$;
revoke all on function private.own_request(text) from public, anon, authenticated, service_role;

-- What takes time in the calendar (live holds and booked calls), the flood's window and share.
create or replace function private.live_bookings()
returns setof private.bookings
language sql
stable
set search_path = ''
as $$
  select * from private.bookings
   where status = 'booked' or (status = 'held' and hold_expires_at > (select private.clock_now()))
$$;
revoke all on function private.live_bookings() from public, anon, authenticated, service_role;

-- A booking as the visitor functions answer with it: its state, times and the visitor's zone, with the team's
-- settings; the change/cancel link's secret only where the caller has just proven the booking is theirs.
create or replace function private.booking_answer(booking private.bookings, with_token boolean default false)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select private.team_settings_json() || jsonb_build_object(
    'status', booking.status, 'booking_id', booking.id, 'starts_at', booking.starts_at, 'ends_at', booking.ends_at,
    'visitor_time_zone', booking.visitor_time_zone)
    || case when with_token then jsonb_build_object('manage_token', booking.manage_token) else '{}'::jsonb end
$$;
revoke all on function private.booking_answer(private.bookings,boolean) from public, anon, authenticated, service_role;

-- The visitor functions with hosts: the same answers as before (docs/booking.md); the held time goes to the
-- first of the free hosts, a confirmation checks that host's calendar once more, a move keeps the host when
-- they are free at the new time.
create or replace function private.hold_booking_slot(email text, starts_at timestamptz, visitor_time_zone text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  clock_time constant timestamptz := private.clock_now();
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
                and b.status = 'booked' and b.ends_at > clock_time) then
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
     and (b.request_id = request or (b.hold_expires_at <= clock_time and b.blocked && private.blocked_range(hold_booking_slot.starts_at)));

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
            clock_time + make_interval(mins => settings.hold_minutes), host)
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
revoke all on function private.hold_booking_slot(text,timestamp with time zone,text) from public, anon, authenticated, service_role;
grant execute on function private.hold_booking_slot(text,timestamp with time zone,text) to anon, authenticated, service_role;

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
revoke all on function public.hold_booking_slot(text,timestamp with time zone,text) from public, anon, authenticated, service_role;
grant execute on function public.hold_booking_slot(text,timestamp with time zone,text) to anon, authenticated, service_role;
