-- Deletions of held leads, so the next digest can say how many went since the last one.

create table private.held_lead_purges (
  id bigint generated always as identity not null,
  purged_at timestamp with time zone default now() not null,
  deleted integer not null,
  cutoff timestamp with time zone not null,
  -- The digest that reported them; null until one has.
  reported_in uuid,
  constraint held_lead_purges_pkey primary key (id),
  constraint held_lead_purges_reported_in_fkey foreign key (reported_in) references private.outbox(id) on delete set null
);

alter table private.held_lead_purges enable row level security;

revoke all on table private.held_lead_purges from public, anon, authenticated, service_role;
grant select on table private.held_lead_purges to service_role;
