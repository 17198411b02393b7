-- Held leads reach the team in an hourly digest, not one by one: the trigger that queues an hour's digest, and the
-- one that clears a digest's release links once it is sent or given up.

-- The first held lead of a clock hour queues that hour's digest, due a minute after the hour ends (a request
-- still running at the hour's end has committed by then). Looked up first, so a flood does not queue on the
-- digest's row.
create or replace function private.enqueue_held_digest()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.queue_held_digest(new.created_at);
  return null;
end;
$$;
revoke all on function private.enqueue_held_digest() from public, anon, authenticated, service_role;

-- A digest's release links are cleared once it is sent or given up; deletions a dead digest would have reported
-- go to the next one.
create or replace function private.settle_held_digest()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status in ('sent', 'dead') then
    new.payload := null;
  end if;
  if new.kind = 'held_digest' and new.status = 'dead' and old.status <> 'dead' then
    update private.held_lead_purges p set reported_in = null where p.reported_in = new.id;
  end if;
  return new;
end;
$$;
revoke all on function private.settle_held_digest() from public, anon, authenticated, service_role;
