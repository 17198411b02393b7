-- Who can see the insights (issue 44, "Who can see it"): the team's list of addresses. A team member signs in with
-- Supabase Auth's e-mailed one-time code; sign-ups are off (supabase/config.toml), so only the users the operator
-- creates are sent a code (`npm run team -- add`, docs/insights.md). What a signed-in request may read is decided
-- here: private.is_team_member() is true only for a request whose JWT says `authenticated` and carries an e-mail
-- address on this list. The insights' functions and the policies behind their security_invoker views ask it, so
-- anon and a signed-in stranger read nothing, and taking an address off the list ends its access at once, even
-- while an access token it was given is still valid.

create table private.team_members (
  email text primary key,
  added_at timestamptz not null default now(),
  -- Who added it: the operator's user name on the machine that ran the command.
  added_by text not null,
  constraint team_members_email_lower_case check (email = lower(btrim(email))),
  constraint team_members_email_format check (email ~ '^[^@[:space:]]+@[^@[:space:]]+$' and char_length(email) <= 255)
);

-- Never read directly: not by anon, not by a signed-in user (even one on the list). The operator's functions
-- below run as service_role.
alter table private.team_members enable row level security;
revoke all on table private.team_members from public, anon, authenticated;
grant select, insert, delete on table private.team_members to service_role;

create function private.is_team_member()
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

revoke all on function private.is_team_member() from public;
-- A signed-in request's policies and functions ask it; anon's never need to (it is false for anon).
grant execute on function private.is_team_member() to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------
-- The operator's command (dev/team/): add, remove and list addresses, with the secret key. Both changes say what
-- they did and may be repeated.

create function public.add_team_member(email text, added_by text)
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

create function public.remove_team_member(email text)
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

create function public.list_team_members()
returns table (email text, added_at timestamptz, added_by text)
language sql
stable
security invoker
set search_path = ''
as $$
  select m.email, m.added_at, m.added_by from private.team_members m order by m.email
$$;

revoke all on function public.add_team_member(text, text), public.remove_team_member(text),
  public.list_team_members() from public, anon, authenticated;
grant execute on function public.add_team_member(text, text), public.remove_team_member(text),
  public.list_team_members() to service_role;
