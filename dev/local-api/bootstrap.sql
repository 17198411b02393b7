-- Recreates, in the embedded local Postgres, what a hosted Supabase database already has before any
-- migration runs: the API roles and their default privileges. Not a migration: hosted projects have these.
-- Idempotent; runs on every start.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
end
$$;

grant usage on schema public to anon, authenticated, service_role;

-- Supabase's defaults: every new table, sequence and function in `public` is granted to all API roles.
-- Migrations must therefore revoke what they do not want exposed; keeping this here proves that they do.
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;

-- The `extensions` schema with pgcrypto, as a hosted project has it (the lead challenge's HMAC and random bytes).
create schema if not exists extensions;
grant usage on schema extensions to anon, authenticated, service_role;
create extension if not exists pgcrypto with schema extensions;
