-- The outbox (issue 45): every message and write the site owes the outside world after a change, written in the
-- same transaction as the change and worked through by an Edge Function with one claim, one completion and one
-- failure path (supabase/schemas/notifications/functions/outbox.sql). A row is one job of one queue:
--
--   lead_notification  notify-leads: a stored (or released) lead to the team, the hourly digest of held leads, the
--                      weekly summary
--   booking_message    notify-leads: a booked, moved or cancelled call's invitation to the visitor and the team,
--                      the reminders 24 hours and 1 hour before it, the team's message when a calendar write gave up
--   calendar_write     calendar-sync: a call put on (or deleted from) its host's calendar
--   crm_sync           crm-sync: a lead, a booked call's change or its outcome sent to one CRM target (issue 46;
--                      supabase/schemas/crm/)
--
-- Docs: docs/notifications.md, "One outbox".
--
-- A job copies no personal data: it references its lead, or its booking (and host), and goes with it (erasure
-- deletes the request, its bookings and their jobs; a deleted lead's trigger deletes its job). It holds what the
-- message is about when it was written (the call's time and the invitation's SEQUENCE), so a late or retried
-- message never describes a later state under an earlier SEQUENCE.

create table private.outbox (
  id uuid default gen_random_uuid() not null,
  queue text not null,
  -- What the job is within its queue: booked, moved, cancelled, reminder_24h, reminder_1h, calendar_failed (a
  -- booking message); put, delete (a calendar write); lead, held_digest, weekly_summary, crm_failed (a lead
  -- notification); lead.created, booking.created, booking.moved, booking.cancelled, call.outcome (a CRM change).
  kind text not null,
  -- The order the jobs were written in.
  queue_position bigint generated always as identity not null,
  -- Unique within the queue: a job written twice for the same change (a retried transaction, two triggers) is
  -- one job. A lead notification's is its lead (`<lead_table>:<lead_id>`), its hour (`held_digest:<hour, UTC>`) or
  -- its week (`weekly_summary:<monday>`): one job per lead, digest hour and summary week; a CRM target's pause or
  -- turning off (`crm_failed:<target>:<paused_at or turned_off_at, epoch µs>`): the team is told once. A CRM change's
  -- is `<target>:<change>:` and its lead (`<lead_table>:<lead_id>`), booking and SEQUENCE (`<booking_id>:<sequence>`)
  -- or outcome (`<booking_id>:<outcome>:<recorded_at, epoch µs>`).
  idempotency_key text not null,
  -- Jobs with the same ordering key go out in queue order: a job waits while an earlier one with its key that
  -- holds_order is still pending or being sent (a booking's invitations to one recipient; its writes to one
  -- host; a CRM target's changes about one e-mail address, `<target>:<md5 of the trimmed, lower-case address>`). A
  -- job that does not hold the order (a reminder) waits its turn but holds up no later one.
  ordering_key text,
  holds_order boolean default true not null,
  -- A booking message's, calendar write's or CRM change's booking.
  booking_id uuid,
  -- A booking message's recipient: visitor, team or host.
  recipient text,
  -- A calendar write's host.
  host_id uuid,
  -- The invitation's SEQUENCE and the call's time when the job was written (a CRM change's snapshot).
  sequence integer,
  starts_at timestamp with time zone,
  ends_at timestamp with time zone,
  -- The time a moved call had before, for the message that says so.
  previous_starts_at timestamp with time zone,
  -- The calendar write a calendar_failed message is about.
  calendar_write_id uuid,
  -- A lead notification's or CRM change's lead (kind lead), the clock hour (UTC) whose held leads a digest lists (held_digest), the
  -- Monday (the team's local date) that starts the week a summary reports (weekly_summary).
  lead_table text,
  lead_id uuid,
  digest_hour timestamp with time zone,
  summary_week date,
  -- A digest's release links, from its first delivery attempt until it is sent or given up (then cleared), so a
  -- retry sends the same links. A crm_failed message's target, error, job and change (and turned_off). A
  -- call.outcome's outcome and recorded_at.
  payload jsonb,
  -- A CRM change's target (hubspot, pipedrive, webhook: private.crm_targets); null in every other queue.
  crm_target text,
  -- While set, the job is not claimed: a lead's job when other leads preceded it closely, judged once this has
  -- passed (private.hold_leads_a_flood_followed holds the lead or clears it), and that lead's CRM changes with it.
  settle_until timestamp with time zone,
  -- After this the job is pointless: a failure that would retry past it gives up (dead); a reminder not sent by
  -- then is expired. Null: no limit but the caller's (a calendar write is retried until it is given up; a CRM
  -- change until its target is turned off, and waits while it is paused: next_attempt_at 'infinity'). A lead
  -- notification's is 24 hours after it was queued, and a failure before then is retried even past it.
  deliver_by timestamp with time zone,
  -- pending: waiting for next_attempt_at; sending: claimed by a run until lease_expires_at; sent: done (sent_at);
  -- dead: given up (last_error says why); expired: a reminder whose call started before it could be sent.
  status text default 'pending'::text not null,
  attempts integer default 0 not null,
  created_at timestamp with time zone default private.clock_now() not null,
  next_attempt_at timestamp with time zone default private.clock_now() not null,
  claim_token uuid,
  lease_expires_at timestamp with time zone,
  last_attempt_at timestamp with time zone,
  last_error text,
  sent_at timestamp with time zone,
  -- What the delivery left behind: the e-mail API's message id; the event's address in the host's calendar after
  -- a calendar write (a delete's: null; see private.outbox_calendar_write_claims).
  provider_message_id text,
  event_href text,
  constraint outbox_pkey primary key (id),
  constraint outbox_once unique (queue, idempotency_key),
  constraint outbox_queue check (queue in ('booking_message', 'calendar_write', 'crm_sync', 'lead_notification')),
  constraint outbox_status check (status in ('pending', 'sending', 'sent', 'dead', 'expired')),
  constraint outbox_kind_shape check (
    case queue
    when 'booking_message' then
      kind in ('booked', 'moved', 'cancelled', 'reminder_24h', 'reminder_1h', 'calendar_failed')
      and recipient in ('visitor', 'team', 'host') and host_id is null and event_href is null
      and booking_id is not null and sequence is not null
      and starts_at is not null and ends_at is not null and deliver_by is not null
      and (kind = 'calendar_failed') = (calendar_write_id is not null)
      and (kind <> 'calendar_failed' or recipient = 'team')
      and case recipient
          when 'host' then kind = 'reminder_1h'
          when 'team' then kind not like 'reminder%'
          else true
          end
    when 'calendar_write' then
      kind in ('put', 'delete') and booking_id is not null and host_id is not null and sequence is not null
      and recipient is null and calendar_write_id is null and provider_message_id is null
    when 'crm_sync' then
      kind in ('lead.created', 'booking.created', 'booking.moved', 'booking.cancelled', 'call.outcome')
      and crm_target in ('hubspot', 'pipedrive', 'webhook')
      and lead_table in ('consultation_requests', 'contact_messages') and lead_id is not null
      and ordering_key like crm_target || ':%' and holds_order
      and recipient is null and host_id is null and calendar_write_id is null and deliver_by is null
      and digest_hour is null and summary_week is null and event_href is null
      and case kind
          when 'lead.created' then
            booking_id is null and sequence is null and starts_at is null and payload is null
            and idempotency_key = crm_target || ':lead.created:' || lead_table || ':' || lead_id
          when 'call.outcome' then
            booking_id is not null and lead_table = 'consultation_requests'
            and payload ->> 'outcome' in ('attended', 'no_show', 'moved') and payload ? 'recorded_at'
            and idempotency_key ~ ('^' || crm_target || ':call\.outcome:' || booking_id || ':' || (payload ->> 'outcome')
                                   || ':[0-9]+$')
          else
            booking_id is not null and lead_table = 'consultation_requests' and payload is null
            and sequence is not null and starts_at is not null and ends_at is not null
            and idempotency_key like crm_target || ':' || kind || ':' || booking_id || ':' || sequence || '%'
          end
    else
      booking_id is null and sequence is null and recipient is null and host_id is null and calendar_write_id is null
      and ordering_key is null and event_href is null and deliver_by is not null
      and idempotency_key = case kind
          when 'lead' then lead_table || ':' || lead_id
          when 'held_digest' then 'held_digest:' || to_char(digest_hour at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"')
          when 'weekly_summary' then 'weekly_summary:' || to_char(summary_week::timestamp, 'YYYY-MM-DD')
          when 'crm_failed' then idempotency_key
          end
      and case kind
          when 'lead' then lead_table is not null and lead_table in ('consultation_requests', 'contact_messages')
            and lead_id is not null
            and digest_hour is null and summary_week is null
          when 'held_digest' then lead_table is null and lead_id is null and summary_week is null
            and digest_hour is not null
          when 'weekly_summary' then lead_table is null and lead_id is null and digest_hour is null
            and summary_week is not null and extract(isodow from summary_week) = 1
          when 'crm_failed' then lead_table is null and lead_id is null and digest_hour is null and summary_week is null
            and payload ->> 'target' in ('hubspot', 'pipedrive', 'webhook') and payload ? 'error'
            and payload ? 'job_id' and payload ? 'change'
            and idempotency_key ~ ('^crm_failed:' || (payload ->> 'target') || ':[0-9]+$')
          else false
          end
    end),
  constraint outbox_lead_columns check (
    queue in ('lead_notification', 'crm_sync')
    or (lead_table is null and lead_id is null and digest_hour is null and summary_week is null and payload is null
        and settle_until is null)),
  constraint outbox_crm_target check ((queue = 'crm_sync') = (crm_target is not null)),
  constraint outbox_booking_id_fkey foreign key (booking_id) references private.bookings(id) on delete cascade,
  constraint outbox_host_id_fkey foreign key (host_id) references private.booking_hosts(id) on delete cascade,
  constraint outbox_calendar_write_id_fkey foreign key (calendar_write_id) references private.outbox(id) on delete cascade
);

create index outbox_due_idx on private.outbox (queue, next_attempt_at) where status in ('pending', 'sending');
create index outbox_ordering_idx on private.outbox (queue, ordering_key, queue_position);
create index outbox_booking_idx on private.outbox (booking_id, queue_position);
create index outbox_calendar_write_idx on private.outbox (calendar_write_id) where calendar_write_id is not null;
create index outbox_crm_lead_idx on private.outbox (lead_id) where queue = 'crm_sync';

alter table private.outbox enable row level security;

create trigger settle_held_digest
  before update of status on private.outbox
  for each row when (new.queue = 'lead_notification') execute function private.settle_held_digest();

create trigger announce_dead_calendar_write
  after update of status on private.outbox
  for each row when (new.queue = 'calendar_write') execute function private.announce_dead_calendar_write();

revoke all on table private.outbox from public, anon, authenticated, service_role;
grant select, update on table private.outbox to service_role;
