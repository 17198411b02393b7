-- CRM changes are written to the outbox (queue crm_sync) in the same transaction as the booking change or the call's
-- outcome, one job per target that is on; and a deleted lead takes its CRM changes and remote ids with it. A lead's
-- own change (lead.created) is queued with its notification: private.queue_lead_notification.

-- A call booked, moved (its time or its host) or cancelled; a call booked while a flood was on (in_flood) is a real
-- call and goes too. Not for a call whose lead is held and not released (its release queues its calls then:
-- private.queue_crm_lead).
create or replace function private.enqueue_crm_booking_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  change text;
begin
  if new.status = 'booked' and (tg_op = 'INSERT' or old.status is distinct from 'booked') then
    change := 'booking.created';
  elsif tg_op = 'UPDATE' and old.status = 'booked' and new.status = 'booked'
        and (new.starts_at <> old.starts_at or new.host_id <> old.host_id) then
    change := 'booking.moved';
  elsif tg_op = 'UPDATE' and old.status = 'booked' and new.status = 'cancelled' then
    change := 'booking.cancelled';
  else
    return null;
  end if;
  if not private.crm_lead_announced(new.request_id) then
    return null;
  end if;
  perform private.queue_crm_changes(
    change, 'consultation_requests', new.request_id, new,
    previous_starts_at => case when change = 'booking.moved' then old.starts_at end,
    -- Another host at the same time keeps the SEQUENCE: the key names the host, so it is not taken for the
    -- change that gave that SEQUENCE.
    key_suffix => case when change = 'booking.moved' and new.sequence = old.sequence then ':host:' || new.host_id end);
  return null;
end;
$$;
revoke all on function private.enqueue_crm_booking_change() from public, anon, authenticated, service_role;

-- A call's outcome recorded or changed: attended, no_show or moved (recording the same answer again is no change).
create or replace function private.enqueue_crm_call_outcome()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  booking private.bookings;
begin
  if tg_op = 'UPDATE' and new.outcome = old.outcome then
    return null;
  end if;
  select * into booking from private.bookings b where b.id = new.booking_id;
  if booking.id is null or not private.crm_lead_announced(booking.request_id) then
    return null;
  end if;
  perform private.queue_crm_changes(
    'call.outcome', 'consultation_requests', booking.request_id, booking,
    payload => jsonb_build_object('outcome', new.outcome, 'recorded_at', new.recorded_at));
  return null;
end;
$$;
revoke all on function private.enqueue_crm_call_outcome() from public, anon, authenticated, service_role;

-- Erasure: a deleted lead takes its CRM changes and the remote ids stored for it (its bookings' go with them, by
-- their foreign keys).
create or replace function private.delete_crm_lead_data()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from private.outbox n where n.queue = 'crm_sync' and n.lead_id = old.id and n.lead_table = tg_table_name;
  delete from private.crm_remote_ids i where i.lead_id = old.id and i.lead_table = tg_table_name;
  return null;
end;
$$;
revoke all on function private.delete_crm_lead_data() from public, anon, authenticated, service_role;
