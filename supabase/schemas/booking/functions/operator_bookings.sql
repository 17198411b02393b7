-- The operator's booking tools (npm run leads): an overview of the bookings, and finding, moving and cancelling one.

-- Bookings that are or were a call (held times given back are left out), newest first.
create or replace function public.booking_overview(request_ids uuid[] default null)
returns table (
  booking_id uuid,
  request_id uuid,
  email text,
  status text,
  starts_at timestamptz,
  ends_at timestamptz,
  visitor_time_zone text,
  team_time_zone text,
  sequence integer,
  created_at timestamptz,
  history jsonb,
  messages jsonb,
  host_name text,
  outcome jsonb
)
language sql
stable
security invoker
set search_path = ''
as $$
  select b.id, b.request_id, b.email, b.status, b.starts_at, b.ends_at, b.visitor_time_zone,
         (select s.team_time_zone from private.booking_settings s), b.sequence, b.created_at,
         coalesce((select jsonb_agg(jsonb_build_object('at', h.at, 'event', h.event, 'starts_at', h.starts_at)
                                    order by h.at, h.id)
                     from private.booking_history h where h.booking_id = b.id), '[]'::jsonb),
         coalesce((select jsonb_agg(jsonb_build_object(
                            'kind', n.kind, 'recipient', n.recipient, 'status', n.status, 'sequence', n.sequence,
                            'due_at', n.next_attempt_at, 'sent_at', n.sent_at, 'attempts', n.attempts,
                            'last_error', n.last_error)
                          order by n.queue_position)
                     from private.outbox n where n.queue = 'booking_message' and n.booking_id = b.id), '[]'::jsonb),
         (select h.name from private.booking_hosts h where h.id = b.host_id),
         (select jsonb_build_object('outcome', o.outcome, 'recorded_at', o.recorded_at, 'recorded_by', o.recorded_by)
            from private.call_outcomes o where o.booking_id = b.id)
    from private.bookings b
   where (request_ids is null or b.request_id = any (request_ids))
     and b.status in ('held', 'booked', 'cancelled')
   order by b.created_at desc
$$;
revoke all on function public.booking_overview(uuid[]) from public, anon, authenticated, service_role;
grant execute on function public.booking_overview(uuid[]) to service_role;

-- The booked call an operator means: a booking id, or the visitor's e-mail address (compared as the lead rules
-- compare addresses), whose call has not ended. 'not_found' or 'ambiguous' (with the candidates) otherwise.
create or replace function public.find_operator_booking(reference text)
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
             else b.status = 'booked' and b.ends_at > (select private.clock_now())
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
revoke all on function public.find_operator_booking(text) from public, anon, authenticated, service_role;
grant execute on function public.find_operator_booking(text) to service_role;

create or replace function public.operator_cancel_booking(booking_id uuid)
returns jsonb
language sql
volatile
security invoker
set search_path = ''
as $$
  select case
    when b.id is null then jsonb_build_object('status', 'not_found')
    when b.status <> 'booked' then jsonb_build_object('status', b.status, 'booking_id', b.id)
    else private.cancel_booking(b.manage_token)
  end
  from (select operator_cancel_booking.booking_id as wanted) w
  left join private.bookings b on b.id = w.wanted
$$;
revoke all on function public.operator_cancel_booking(uuid) from public, anon, authenticated, service_role;
grant execute on function public.operator_cancel_booking(uuid) to service_role;

create or replace function public.operator_move_booking(booking_id uuid, starts_at timestamptz)
returns jsonb
language sql
volatile
security invoker
set search_path = ''
as $$
  select case
    when b.id is null then jsonb_build_object('status', 'not_found')
    when b.status <> 'booked' then jsonb_build_object('status', b.status, 'booking_id', b.id)
    else private.move_booking(b.manage_token, operator_move_booking.starts_at)
  end
  from (select operator_move_booking.booking_id as wanted) w
  left join private.bookings b on b.id = w.wanted
$$;
revoke all on function public.operator_move_booking(uuid,timestamp with time zone) from public, anon, authenticated, service_role;
grant execute on function public.operator_move_booking(uuid,timestamp with time zone) to service_role;
