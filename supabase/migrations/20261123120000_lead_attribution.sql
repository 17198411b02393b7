-- Where each lead came from: one optional `attribution` object per row, captured by the site without cookies
-- (src/lib/attribution.ts). Visitors may send it with the lead; a lead without it is still accepted.
-- Plus what the operator tools (npm run leads -- erase / retention) need, and a hosted-only schedule for
-- the retention period.

alter table public.consultation_requests add column attribution jsonb;
alter table public.contact_messages add column attribution jsonb;

-- A JSON object with only the known keys, each a string of at most 500 characters, 4 KB in all. Written as
-- plain expressions (no function): a check runs with the inserting role's privileges, and anon has none in
-- the private schema. (Postgres regular expressions allow bounds up to 255, hence 250 + 250 + 1.)
do $$
declare
  lead_table text;
begin
  foreach lead_table in array array['consultation_requests', 'contact_messages'] loop
    execute format(
      $check$alter table public.%I add constraint %I check (
        attribution is null or (
          jsonb_typeof(attribution) = 'object'
          and octet_length(attribution::text) <= 4096
          and attribution - array['surface', 'landing_page', 'referrer', 'utm_source', 'utm_medium',
                                  'utm_campaign', 'utm_term', 'utm_content', 'submitted_from'] = '{}'::jsonb
          and not jsonb_path_exists(attribution, '$.* ? (@.type() != "string")')
          and not jsonb_path_exists(attribution, '$.* ? (@ like_regex ".{250}.{250}." flag "s")')
          and coalesce(attribution ->> 'surface' in ('contact_form', 'booking_form', 'chat'), true)
        )
      )$check$,
      lead_table,
      lead_table || '_attribution_shape'
    );
  end loop;
end;
$$;

grant insert (attribution) on table public.consultation_requests to anon;
grant insert (attribution) on table public.contact_messages to anon;

-- The operator tools (service_role key, never in the site): erasure deletes a person's leads, retention
-- deletes or de-identifies old ones. De-identification rewrites only the personal fields; attribution and
-- the timestamp stay, so the statistics of where leads came from survive.
grant delete on table public.consultation_requests to service_role;
grant delete on table public.contact_messages to service_role;
grant update (name, email, company, phone, message) on table public.consultation_requests to service_role;
grant update (name, email, company, message) on table public.contact_messages to service_role;

-- Hosted projects with pg_cron: delete leads older than the retention period every night at 03:17 UTC.
-- The period must equal content/site.json privacy.retentionMonths (a test compares them). The local
-- database (PGlite) has no pg_cron, so this block does nothing there.
create function private.delete_expired_leads(older_than interval)
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

revoke all on function private.delete_expired_leads(interval) from public;

do $$
begin
  if exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron;
    perform cron.schedule(
      'delete-expired-leads',
      '17 3 * * *',
      $job$select private.delete_expired_leads(interval '24 months')$job$
    );
  end if;
end;
$$;
