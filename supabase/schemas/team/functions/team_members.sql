-- Who can see the insights: the team's list of addresses, and whether a request comes from one of them.

create or replace function private.is_team_member()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    auth.jwt() ->> 'role' = 'authenticated'
      and exists (select 1 from private.team_members m where m.email = lower(auth.jwt() ->> 'email')),
    false
  )
$$;
revoke all on function private.is_team_member() from public, anon, authenticated, service_role;
grant execute on function private.is_team_member() to authenticated, service_role;

-- The operator's command (dev/team/): add, remove and list addresses, with the secret key. Both changes say what
-- they did and may be repeated.
create or replace function public.add_team_member(email text, added_by text)
returns jsonb
language sql
volatile
security invoker
set search_path = ''
as $$
  with added as (
    insert into private.team_members (email, added_by)
    values (lower(btrim(add_team_member.email)), add_team_member.added_by)
    on conflict on constraint team_members_pkey do nothing
    returning 1
  )
  select jsonb_build_object(
    'status', case when exists (select 1 from added) then 'added' else 'already' end,
    'email', lower(btrim(add_team_member.email))
  )
$$;
revoke all on function public.add_team_member(text,text) from public, anon, authenticated, service_role;
grant execute on function public.add_team_member(text,text) to service_role;

create or replace function public.remove_team_member(email text)
returns jsonb
language sql
volatile
security invoker
set search_path = ''
as $$
  with removed as (
    delete from private.team_members m where m.email = lower(btrim(remove_team_member.email)) returning 1
  )
  select jsonb_build_object(
    'status', case when exists (select 1 from removed) then 'removed' else 'absent' end,
    'email', lower(btrim(remove_team_member.email))
  )
$$;
revoke all on function public.remove_team_member(text) from public, anon, authenticated, service_role;
grant execute on function public.remove_team_member(text) to service_role;

create or replace function public.list_team_members()
returns table (email text, added_at timestamptz, added_by text)
language sql
stable
security invoker
set search_path = ''
as $$
  select m.email, m.added_at, m.added_by from private.team_members m order by m.email
$$;
revoke all on function public.list_team_members() from public, anon, authenticated, service_role;
grant execute on function public.list_team_members() to service_role;
