-- The held leads the operator reviews (npm run leads -- held).

-- Held leads of both tables (originals only: a retry marked duplicate_of is never listed, notified or released).
create or replace function private.held_lead_rows()
returns table (
  lead_table text,
  lead_id uuid,
  created_at timestamptz,
  name text,
  company text,
  email text,
  hold_reason text,
  surface text,
  released_at timestamptz,
  released_by text,
  release_token_hash text,
  challenge_issued_at timestamptz
)
language sql
stable
set search_path = ''
as $$
  select 'consultation_requests', r.id, r.created_at, r.name, r.company, r.email, r.hold_reason,
         r.attribution ->> 'surface', r.released_at, r.released_by, r.release_token_hash,
         r.challenge_issued_at
    from public.consultation_requests r
   where r.hold_reason is not null and r.duplicate_of is null
  union all
  select 'contact_messages', m.id, m.created_at, m.name, m.company, m.email, m.hold_reason,
         m.attribution ->> 'surface', m.released_at, m.released_by, m.release_token_hash,
         m.challenge_issued_at
    from public.contact_messages m
   where m.hold_reason is not null and m.duplicate_of is null
$$;
revoke all on function private.held_lead_rows() from public, anon, authenticated, service_role;
grant execute on function private.held_lead_rows() to service_role;

-- `npm run leads -- held`: the held leads, newest first, with when each would be deleted and how long each took
-- to send.
create or replace function public.held_leads(include_released boolean default false)
returns table (
  lead_table text,
  lead_id uuid,
  received_at timestamptz,
  name text,
  company text,
  email text,
  hold_reason text,
  surface text,
  released_at timestamptz,
  released_by text,
  deleted_after timestamptz,
  seconds_to_send integer
)
language sql
stable
set search_path = ''
as $$
  select h.lead_table, h.lead_id, h.created_at, h.name, h.company, h.email, h.hold_reason, h.surface,
         h.released_at, h.released_by,
         case when h.released_at is null then h.created_at + make_interval(days => s.held_retention_days) end,
         private.seconds_to_send(h.created_at, h.challenge_issued_at)
    from private.held_lead_rows() h
    cross join private.lead_guard_settings s
   where include_released or h.released_at is null
   order by h.created_at desc, h.lead_id
$$;
revoke all on function public.held_leads(boolean) from public, anon, authenticated, service_role;
grant execute on function public.held_leads(boolean) to service_role;
