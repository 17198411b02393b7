-- Lead notifications (issue 13): an outbox of one delivery job per lead, written in the same transaction as
-- the lead, and the functions the notify-leads Edge Function uses to claim jobs and record their outcome.
-- Delivery state lives here because pg_net and the e-mail API have no memory of their own: a crash or a
-- provider outage delays a notification; it never loses or doubles one.
--
-- A job references its lead and copies none of its personal data; deleting a lead deletes its job.
-- The table is in `private`, which the data API never serves; only service_role has privileges on it. The
-- functions are in `public`, the schema the data API serves, so the Edge Function can call them with
-- `.rpc()`; only service_role may execute them, and they run with its privileges (security invoker: no
-- security definer function is exposed in `public`).

create table private.lead_notifications (
  id uuid default gen_random_uuid() not null,
  lead_table text,
  lead_id uuid,
  -- pending: waiting for next_attempt_at; sending: claimed by a run until lease_expires_at;
  -- sent: delivered (sent_at, provider_message_id); dead: given up (last_error says why).
  status text default 'pending'::text not null,
  attempts integer default 0 not null,
  created_at timestamp with time zone default now() not null,
  next_attempt_at timestamp with time zone default now() not null,
  claim_token uuid,
  lease_expires_at timestamp with time zone,
  last_attempt_at timestamp with time zone,
  last_error text,
  sent_at timestamp with time zone,
  provider_message_id text,
  kind text default 'lead'::text not null,
  -- The clock hour (UTC) whose held leads a digest lists.
  digest_hour timestamp with time zone,
  -- A digest's release links, from its first delivery attempt until it is sent or given up (then cleared), so a
  -- retry sends the same links.
  payload jsonb,
  -- Until then the job waits, and is judged then: set for a lead's job when other leads preceded it closely.
  settle_until timestamp with time zone,
  -- The Monday (the team's local date) that starts the week a weekly summary reports; null for every other kind.
  summary_week date,
  constraint lead_notifications_pkey primary key (id),
  constraint lead_notifications_one_per_lead unique (lead_table, lead_id),
  constraint lead_notifications_kind check (kind in ('lead', 'held_digest', 'weekly_summary')),
  constraint lead_notifications_kind_shape check (
    case kind
    when 'lead' then lead_table is not null and lead_id is not null and digest_hour is null and summary_week is null
    when 'held_digest' then lead_table is null and lead_id is null and digest_hour is not null
    and summary_week is null
    else lead_table is null and lead_id is null and digest_hour is null and summary_week is not null
    and extract(isodow from summary_week) = 1
    end),
  constraint lead_notifications_lead_table check (lead_table in ('consultation_requests', 'contact_messages')),
  constraint lead_notifications_status check (status in ('pending', 'sending', 'sent', 'dead'))
);

create index lead_notifications_due_idx
  on private.lead_notifications (next_attempt_at)
  where status in ('pending', 'sending');
create unique index lead_notifications_one_digest_per_hour on private.lead_notifications (digest_hour)
  where kind = 'held_digest';
create unique index lead_notifications_one_summary_per_week on private.lead_notifications (summary_week)
  where kind = 'weekly_summary';

create trigger settle_held_digest
  before update of status on private.lead_notifications
  for each row execute function private.settle_held_digest();

revoke all on table private.lead_notifications from public, anon, authenticated, service_role;
grant select, update on table private.lead_notifications to service_role;
