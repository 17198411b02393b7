-- A flood cannot fill the calendar: a client's and a network's open bookings and live holds are limited before a
-- booking is stored (issue 36).

-- The trigger. Runs under the locks the visitor functions take (the address, then the team day) and adds the
-- sender's (its network block, then its client), always in that order, so the limits hold under concurrency and a
-- flood waits only on its own block. A refusal is raised as error BK001 whose detail is the visitor function's
-- answer: `sender_limit`, or for the flood share what a taken time answers (`day_full` with the times still open
-- when holding, `taken` with them when confirming).
create or replace function private.limit_booking_senders()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  visitor_request constant boolean := coalesce(current_setting('role', true), '') in ('anon', 'authenticated');
  clock_time constant timestamptz := private.clock_now();
  client_address text;
  settings private.booking_settings;
  refusal jsonb;
begin
  -- Only a row that starts taking time: a new hold, or a given-back (or run-out) hold confirmed after all.
  if new.status not in ('held', 'booked')
     or (tg_op = 'UPDATE' and (old.status = 'booked' or (old.status = 'held' and old.hold_expires_at > clock_time))) then
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
                 and ((b.status = 'booked' and b.ends_at > clock_time) or b.hold_expires_at > clock_time))
             >= settings.network_open_bookings)
     or (new.client_hash is not null and new.status = 'held'
         and (select count(*) from private.bookings b
               where b.client_hash = new.client_hash and b.status = 'held' and b.hold_expires_at > clock_time
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
        new.hold_expires_at := least(new.hold_expires_at, clock_time + make_interval(mins => settings.flood_hold_minutes));
      end if;
    end if;
  end if;
  if refusal is not null then
    raise exception 'booking refused: %', refusal ->> 'status' using errcode = 'BK001', detail = refusal::text;
  end if;
  return new;
end;
$$;
revoke all on function private.limit_booking_senders() from public, anon, authenticated, service_role;
