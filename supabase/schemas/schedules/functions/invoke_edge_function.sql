-- The hosted schedule of the Edge Functions: pg_cron's jobs call notify-leads and calendar-sync through this, with
-- the project URL and key read from Vault at each run.

-- The hosted schedule of the Edge Functions (issues 13 and 34): pg_cron calls notify-leads (lead and booking
-- messages) and calendar-sync (the hosts' busy times and calendar writes) every minute through pg_net, as
-- Supabase's guide "Scheduling Edge Functions" does. Both jobs call one function, which reads the project URL
-- and the key the call presents from Vault at each run (never written here); create them once per project:
--   select vault.create_secret('https://<project-ref>.supabase.co', 'project_url');
--   select vault.create_secret('<publishable or anon key>', 'functions_key');
-- (`notify_leads_key`, the name docs/notifications.md gave first, is still read when `functions_key` is absent.)
-- Databases without pg_cron (the local PGlite database, the embedded test server) skip the schedule; there
-- `npm run backend` runs both functions itself every second. Proven on Debian's PostgreSQL 15 with pg_cron:
-- __tests__/contract/schedule.test.ts (what that shows and what it cannot: docs/calendars.md).
create or replace function private.invoke_edge_function(function_name text)
returns bigint
language plpgsql
volatile
set search_path = ''
as $$
declare
  project_url text;
  key text;
  request_id bigint;
begin
  if to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is null then
    raise notice 'pg_net is not installed: % is not called', function_name;
    return null;
  end if;
  -- Vault and pg_net are looked up when the job runs: this function exists (and is tested) where they do not.
  execute $sql$select decrypted_secret from vault.decrypted_secrets where name = 'project_url'$sql$ into project_url;
  execute $sql$select decrypted_secret from vault.decrypted_secrets
                where name in ('functions_key', 'notify_leads_key') order by name = 'functions_key' desc limit 1$sql$
    into key;
  if project_url is null or key is null then
    raise exception 'Vault has no project_url or functions_key: % cannot be called (see 20261126120000_function_schedules.sql)',
      function_name;
  end if;
  execute $sql$select net.http_post(url := $1, headers := $2, body := $3, timeout_milliseconds := $4)$sql$
    into request_id
    using rtrim(project_url, '/') || '/functions/v1/' || function_name,
          jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || key),
          jsonb_build_object('scheduled_at', now()),
          55000;
  return request_id;
end;
$$;
revoke all on function private.invoke_edge_function(text) from public, anon, authenticated, service_role;
