-- Queueing CRM changes (queue crm_sync of private.outbox): one job per target that is on (paused targets included)
-- and change, none at all while no target is on.

-- Whether a strategy-call request has reached the team as a lead: stored unheld (or released), not a duplicate.
create or replace function private.crm_lead_announced(request_id uuid)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (select 1 from public.consultation_requests r
                  where r.id = crm_lead_announced.request_id and r.duplicate_of is null
                    and (r.hold_reason is null or r.released_at is not null))
$$;
revoke all on function private.crm_lead_announced(uuid) from public, anon, authenticated, service_role;

-- Queues `change` about a lead (and `booking`, with its SEQUENCE and time as they are now) for every target that is
-- on. Every change about one e-mail address (trimmed, lower-case) shares the target's ordering key, so a CRM never
-- gets two people for two requests with the same address, nor a booking's cancel before its create.
create or replace function private.queue_crm_changes(
  change text,
  lead_table text,
  lead_id uuid,
  booking private.bookings default null,
  previous_starts_at timestamptz default null,
  payload jsonb default null,
  next_attempt_at timestamptz default null,
  settle_until timestamptz default null,
  key_suffix text default null
)
returns void
language sql
set search_path = ''
as $$
  insert into private.outbox
    (queue, kind, crm_target, idempotency_key, ordering_key, holds_order, lead_table, lead_id, booking_id, sequence,
     starts_at, ends_at, previous_starts_at, payload, next_attempt_at, settle_until)
  select 'crm_sync', queue_crm_changes.change, t.target,
         t.target || ':' || queue_crm_changes.change || ':'
           || case queue_crm_changes.change
              when 'lead.created' then queue_crm_changes.lead_table || ':' || queue_crm_changes.lead_id
              when 'call.outcome' then
                (queue_crm_changes.booking).id || ':' || (queue_crm_changes.payload ->> 'outcome') || ':'
                || (extract(epoch from (queue_crm_changes.payload ->> 'recorded_at')::timestamptz) * 1000000)::bigint
              else (queue_crm_changes.booking).id || ':' || (queue_crm_changes.booking).sequence
              end
           || coalesce(queue_crm_changes.key_suffix, ''),
         t.target || ':' || md5(lower(btrim(lead.email))), true,
         queue_crm_changes.lead_table, queue_crm_changes.lead_id, (queue_crm_changes.booking).id,
         (queue_crm_changes.booking).sequence, (queue_crm_changes.booking).starts_at,
         (queue_crm_changes.booking).ends_at, queue_crm_changes.previous_starts_at, queue_crm_changes.payload,
         coalesce(queue_crm_changes.next_attempt_at, private.clock_now()), queue_crm_changes.settle_until
    from private.crm_targets t
   cross join lateral (
         select r.email from public.consultation_requests r
          where queue_crm_changes.lead_table = 'consultation_requests' and r.id = queue_crm_changes.lead_id
         union all
         select m.email from public.contact_messages m
          where queue_crm_changes.lead_table = 'contact_messages' and m.id = queue_crm_changes.lead_id) lead
   where t.turned_off_at is null
  on conflict on constraint outbox_once do nothing
$$;
revoke all on function private.queue_crm_changes(text,text,uuid,private.bookings,timestamptz,jsonb,timestamptz,timestamptz,text)
  from public, anon, authenticated, service_role;

-- A lead announced to the team (stored, or released from a hold): its lead.created, due and judged with its
-- notification (next_attempt_at, settle_until), then a booking.created for each call it booked while held (the
-- handler syncs the call as it is now, so one cancelled since arrives cancelled).
create or replace function private.queue_crm_lead(
  lead_table text,
  lead_id uuid,
  next_attempt_at timestamptz default null,
  settle_until timestamptz default null
)
returns void
language sql
set search_path = ''
as $$
  select private.queue_crm_changes('lead.created', queue_crm_lead.lead_table, queue_crm_lead.lead_id,
                                   next_attempt_at => queue_crm_lead.next_attempt_at,
                                   settle_until => queue_crm_lead.settle_until);
  select private.queue_crm_changes('booking.created', 'consultation_requests', b.request_id, b)
    from (select * from private.bookings b
           where queue_crm_lead.lead_table = 'consultation_requests' and b.request_id = queue_crm_lead.lead_id
             and b.status in ('booked', 'cancelled')
           order by b.created_at) b;
$$;
revoke all on function private.queue_crm_lead(text,uuid,timestamptz,timestamptz) from public, anon, authenticated, service_role;
