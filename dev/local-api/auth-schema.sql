-- The `auth` schema a hosted Supabase project has before any migration runs, as far as this project uses it, for
-- both local backends: the embedded database runs it on every start after bootstrap.sql (database.ts), the real
-- PostgreSQL test server in its hosted-project set-up (__tests__/helpers/real-postgres.ts). Not a migration.
-- Idempotent.
--
-- 1. The helpers policies and functions call, defined as supabase/postgres defines them: they read the request's
--    JWT claims, which the data API sets per request (role-transaction.ts), so `auth.jwt()`, `auth.uid()`,
--    `auth.role()` and `auth.email()` answer locally as they do on a hosted project.
-- 2. A stand-in for the few tables of Supabase Auth (GoTrue) that the local Auth server (auth-server/) keeps its
--    users, one-time codes, sessions and refresh tokens in, with GoTrue's names for the columns it shares. Only
--    `public` is served by the data API, and no API role holds a privilege on these tables, as on a hosted project.
create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

create or replace function auth.jwt()
returns jsonb
language sql
stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

create or replace function auth.uid()
returns uuid
language sql
stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role()
returns text
language sql
stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email()
returns text
language sql
stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

-- A user (e-mail only: the team's accounts). As in GoTrue, a sign-in code is the user's recovery_token (the
-- SHA-224 of address and code, never the code) and recovery_sent_at dates it: the code expires, and another
-- e-mail may be sent, that many seconds later.
create table if not exists auth.users (
  id uuid primary key default gen_random_uuid(),
  aud text not null default 'authenticated',
  role text not null default 'authenticated',
  email text not null unique check (email = lower(email)),
  email_confirmed_at timestamptz,
  recovery_token text not null default '',
  recovery_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb not null default '{"provider": "email", "providers": ["email"]}',
  raw_user_meta_data jsonb not null default '{}',
  -- The id of the user's one e-mail identity (GoTrue keeps identities in a table of their own).
  identity_id uuid not null default gen_random_uuid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table if not exists auth.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  aal text not null default 'aal1',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Refresh tokens rotate: using one revokes it and issues its successor (parent = the used token's hash).
-- Only a hash is kept.
create table if not exists auth.refresh_tokens (
  id bigint generated always as identity primary key,
  token_hash text not null unique,
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  parent text,
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

revoke all on all tables in schema auth from anon, authenticated, service_role;
