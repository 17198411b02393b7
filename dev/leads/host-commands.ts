// The command line of `npm run leads -- hosts [pause|resume|add]`: reads the arguments, refuses passwords, prints
// what happened (the work is in hosts.ts).
import { parseArgs } from 'node:util';
import type { NodeLeadClient } from '../local-api/node-client';
import type { OperatorResult } from './bookings';
import { addHost, fetchHosts, formatHosts, PASSWORD_NOTE, setHostPaused } from './hosts';

export const HOSTS_USAGE =
  'Usage: npm run leads -- hosts  |  hosts pause <name | id>  |  hosts resume <name | id>  |  ' +
  'hosts add "<name>" <email> [--calendar <url> --credential-key <key>] [--time-zone <IANA zone>]';

export type CommandOutcome = OperatorResult | { usage: string };

export async function runHostsCommand(
  client: NodeLeadClient,
  args: string[],
  inert: (text: string) => string,
): Promise<CommandOutcome> {
  const [action, ...rest] = args;
  if (action === undefined) return { ok: true, lines: [formatHosts(await fetchHosts(client), inert)] };
  if ((action === 'pause' || action === 'resume') && rest.length === 1)
    return setHostPaused(client, rest[0], action === 'pause');
  if (action !== 'add') return { usage: HOSTS_USAGE };
  if (rest.some((arg) => /^--?(password|pass|secret|token)/i.test(arg))) return { usage: PASSWORD_NOTE };
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      allowPositionals: true,
      options: {
        calendar: { type: 'string' },
        'credential-key': { type: 'string' },
        'time-zone': { type: 'string' },
      },
    });
  } catch (error) {
    return { usage: `${(error as Error).message}\n${HOSTS_USAGE}` };
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 2) return { usage: HOSTS_USAGE };
  if ((values.calendar === undefined) !== (values['credential-key'] === undefined))
    return { usage: `--calendar and --credential-key go together.\n${HOSTS_USAGE}` };
  const [name, email] = positionals;
  return addHost(client, {
    name,
    email,
    calendarUrl: values.calendar,
    credentialKey: values['credential-key'],
    timeZone: values['time-zone'],
  });
}
