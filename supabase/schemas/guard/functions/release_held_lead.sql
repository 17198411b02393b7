-- Releasing a held lead, by the operator or from the digest's link: it is then notified like any other lead.

-- The held lead behind a release link's secret (64 hex characters; anything else finds nothing).
create or replace function private.held_lead_by_token(token text)
returns table (lead_table text, lead_id uuid, created_at timestamptz, name text, company text, hold_reason text,
               surface text, released_at timestamptz)
language sql
stable
set search_path = ''
as $$
  select h.lead_table, h.lead_id, h.created_at, h.name, h.company, h.hold_reason, h.surface, h.released_at
    from private.held_lead_rows() h
   where token ~ '^[0-9a-f]{64}$' and h.release_token_hash = private.sha256_hex(token)
   limit 1
$$;
revoke all on function private.held_lead_by_token(text) from public, anon, authenticated, service_role;

-- What the release page shows before the tap: who and when, not the e-mail address or the message.
create or replace function private.held_lead_for_release(token text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select jsonb_build_object(
              'status', case when l.released_at is null then 'held' else 'released' end,
              'name', l.name, 'company', l.company, 'received_at', l.created_at, 'hold_reason', l.hold_reason,
              'surface', l.surface, 'released_at', l.released_at)
       from private.held_lead_by_token(token) l),
    jsonb_build_object('status', 'not_found'))
$$;
revoke all on function private.held_lead_for_release(text) from public, anon, authenticated, service_role;
grant execute on function private.held_lead_for_release(text) to anon, authenticated, service_role;

-- The data API's functions: security invoker wrappers over the private ones. The release link's two to
-- visitors (they answer only to the secret), the rest to service_role alone.
create or replace function public.held_lead_for_release(token text)
returns jsonb
language sql
stable
set search_path = ''
as $$ select private.held_lead_for_release(token) $$;
revoke all on function public.held_lead_for_release(text) from public, anon, authenticated, service_role;
grant execute on function public.held_lead_for_release(text) to anon, authenticated, service_role;

-- Releases a held lead: the hold is cleared (released_at, released_by) and the lead's normal notification is
-- queued, exactly once: releasing again answers 'already_released' and changes nothing. `lead_table` may be null
-- (the id is looked up in both tables).
create or replace function private.release_held_lead(lead_table text, lead_id uuid, released_by text default 'operator')
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  candidate text;
  found_table text;
  found_id uuid;
  reason text;
  was_released_at timestamptz;
  was_released_by text;
begin
  if lead_table is not null and lead_table not in ('consultation_requests', 'contact_messages') then
    raise exception 'lead_table must be consultation_requests or contact_messages, not "%"', lead_table
      using errcode = '22023';
  end if;
  foreach candidate in array array['consultation_requests', 'contact_messages'] loop
    continue when release_held_lead.lead_table is not null and candidate <> release_held_lead.lead_table;
    -- Locked: a second release at the same moment waits, then finds it released.
    execute format('select id, hold_reason, released_at, released_by from public.%I
                     where id = $1 and duplicate_of is null for update', candidate)
      into found_id, reason, was_released_at, was_released_by
      using release_held_lead.lead_id;
    if found_id is not null then
      found_table := candidate;
      exit;
    end if;
  end loop;
  if found_id is null then
    return jsonb_build_object('status', 'not_found');
  end if;
  if reason is null then
    return jsonb_build_object('status', 'not_held', 'lead_table', found_table, 'lead_id', found_id);
  end if;
  if was_released_at is not null then
    return jsonb_build_object('status', 'already_released', 'lead_table', found_table, 'lead_id', found_id,
                              'hold_reason', reason, 'released_at', was_released_at, 'released_by', was_released_by);
  end if;
  execute format('update public.%I set released_at = now(), released_by = $2 where id = $1', found_table)
    using found_id, left(coalesce(nullif(btrim(release_held_lead.released_by), ''), 'operator'), 200);
  perform private.queue_lead_notification('lead', found_table, found_id);
  return jsonb_build_object('status', 'released', 'lead_table', found_table, 'lead_id', found_id,
                            'hold_reason', reason, 'released_at', now());
end;
$$;
revoke all on function private.release_held_lead(text,uuid,text) from public, anon, authenticated, service_role;
grant execute on function private.release_held_lead(text,uuid,text) to service_role;

create or replace function public.release_held_lead(lead_table text, lead_id uuid, released_by text default 'operator')
returns jsonb
language sql
volatile
set search_path = ''
as $$ select private.release_held_lead(lead_table, lead_id, released_by) $$;
revoke all on function public.release_held_lead(text,uuid,text) from public, anon, authenticated, service_role;
grant execute on function public.release_held_lead(text,uuid,text) to service_role;

create or replace function private.release_held_lead_by_token(token text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  held record;
  answer jsonb;
begin
  select * into held from private.held_lead_by_token(token);
  if held.lead_id is null then
    return jsonb_build_object('status', 'not_found');
  end if;
  answer := private.release_held_lead(held.lead_table, held.lead_id, 'release link');
  return jsonb_build_object('status', answer ->> 'status', 'name', held.name, 'company', held.company,
                            'released_at', answer -> 'released_at');
end;
$$;
revoke all on function private.release_held_lead_by_token(text) from public, anon, authenticated, service_role;
grant execute on function private.release_held_lead_by_token(text) to anon, authenticated, service_role;

create or replace function public.release_held_lead_by_token(token text)
returns jsonb
language sql
volatile
set search_path = ''
as $$ select private.release_held_lead_by_token(token) $$;
revoke all on function public.release_held_lead_by_token(text) from public, anon, authenticated, service_role;
grant execute on function public.release_held_lead_by_token(text) to anon, authenticated, service_role;
