-- The lead challenge's secret, one row. Generated at random by the column's default when the row is inserted (by
-- 20261128100000_lead_challenge.sql); it never leaves the database (no role but the owner reads it: not anon, not
-- service_role). `select private.rotate_lead_challenge_secret();` replaces it; the
-- previous one is still accepted for the challenges already issued (one challenge lifetime).

create table private.lead_challenge_secret (
  id boolean default true not null,
  secret text default encode(extensions.gen_random_bytes(32), 'hex'::text) not null,
  previous_secret text,
  rotated_at timestamp with time zone default now() not null,
  constraint lead_challenge_secret_pkey primary key (id),
  constraint lead_challenge_secret_length check (char_length(secret) >= 32 and char_length(previous_secret) >= 32),
  constraint lead_challenge_secret_one_row check (id)
);

alter table private.lead_challenge_secret enable row level security;
