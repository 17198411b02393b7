-- The visitor's manage link: read, move or cancel a booking by its token (stored hashed).

create or replace function private.booking_by_token(token text)
returns private.bookings
language sql
stable
set search_path = ''
as $$
  select * from private.bookings b
   where token is not null and b.manage_token = token
$$;
revoke all on function private.booking_by_token(text) from public, anon, authenticated, service_role;

-- The booking behind a change/cancel link.
create or replace function private.managed_booking(token text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select case when b.id is null then jsonb_build_object('status', 'not_found')
         else private.booking_answer(b)
         end
    from private.booking_by_token(token) b
$$;
revoke all on function private.managed_booking(text) from public, anon, authenticated, service_role;
grant execute on function private.managed_booking(text) to anon, authenticated, service_role;

create or replace function public.managed_booking(token text)
returns jsonb
language sql
stable
set search_path = ''
as $$ select private.managed_booking(token) $$;
revoke all on function public.managed_booking(text) from public, anon, authenticated, service_role;
grant execute on function public.managed_booking(text) to anon, authenticated, service_role;

-- Moves a booked call to another free time, keeping its link; the invitation's SEQUENCE goes up.
create or replace function private.move_booking(token text, starts_at timestamptz)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  clock_time constant timestamptz := private.clock_now();
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
  if booking.ends_at <= clock_time then
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
   where b.status = 'held' and b.hold_expires_at <= clock_time and b.blocked && private.blocked_range(move_booking.starts_at);
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
revoke all on function private.move_booking(text,timestamp with time zone) from public, anon, authenticated, service_role;
grant execute on function private.move_booking(text,timestamp with time zone) to anon, authenticated, service_role;

create or replace function public.move_booking(token text, starts_at timestamptz)
returns jsonb
language sql
volatile
set search_path = ''
as $$ select private.move_booking(token, starts_at) $$;
revoke all on function public.move_booking(text,timestamp with time zone) from public, anon, authenticated, service_role;
grant execute on function public.move_booking(text,timestamp with time zone) to anon, authenticated, service_role;

create or replace function private.cancel_booking(token text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  booking private.bookings := private.booking_by_token(token);
begin
  if booking.id is null then
    return jsonb_build_object('status', 'not_found');
  end if;
  if booking.status = 'cancelled' then
    return jsonb_build_object('status', 'cancelled', 'booking_id', booking.id);
  end if;
  if booking.ends_at <= private.clock_now() then
    return jsonb_build_object('status', 'past');
  end if;
  update private.bookings b set status = 'cancelled', sequence = b.sequence + 1, updated_at = now()
   where b.id = booking.id;
  return jsonb_build_object('status', 'cancelled', 'booking_id', booking.id);
end;
$$;
revoke all on function private.cancel_booking(text) from public, anon, authenticated, service_role;
grant execute on function private.cancel_booking(text) to anon, authenticated, service_role;

create or replace function public.cancel_booking(token text)
returns jsonb
language sql
volatile
set search_path = ''
as $$ select private.cancel_booking(token) $$;
revoke all on function public.cancel_booking(text) from public, anon, authenticated, service_role;
grant execute on function public.cancel_booking(text) to anon, authenticated, service_role;
