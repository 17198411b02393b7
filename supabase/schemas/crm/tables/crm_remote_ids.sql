-- The ids a CRM gave a lead's objects (a HubSpot contact, note and meeting; a Pipedrive person, lead and activity),
-- stored by crm-sync right after each remote step succeeds, so a run that crashed between two steps resumes instead
-- of creating a second object. A meeting's and an activity's are per booking. Erased with the lead or booking.

create table private.crm_remote_ids (
  target text not null,
  lead_table text not null,
  lead_id uuid not null,
  booking_id uuid,
  kind text not null,
  remote_id text not null,
  recorded_at timestamp with time zone default now() not null,
  constraint crm_remote_ids_target check (target in ('hubspot', 'pipedrive', 'webhook')),
  constraint crm_remote_ids_lead_table check (lead_table in ('consultation_requests', 'contact_messages')),
  constraint crm_remote_ids_kind check (kind in ('contact', 'note', 'meeting', 'person', 'lead', 'activity')),
  constraint crm_remote_ids_booking check ((booking_id is not null) = (kind in ('meeting', 'activity'))),
  constraint crm_remote_ids_remote_id check (length(remote_id) between 1 and 500),
  constraint crm_remote_ids_booking_id_fkey foreign key (booking_id) references private.bookings(id) on delete cascade
);

create unique index crm_remote_ids_once on private.crm_remote_ids
  (target, lead_table, lead_id, coalesce(booking_id, '00000000-0000-0000-0000-000000000000'::uuid), kind);
create index crm_remote_ids_lead_idx on private.crm_remote_ids (lead_id);
create index crm_remote_ids_booking_idx on private.crm_remote_ids (booking_id) where booking_id is not null;

alter table private.crm_remote_ids enable row level security;

revoke all on table private.crm_remote_ids from public, anon, authenticated, service_role;
grant insert, select, update on table private.crm_remote_ids to service_role;
