-- The lead notifications' outbox is written in the same transaction as the lead: one job per stored lead, removed
-- with the lead.

-- Enqueue: after a lead row is stored, in the same transaction. A retry the submission guard marks as a
-- duplicate (duplicate_of set) is not a new lead and gets no job.
create or replace function private.enqueue_lead_notification()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  others_last_minute integer := 0;
  settle_after constant integer := coalesce((select s.settle_after_per_minute from private.lead_guard_settings s), 0);
begin
  if settle_after > 0 then
    execute format('select count(*) from %I.%I where created_at > now() - interval ''1 minute'' and id <> $1',
                   tg_table_schema, tg_table_name)
      into others_last_minute
      using new.id;
  end if;
  if others_last_minute >= settle_after then
    insert into private.lead_notifications (lead_table, lead_id, next_attempt_at, settle_until)
    values (tg_table_name, new.id, new.created_at + interval '1 minute', new.created_at + interval '1 minute');
  else
    insert into private.lead_notifications (lead_table, lead_id) values (tg_table_name, new.id);
  end if;
  return null;
end;
$$;
revoke all on function private.enqueue_lead_notification() from public, anon, authenticated, service_role;

-- Erasure: a deleted lead takes its job with it (the erasure tool relies on this).
create or replace function private.delete_lead_notification()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from private.lead_notifications n where n.lead_table = tg_table_name and n.lead_id = old.id;
  return null;
end;
$$;
revoke all on function private.delete_lead_notification() from public, anon, authenticated, service_role;
