-- The difficulty by volume: a challenge issued when both lead tables together received at least `leads_in_window`
-- rows in the last challenge_window_minutes gets the max_number of the highest such level. The level at 0 is
-- normal traffic; the highest is the cap. Measured on the phone profile (bench/challenge-solve.ts,
-- docs/security.md): see there before raising the first level.

create table private.lead_challenge_levels (
  leads_in_window integer not null,
  max_number integer not null,
  constraint lead_challenge_levels_pkey primary key (leads_in_window),
  constraint lead_challenge_levels_range check (leads_in_window >= 0 and max_number between 1000 and 99999999)
);

alter table private.lead_challenge_levels enable row level security;

revoke all on table private.lead_challenge_levels from public, anon, authenticated, service_role;
grant delete, insert, select, update on table private.lead_challenge_levels to service_role;
