// `npm run leads`: prints the CRM targets once one was turned on (on, paused and why, off; dev/leads/crm.ts), then
// the leads of both lead tables, newest first (retries the database marked as
// duplicates are left out; a held lead says so in place of its notification), each strategy-call request with its
// booked call, state, history, host and outcome, then the show rate of the calls by week and by source, then what
// the outbox gave up (booking messages, calendar writes; dev/leads/dead-letters.ts). Once a CRM target has been
// turned on, each lead and call also shows its changes' sync state per target (dev/leads/crm.ts). Reads with
// a secret key: the local API's well-known one by default, or
// SUPABASE_URL + SUPABASE_SECRET_KEY (or the legacy SUPABASE_SERVICE_ROLE_KEY) for a hosted project.
// Everything a visitor typed is printed as inert text (no terminal control codes).
import { parseArgs } from 'node:util';
import { toInertText } from '../supabase/functions/_shared/inert-text';
import { createNodeSupabaseClient, type NodeLeadClient } from './local-api/node-client';
import { readOperatorTarget } from './operator-target';
import { describeNotification, fetchNotificationStatuses } from './notifications/status';
import { attributionLine } from './leads/attribution-line';
import { LEAD_TABLES, type LeadTable } from './leads/read-leads';
import { LEADS_HELP, OPERATOR_COMMANDS, runOperatorCommand, type OperatorCommand } from './leads/operator-commands';
import { describeBookings, fetchBookings } from './leads/bookings';
import { fetchShowRates, formatShowRates } from './leads/outcomes';
import { fetchDeadLetters, formatDeadLetters } from './leads/dead-letters';
import { describeCrmStates, describeCrmTargets, fetchCrmStates, fetchCrmTargets } from './leads/crm';

const SHOW_RATE_WEEKS = 12;

type Column = { key: string; heading: string; width: number };
type LeadRow = Record<string, unknown>;
export type LeadListing = { table: LeadTable; rows: LeadRow[] };

export { LEAD_TABLES };

const SUMMARY_COLUMNS: Record<LeadTable, Column[]> = {
  consultation_requests: [
    { key: 'created_at', heading: 'Received (UTC)', width: 19 },
    { key: 'name', heading: 'Name', width: 24 },
    { key: 'email', heading: 'E-mail', width: 32 },
    { key: 'company', heading: 'Company', width: 24 },
    { key: 'phone', heading: 'Phone', width: 18 },
    { key: 'notification', heading: 'Notification', width: 36 },
  ],
  contact_messages: [
    { key: 'created_at', heading: 'Received (UTC)', width: 19 },
    { key: 'name', heading: 'Name', width: 24 },
    { key: 'email', heading: 'E-mail', width: 32 },
    { key: 'company', heading: 'Company', width: 24 },
    { key: 'notification', heading: 'Notification', width: 36 },
  ],
};

function cell(value: string, width: number): string {
  const oneLine = value.replace(/\n/g, ' ⏎ ');
  const characters = [...oneLine];
  return characters.length > width ? `${characters.slice(0, width - 1).join('')}…` : oneLine.padEnd(width);
}

function displayValue(key: string, value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  if (key === 'created_at') return new Date(value).toISOString().slice(0, 19).replace('T', ' ');
  return toInertText(value);
}

export function formatListing({ table, rows }: LeadListing): string {
  const columns = SUMMARY_COLUMNS[table];
  const title = `${table}: ${rows.length === 0 ? 'no rows' : `${rows.length} row${rows.length === 1 ? '' : 's'}, newest first`}`;
  const header = columns
    .map((column) => cell(column.heading, column.width))
    .join('  ')
    .trimEnd();
  const lines = [title, header, '-'.repeat(header.length)];
  for (const row of rows) {
    lines.push(
      columns
        .map((column) => cell(displayValue(column.key, row[column.key] as string | null), column.width))
        .join('  ')
        .trimEnd(),
    );
    lines.push(`    ${attributionLine(row.attribution, toInertText)}`);
    if (Array.isArray(row.booking_lines)) lines.push(...(row.booking_lines as string[]));
    if (Array.isArray(row.crm_lines)) lines.push(...(row.crm_lines as string[]));
    if (typeof row.message === 'string' && row.message) {
      for (const messageLine of toInertText(row.message).split('\n')) lines.push(`    ${messageLine}`);
    }
  }
  return lines.join('\n');
}

export async function fetchLeads(client: NodeLeadClient, table: LeadTable, limit: number): Promise<LeadListing> {
  const { data, error } = await client
    .from(table)
    .select('*')
    .is('duplicate_of', null)
    .order('created_at', { ascending: false })
    .limit(limit);
  if (error) throw new Error(`Could not read ${table}: ${error.message} (${error.code || 'no response'})`);
  const rows = data as LeadRow[];
  const ids = rows.map((row) => String(row.id));
  const notifications = await fetchNotificationStatuses(client, ids);
  // A strategy-call request's bookings (issue 33): the time in the team's zone, the state and the history.
  const bookings = table === 'consultation_requests' ? await fetchBookings(client, ids) : new Map();
  // Each change queued for a CRM (issue 46); none before a target was turned on.
  const crm = await fetchCrmStates(client, ids);
  return {
    table,
    rows: rows.map((row) => ({
      ...row,
      // A held lead (issue 36) has no notification until it is released: say why it waits.
      notification:
        row.hold_reason && !row.released_at
          ? `held (${String(row.hold_reason)})`
          : describeNotification(notifications.get(String(row.id))),
      ...(bookings.has(String(row.id))
        ? { booking_lines: describeBookings(bookings.get(String(row.id)) ?? [], toInertText) }
        : {}),
      ...(crm.has(String(row.id)) ? { crm_lines: describeCrmStates(crm.get(String(row.id)) ?? [], toInertText) } : {}),
    })),
  };
}

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  if (command === '--help' || command === '-h') return console.log(LEADS_HELP);
  if (OPERATOR_COMMANDS.includes(command as OperatorCommand))
    return runOperatorCommand(command as OperatorCommand, rest, readOperatorTarget(), toInertText);
  const { values } = parseArgs({ options: { limit: { type: 'string', default: '50' } } });
  const limit = Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`--limit must be a positive integer, got ${values.limit}`);
  const { url, key } = readOperatorTarget();
  const client = createNodeSupabaseClient(url, key);
  console.log(`Leads stored at ${url} (at most ${limit} per table)\n`);
  const crmTargets = describeCrmTargets(await fetchCrmTargets(client), toInertText);
  if (crmTargets.length > 0) console.log(`${crmTargets.join('\n')}\n`);
  for (const table of LEAD_TABLES) {
    console.log(`${formatListing(await fetchLeads(client, table, limit))}\n`);
  }
  console.log(formatShowRates(await fetchShowRates(client, SHOW_RATE_WEEKS), SHOW_RATE_WEEKS, toInertText));
  const givenUp = formatDeadLetters(await fetchDeadLetters(client), toInertText);
  if (givenUp) console.log(`\n${givenUp}`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    console.error('Is the data API running? Start the local one with `npm run backend`.');
    process.exit(1);
  });
}
