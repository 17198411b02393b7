// The work of `npm run team`: a team member is a Supabase Auth user (created through the Auth admin API, with the
// address confirmed, so the sign-in code can be sent to it) whose address is on the team's list
// (private.team_members, supabase/migrations/20261202110000_team_members.sql). Adding makes both, removing deletes
// both; each may be repeated and says what it changed.
import type { User } from '@supabase/supabase-js';
import type { NodeLeadClient } from '../local-api/node-client';
import { call, type OperatorResult } from '../leads/bookings';

type ListChange = { status: 'added' | 'already' | 'removed' | 'absent'; email: string };
export type TeamMemberRow = { email: string; added_at: string; added_by: string };

const PER_PAGE = 1000;

/** Every Auth user (the team is small: a few pages at most). */
export async function allAuthUsers(client: NodeLeadClient): Promise<User[]> {
  const users: User[] = [];
  for (let page = 1; ; page += 1) {
    const { data, error } = await client.auth.admin.listUsers({ page, perPage: PER_PAGE });
    if (error) throw new Error(`Could not list the sign-in accounts: ${error.message} (${error.code ?? error.status})`);
    users.push(...data.users);
    if (data.users.length < PER_PAGE) return users;
  }
}

const normalised = (email: string) => email.trim().toLowerCase();

export async function addTeamMember(client: NodeLeadClient, address: string, addedBy: string): Promise<OperatorResult> {
  const email = normalised(address);
  const created = await client.auth.admin.createUser({ email, email_confirm: true });
  if (created.error && created.error.code !== 'email_exists') {
    return {
      ok: false,
      lines: [`Not added: ${created.error.message} (${created.error.code ?? created.error.status})`],
    };
  }
  let listed: ListChange;
  try {
    listed = await call<ListChange>(client, 'add_team_member', { email, added_by: addedBy });
  } catch (error) {
    if ((error as { code?: string }).code === '23514')
      return { ok: false, lines: [`Not added: ${email} is not an e-mail address.`] };
    throw error;
  }
  const account = created.error ? 'its sign-in account existed already' : 'a sign-in account was created for it';
  if (listed.status === 'already') {
    return { ok: true, lines: [`${email} was on the team's list already; ${account}. Nothing else changed.`] };
  }
  return {
    ok: true,
    lines: [
      `Added ${email} to the team's list; ${account}.`,
      'They sign in at /insights with a one-time code e-mailed to that address.',
    ],
  };
}

export async function removeTeamMember(client: NodeLeadClient, address: string): Promise<OperatorResult> {
  const email = normalised(address);
  // The list first: its access ends at once, whatever happens to the account next.
  const listed = await call<ListChange>(client, 'remove_team_member', { email });
  const user = (await allAuthUsers(client)).find((candidate) => candidate.email === email);
  if (user) {
    const { error } = await client.auth.admin.deleteUser(user.id);
    if (error) throw new Error(`Could not delete the sign-in account of ${email}: ${error.message}`);
  }
  if (listed.status === 'absent' && !user) {
    return { ok: true, lines: [`${email}: not on the team's list and no sign-in account. Nothing changed.`] };
  }
  const list = listed.status === 'removed' ? "took it off the team's list" : "it was not on the team's list";
  const account = user ? 'deleted its sign-in account (its sessions end)' : 'it had no sign-in account';
  return { ok: true, lines: [`Removed ${email}: ${list}; ${account}.`] };
}

export async function listTeam(client: NodeLeadClient): Promise<OperatorResult> {
  const [members, users] = await Promise.all([
    call<TeamMemberRow[]>(client, 'list_team_members', {}),
    allAuthUsers(client),
  ]);
  const accounts = new Map(users.map((user) => [user.email ?? '', user]));
  const lines = [`The team's list: ${members.length} address(es).`];
  for (const member of members) {
    const user = accounts.get(member.email);
    const state = !user
      ? 'no sign-in account (npm run team -- add it again)'
      : user.last_sign_in_at
        ? `last signed in ${user.last_sign_in_at.slice(0, 16).replace('T', ' ')} UTC`
        : 'never signed in';
    lines.push(`  ${member.email} · added ${member.added_at.slice(0, 10)} by ${member.added_by} · ${state}`);
  }
  const strays = users.filter((user) => !members.some((member) => member.email === user.email));
  for (const user of strays) {
    lines.push(
      `  ${user.email ?? user.id}: a sign-in account not on the list, so it sees nothing (npm run team -- remove it)`,
    );
  }
  return { ok: true, lines };
}
