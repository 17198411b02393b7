-- Hosted wiring for lead notifications (issue 13): pg_cron calls the notify-leads Edge Function every minute
-- through pg_net, as Supabase's guide "Scheduling Edge Functions" does. The project URL and the key the call
-- presents are read from Vault at each run (never written here); create them once per project:
--   select vault.create_secret('https://<project-ref>.supabase.co', 'project_url');
--   select vault.create_secret('<publishable or anon key>', 'notify_leads_key');
-- Databases without pg_cron or pg_net (the local PGlite database, plain PostgreSQL in tests) skip this
-- migration with a notice; there `npm run backend` runs the function itself every few seconds.
do $migration$
begin
  if not exists (select from pg_available_extensions where name = 'pg_cron')
     or not exists (select from pg_available_extensions where name = 'pg_net') then
    raise notice 'pg_cron or pg_net is not available: notify-leads is not scheduled in this database.';
    return;
  end if;

  create extension if not exists pg_cron;
  create extension if not exists pg_net with schema extensions;

  -- cron.schedule replaces a job of the same name, so re-running this is harmless.
  perform cron.schedule(
    'notify-leads',
    '* * * * *',
    $job$
    select net.http_post(
      url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
             || '/functions/v1/notify-leads',
      headers := jsonb_build_object(
        'Content-Type', 'application/json',
        'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'notify_leads_key')
      ),
      body := jsonb_build_object('scheduled_at', now()),
      timeout_milliseconds := 55000
    ) as request_id;
    $job$
  );
end
$migration$;
