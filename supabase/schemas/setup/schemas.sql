-- What the rest is built in: the private schema (never exposed through the data API; the API roles reach it only
-- through functions) and the extensions, in schema extensions as on a hosted project.

create schema if not exists private;
revoke all on schema private from public, anon, authenticated, service_role;
grant usage on schema private to anon, authenticated, service_role;

create extension if not exists pgcrypto with schema extensions;
create extension if not exists btree_gist with schema extensions;
