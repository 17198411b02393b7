-- A flood's first minute (issue 36): the leads stored unheld just before a flood are held with hindsight.

-- Judges the waiting jobs whose minute has passed: holds the leads that arrived in a flood's minute, clears the wait
-- of the others. Jobs another claim is judging are skipped (it holds their lock until it commits). A lead's CRM
-- changes (queue crm_sync) go with its job: deleted when it is held, their wait cleared with its.
create or replace function private.hold_leads_a_flood_followed()
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  global_hold constant integer := (select s.global_hold_per_minute from private.lead_guard_settings s);
  job record;
  arrived_at timestamptz;
  busiest_minute integer;
  held integer := 0;
begin
  for job in
    select n.id, n.lead_table, n.lead_id
      from private.outbox n
     where n.queue = 'lead_notification' and n.kind = 'lead' and n.status = 'pending'
       and n.settle_until is not null and n.settle_until <= now()
     order by n.settle_until
       for update skip locked
  loop
    execute format('select l.created_at from public.%I l where l.id = $1 and l.hold_reason is null for update',
                   job.lead_table)
      into arrived_at
      using job.lead_id;
    if arrived_at is not null then
      -- The busiest minute that contains the lead: the most rows in [s, s + 1 minute) over the rows s of the minute
      -- before it (such a minute's first row is one of them), the lead itself not counted.
      execute format('select coalesce(max(w.rows_in_minute), 1) - 1
                        from (select t.created_at,
                                     count(*) over (order by t.created_at
                                                    range between current row and interval ''59.999999 seconds'' following)
                                       as rows_in_minute
                                from public.%I t
                               where t.created_at > $1 - interval ''1 minute''
                                 and t.created_at < $1 + interval ''1 minute'') w
                       where w.created_at <= $1',
                     job.lead_table)
        into busiest_minute
        using arrived_at;
    end if;
    if arrived_at is not null and busiest_minute >= global_hold then
      execute format('update public.%I set hold_reason = ''over_global_rate'' where id = $1', job.lead_table)
        using job.lead_id;
      delete from private.outbox n where n.id = job.id;
      delete from private.outbox n
       where n.queue = 'crm_sync' and n.lead_id = job.lead_id and n.lead_table = job.lead_table;
      perform private.queue_held_digest(arrived_at);
      held := held + 1;
    else
      update private.outbox n set settle_until = null where n.id = job.id;
      update private.outbox n set settle_until = null
       where n.queue = 'crm_sync' and n.lead_id = job.lead_id and n.lead_table = job.lead_table
         and n.settle_until is not null;
    end if;
  end loop;
  return held;
end;
$$;
revoke all on function private.hold_leads_a_flood_followed() from public, anon, authenticated, service_role;
grant execute on function private.hold_leads_a_flood_followed() to service_role;
