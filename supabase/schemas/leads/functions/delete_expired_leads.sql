-- The leads' retention period (npm run leads -- retention; hosted: a nightly pg_cron job).

-- Hosted projects with pg_cron: delete leads older than the retention period every night at 03:17 UTC.
-- The period must equal content/site.json privacy.retentionMonths (a test compares them). The local
-- database (PGlite) has no pg_cron, so this block does nothing there.
create or replace function private.delete_expired_leads(older_than interval)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  removed integer;
  removed_messages integer;
begin
  delete from public.consultation_requests where created_at < now() - older_than;
  get diagnostics removed = row_count;
  delete from public.contact_messages where created_at < now() - older_than;
  get diagnostics removed_messages = row_count;
  return removed + removed_messages;
end;
$$;
revoke all on function private.delete_expired_leads(interval) from public, anon, authenticated, service_role;
