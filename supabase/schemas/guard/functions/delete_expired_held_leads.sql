-- Held leads nobody released are deleted after their retention period, each purge recorded.

-- Retention for junk: held leads never released, received more than held_retention_days ago, are deleted with
-- their retries; the count is kept for the next digest. `dry_run` lists them and deletes nothing.
create or replace function private.delete_expired_held_leads(dry_run boolean default false)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  days constant integer := (select s.held_retention_days from private.lead_guard_settings s);
  cutoff constant timestamptz := now() - make_interval(days => days);
  expired jsonb;
  removed integer := 0;
  gone integer;
  lead_table text;
begin
  select coalesce(jsonb_agg(jsonb_build_object('lead_table', h.lead_table, 'lead_id', h.lead_id,
                                               'received_at', h.created_at, 'email', h.email,
                                               'hold_reason', h.hold_reason)
                            order by h.created_at, h.lead_id), '[]'::jsonb)
    into expired
    from private.held_lead_rows() h
   where h.released_at is null and h.created_at < cutoff;
  if not dry_run then
    foreach lead_table in array array['consultation_requests', 'contact_messages'] loop
      execute format(
        'with gone as (
           delete from public.%1$I t
            where t.hold_reason is not null and t.duplicate_of is null and t.released_at is null and t.created_at < $1
           returning t.id
         ), retries as (
           delete from public.%1$I t where t.duplicate_of in (select id from gone)
         )
         select count(*) from gone',
        lead_table)
        into gone
        using cutoff;
      removed := removed + gone;
    end loop;
    if removed > 0 then
      insert into private.held_lead_purges (deleted, cutoff) values (removed, cutoff);
    end if;
  end if;
  return jsonb_build_object('dry_run', dry_run, 'retention_days', days, 'cutoff', cutoff, 'deleted', removed,
                            'leads', expired);
end;
$$;
revoke all on function private.delete_expired_held_leads(boolean) from public, anon, authenticated, service_role;
grant execute on function private.delete_expired_held_leads(boolean) to service_role;

create or replace function public.delete_expired_held_leads(dry_run boolean default false)
returns jsonb
language sql
volatile
set search_path = ''
as $$ select private.delete_expired_held_leads(dry_run) $$;
revoke all on function public.delete_expired_held_leads(boolean) from public, anon, authenticated, service_role;
grant execute on function public.delete_expired_held_leads(boolean) to service_role;
