-- A lead's notification is written to the outbox (queue lead_notification) in the same transaction as the lead: one
-- job per stored lead, removed with the lead.

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
    perform private.queue_lead_notification('lead', tg_table_name, new.id,
                                            next_attempt_at => new.created_at + interval '1 minute',
                                            settle_until => new.created_at + interval '1 minute');
  else
    perform private.queue_lead_notification('lead', tg_table_name, new.id);
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
  delete from private.outbox n
   where n.queue = 'lead_notification' and n.idempotency_key = tg_table_name || ':' || old.id;
  return null;
end;
$$;
revoke all on function private.delete_lead_notification() from public, anon, authenticated, service_role;
