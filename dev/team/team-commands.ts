// The command line of `npm run team -- add <email> | remove <email> | list`: reads the arguments, does the work
// (./team-members.ts) and says what happened.
import type { NodeLeadClient } from '../local-api/node-client';
import type { OperatorResult } from '../leads/bookings';
import { addTeamMember, listTeam, removeTeamMember } from './team-members';

export const TEAM_HELP = `npm run team -- add <email>
  Lets a person see the insights dashboard: creates their sign-in account (Supabase Auth, the address confirmed)
  and puts the address on the team's list. They sign in at /insights with a one-time code e-mailed to them.

npm run team -- remove <email>
  Takes the address off the team's list (the dashboard shows it nothing from that moment) and deletes its sign-in
  account, which ends its sessions.

npm run team -- list
  The team's list: each address, when and by whom it was added, and when it last signed in; and any sign-in
  account that is not on the list.

Adding and removing again changes nothing and says so.
Target: the local data API, or a hosted project with SUPABASE_URL and SUPABASE_SECRET_KEY set (docs/insights.md).`;

export const TEAM_USAGE = 'Usage: npm run team -- add <email>  |  remove <email>  |  list';

export type TeamCommandOutcome = OperatorResult | { usage: string };

export async function runTeamCommand(
  client: NodeLeadClient,
  args: string[],
  operator: string,
): Promise<TeamCommandOutcome> {
  const [action, ...rest] = args;
  if (action === 'list' && rest.length === 0) return listTeam(client);
  if ((action === 'add' || action === 'remove') && rest.length === 1) {
    if (!rest[0].includes('@')) return { usage: `"${rest[0]}" is not an e-mail address.\n${TEAM_USAGE}` };
    return action === 'add' ? addTeamMember(client, rest[0], operator) : removeTeamMember(client, rest[0]);
  }
  return { usage: TEAM_USAGE };
}
