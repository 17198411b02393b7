// `npm run team -- add <email> | remove <email> | list`: who may sign in to the insights dashboard (issue 44,
// docs/insights.md). Works with a secret key, read from the environment as `npm run leads` reads it.
import os from 'node:os';
import { createNodeSupabaseClient } from './local-api/node-client';
import { readOperatorTarget } from './operator-target';
import { toInertText } from '../supabase/functions/_shared/inert-text';
import { runTeamCommand, TEAM_HELP } from './team/team-commands';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.length === 0 || args[0] === '--help' || args[0] === '-h') return console.log(TEAM_HELP);
  const { url, key } = readOperatorTarget();
  const outcome = await runTeamCommand(
    createNodeSupabaseClient(url, key),
    args,
    `operator (${os.userInfo().username})`,
  );
  if ('usage' in outcome) {
    console.error(`${outcome.usage}\nSee npm run team -- --help.`);
    process.exitCode = 2;
    return;
  }
  for (const line of outcome.lines) console.log(toInertText(line));
  if (!outcome.ok) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  console.error('Is the data API running? Start the local one with `npm run backend`.');
  process.exit(1);
});
