-- The hosted schedule's call of crm-sync: pg_cron's job (hand-written in 20261202150003_crm_sync.sql) calls it each
-- minute, and it calls the function only while a CRM target is on and not paused, so a project without a CRM spends
-- no invocation on it.
create or replace function private.invoke_crm_sync()
returns bigint
language sql
volatile
set search_path = ''
as $$
  select private.invoke_edge_function('crm-sync')
   where exists (select from private.crm_targets t where t.turned_off_at is null and t.paused_at is null)
$$;
revoke all on function private.invoke_crm_sync() from public, anon, authenticated, service_role;
