-- The CRM targets (issue 46) and whether each is on: a row with turned_off_at null is on, no row is off. With no row
-- at all no CRM change is ever queued. The credentials are Edge Function secrets, never here (docs/crm.md).

create table private.crm_targets (
  target text not null,
  turned_on_at timestamp with time zone default private.clock_now() not null,
  -- Set by a failure only people can fix (a revoked token, a missing secret): the target's changes keep being
  -- queued but none is claimed until public.resume_crm_target.
  paused_at timestamp with time zone,
  paused_reason text,
  -- Set by the team (public.set_crm_target) or by the receiver (a webhook answering 410 Gone): nothing is queued.
  turned_off_at timestamp with time zone,
  turned_off_reason text,
  constraint crm_targets_pkey primary key (target),
  constraint crm_targets_target check (target in ('hubspot', 'pipedrive', 'webhook')),
  constraint crm_targets_paused check ((paused_at is null) = (paused_reason is null)),
  constraint crm_targets_turned_off check (turned_off_at is not null or turned_off_reason is null)
);

alter table private.crm_targets enable row level security;

revoke all on table private.crm_targets from public, anon, authenticated, service_role;
grant insert, select, update on table private.crm_targets to service_role;
