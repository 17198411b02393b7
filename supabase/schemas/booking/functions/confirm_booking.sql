-- Confirming a held time turns it into a booked call with its manage link.

-- Confirms a held time. The answer carries the secret of the change/cancel link; confirming again answers the same.
create or replace function private.confirm_booking(hold_id uuid, email text)
returns jsonb
language plpgsql
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
  if hold.status <> 'held' or hold.hold_expires_at <= private.clock_now() then
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
revoke all on function private.confirm_booking(uuid,text) from public, anon, authenticated, service_role;
grant execute on function private.confirm_booking(uuid,text) to anon, authenticated, service_role;

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
revoke all on function public.confirm_booking(uuid,text) from public, anon, authenticated, service_role;
grant execute on function public.confirm_booking(uuid,text) to anon, authenticated, service_role;
