-- Who turned up: the host records a call's outcome by its token or the operator by the booking, and the show rates
-- read them.

create or replace function private.booking_by_outcome_token(token text)
returns private.bookings
language sql
stable
set search_path = ''
as $$
  select * from private.bookings b where token is not null and b.outcome_token = token
$$;
revoke all on function private.booking_by_outcome_token(text) from public, anon, authenticated, service_role;

-- The call behind a host's link: what the host needs to say who turned up, nothing the link's holder may not see
-- (no e-mail address, no phone, no visitor link).
create or replace function private.call_for_outcome(token text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when b.id is null then jsonb_build_object('status', 'not_found')
    when b.status <> 'booked' then jsonb_build_object('status', b.status)
    else private.team_settings_json() || jsonb_build_object(
      'status', case when b.starts_at > private.clock_now() then 'not_started' else 'found' end,
      'starts_at', b.starts_at, 'ends_at', b.ends_at,
      'visitor_name', r.name, 'company', r.company, 'host_name', h.name,
      'outcome', o.outcome, 'recorded_at', o.recorded_at, 'recorded_by', o.recorded_by)
  end
  from (select 1) one
  left join private.booking_by_outcome_token(token) b on true
  left join public.consultation_requests r on r.id = b.request_id
  left join private.booking_hosts h on h.id = b.host_id
  left join private.call_outcomes o on o.booking_id = b.id
$$;
revoke all on function private.call_for_outcome(text) from public, anon, authenticated, service_role;
grant execute on function private.call_for_outcome(text) to anon, authenticated, service_role;

-- The host's page (/call-outcome#<secret>) calls these through the data API, as the visitor's page calls
-- managed_booking: security invoker wrappers in public over the private functions.
create or replace function public.call_for_outcome(token text)
returns jsonb
language sql
stable
set search_path = ''
as $$ select private.call_for_outcome(token) $$;
revoke all on function public.call_for_outcome(text) from public, anon, authenticated, service_role;
grant execute on function public.call_for_outcome(text) to anon, authenticated, service_role;

create or replace function private.save_call_outcome(booking_id uuid, outcome text, recorded_by text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  booking private.bookings;
  saved private.call_outcomes;
begin
  select * into booking from private.bookings b where b.id = save_call_outcome.booking_id;
  if booking.id is null then
    return jsonb_build_object('status', 'not_found');
  end if;
  if outcome is null or outcome not in ('attended', 'no_show', 'moved') then
    return jsonb_build_object('status', 'invalid_outcome');
  end if;
  if booking.status <> 'booked' then
    return jsonb_build_object('status', booking.status, 'booking_id', booking.id);
  end if;
  if booking.starts_at > private.clock_now() then
    return jsonb_build_object('status', 'not_started', 'booking_id', booking.id, 'starts_at', booking.starts_at);
  end if;
  insert into private.call_outcomes as o (booking_id, outcome, recorded_by)
  values (booking.id, save_call_outcome.outcome, left(btrim(save_call_outcome.recorded_by), 200))
  on conflict on constraint call_outcomes_pkey do update
    set outcome = excluded.outcome, recorded_at = now(), recorded_by = excluded.recorded_by
  returning * into saved;
  return jsonb_build_object('status', 'recorded', 'booking_id', booking.id, 'outcome', saved.outcome,
                            'recorded_at', saved.recorded_at, 'recorded_by', saved.recorded_by);
end;
$$;
revoke all on function private.save_call_outcome(uuid,text,text) from public, anon, authenticated, service_role;
grant execute on function private.save_call_outcome(uuid,text,text) to service_role;

create or replace function private.record_call_outcome(token text, outcome text)
returns jsonb
language sql
volatile
security definer
set search_path = ''
as $$
  select case when b.id is null then jsonb_build_object('status', 'not_found')
         else private.save_call_outcome(b.id, outcome, 'host ' || h.name)
         end
    from (select 1) one
    left join private.booking_by_outcome_token(token) b on true
    left join private.booking_hosts h on h.id = b.host_id
$$;
revoke all on function private.record_call_outcome(text,text) from public, anon, authenticated, service_role;
grant execute on function private.record_call_outcome(text,text) to anon, authenticated, service_role;

create or replace function public.record_call_outcome(token text, outcome text)
returns jsonb
language sql
volatile
set search_path = ''
as $$ select private.record_call_outcome(token, outcome) $$;
revoke all on function public.record_call_outcome(text,text) from public, anon, authenticated, service_role;
grant execute on function public.record_call_outcome(text,text) to anon, authenticated, service_role;

-- For operators (service_role): the outcome of a booking by id.
create or replace function public.operator_record_call_outcome(booking_id uuid, outcome text, recorded_by text default 'operator')
returns jsonb
language sql
volatile
security invoker
set search_path = ''
as $$ select private.save_call_outcome(booking_id, outcome, recorded_by) $$;
revoke all on function public.operator_record_call_outcome(uuid,text,text) from public, anon, authenticated, service_role;
grant execute on function public.operator_record_call_outcome(uuid,text,text) to service_role;

-- The call an operator means when recording an outcome: a booking id, or the visitor's e-mail address and their
-- booked call whose start has passed ('ambiguous' with the candidates when they had several).
create or replace function public.find_operator_call(reference text)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  with candidates as (
    select b.id, b.email, b.status, b.starts_at
      from private.bookings b
     where case
             when reference ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then b.id = reference::uuid
             else b.status = 'booked' and b.starts_at <= (select private.clock_now())
                  and private.lead_address_key(b.email) = private.lead_address_key(reference)
           end
  )
  select case
    when (select count(*) from candidates) = 0 then jsonb_build_object('status', 'not_found')
    when (select count(*) from candidates) > 1 then jsonb_build_object(
      'status', 'ambiguous',
      'candidates', (select jsonb_agg(jsonb_build_object('booking_id', c.id, 'starts_at', c.starts_at) order by c.starts_at)
                       from candidates c))
    else (select jsonb_build_object('status', 'found', 'booking_id', c.id, 'booking_status', c.status,
                                    'email', c.email, 'starts_at', c.starts_at) from candidates c)
  end
$$;
revoke all on function public.find_operator_call(text) from public, anon, authenticated, service_role;
grant execute on function public.find_operator_call(text) to service_role;

-- Calls whose start has passed, by the team's week (Monday) and by where the lead came from: its utm_source,
-- else the referring site, else "direct". Cancelled calls are not calls.
create or replace function public.call_show_rates(weeks integer default 12)
returns table (week_start date, source text, attended integer, no_show integer, moved integer, not_recorded integer)
language sql
stable
security invoker
set search_path = ''
as $$
  with calls as (
    select date_trunc('week', b.starts_at at time zone s.team_time_zone)::date as week_start,
           coalesce(nullif(btrim(r.attribution ->> 'utm_source'), ''),
                    substring(r.attribution ->> 'referrer' from '^[A-Za-z][A-Za-z0-9+.-]*://(?:www\.)?([^/:?#]+)'),
                    'direct') as source,
           o.outcome
      from private.bookings b
      cross join private.booking_settings s
      join public.consultation_requests r on r.id = b.request_id
      left join private.call_outcomes o on o.booking_id = b.id
     where b.status = 'booked' and b.starts_at <= (select private.clock_now())
       and b.starts_at > (select private.clock_now()) - make_interval(weeks => greatest(weeks, 1))
  )
  select week_start, source,
         (count(*) filter (where outcome = 'attended'))::integer,
         (count(*) filter (where outcome = 'no_show'))::integer,
         (count(*) filter (where outcome = 'moved'))::integer,
         (count(*) filter (where outcome is null))::integer
    from calls
   group by week_start, source
   order by week_start, source
$$;
revoke all on function public.call_show_rates(integer) from public, anon, authenticated, service_role;
grant execute on function public.call_show_rates(integer) to service_role;
