-- Who can see the insights (issue 44, "Who can see it"): the team's list of addresses. A team member signs in with
-- Supabase Auth's e-mailed one-time code; sign-ups are off (supabase/config.toml), so only the users the operator
-- creates are sent a code (`npm run team -- add`, docs/insights.md). What a signed-in request may read is decided
-- here: private.is_team_member() is true only for a request whose JWT says `authenticated` and carries an e-mail
-- address on this list. The insights' functions and the policies behind their security_invoker views ask it, so
-- anon and a signed-in stranger read nothing, and taking an address off the list ends its access at once, even
-- while an access token it was given is still valid.

create table private.team_members (
  email text not null,
  added_at timestamp with time zone default now() not null,
  -- Who added it: the operator's user name on the machine that ran the command.
  added_by text not null,
  constraint team_members_pkey primary key (email),
  constraint team_members_email_format check (email ~ '^[^@[:space:]]+@[^@[:space:]]+$' and char_length(email) <= 255),
  constraint team_members_email_lower_case check (email = lower(btrim(email)))
);

alter table private.team_members enable row level security;

revoke all on table private.team_members from public, anon, authenticated, service_role;
grant delete, insert, select on table private.team_members to service_role;
