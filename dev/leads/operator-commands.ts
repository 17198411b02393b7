// The erase and retention subcommands of `npm run leads`, and the help text of all three.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createNodeSupabaseClient } from '../local-api/node-client';
import { eraseLeadsOf } from './erase';
import type { StoredLead } from './read-leads';
import { applyRetention, cutoffFor } from './retention';

/** The retention period the privacy policy states (content/site.json privacy.retentionMonths). */
export function policyRetentionMonths(contentDir = path.resolve('content')): number {
  const site = JSON.parse(fs.readFileSync(path.join(contentDir, 'site.json'), 'utf8')) as {
    privacy: { retentionMonths: number };
  };
  return site.privacy.retentionMonths;
}

export const LEADS_HELP = `npm run leads [-- --limit N]
  Prints the newest N (default 50) leads of both tables, with where each came from.

npm run leads -- erase <email> [--dry-run]
  Deletes every lead (both tables) sent with this e-mail address, compared case-insensitively, for an
  erasure request. The lead's notification jobs go with it. --dry-run lists what would be deleted.

npm run leads -- retention (--delete | --deidentify) [--older-than 24m] [--dry-run]
  Applies the retention period to leads received before it: --delete removes them; --deidentify replaces
  name, e-mail, company, phone and message with placeholders and keeps the date and where it came from.
  --older-than takes months (24m) or days (30d); the default is content/site.json privacy.retentionMonths
  (${policyRetentionMonths()} months), the period the privacy policy states. --dry-run lists what would change.

Target: the local data API, or a hosted project with SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY set.`;

/** A mistake in the command line: said plainly, without the "is the API running?" hint of other failures. */
function usageError(message: string): void {
  console.error(`${message}\nSee npm run leads -- --help.`);
  process.exitCode = 2;
}

function describe(leads: StoredLead[], inert: (text: string) => string): string {
  return leads
    .map((lead) => `  ${lead.created_at.slice(0, 19).replace('T', ' ')}  ${lead.table}  ${inert(lead.email)}`)
    .join('\n');
}

export async function runOperatorCommand(
  command: 'erase' | 'retention',
  args: string[],
  target: { url: string; key: string },
  inert: (text: string) => string,
): Promise<void> {
  const client = createNodeSupabaseClient(target.url, target.key);
  if (command === 'erase') {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { 'dry-run': { type: 'boolean', default: false } },
    });
    if (positionals.length !== 1) return usageError('Usage: npm run leads -- erase <email> [--dry-run]');
    const dryRun = values['dry-run'] ?? false;
    const { matched } = await eraseLeadsOf(client, positionals[0], { dryRun });
    console.log(`${dryRun ? 'Would delete' : 'Deleted'} ${matched.length} lead(s) at ${target.url}`);
    if (matched.length > 0) console.log(describe(matched, inert));
    return;
  }
  const { values } = parseArgs({
    args,
    options: {
      'older-than': { type: 'string', default: `${policyRetentionMonths()}m` },
      delete: { type: 'boolean', default: false },
      deidentify: { type: 'boolean', default: false },
      'dry-run': { type: 'boolean', default: false },
    },
  });
  if (values.delete === values.deidentify)
    return usageError('Say what to do with old leads: --delete or --deidentify.');
  const mode = values.delete ? 'delete' : 'deidentify';
  const dryRun = values['dry-run'] ?? false;
  let cutoff: Date;
  try {
    cutoff = cutoffFor(values['older-than'] ?? '', new Date());
  } catch (error) {
    return usageError((error as Error).message);
  }
  const { matched } = await applyRetention(client, { cutoff, mode, dryRun });
  const verb = mode === 'delete' ? 'delete' : 'de-identify';
  console.log(
    `${dryRun ? `Would ${verb}` : `${verb === 'delete' ? 'Deleted' : 'De-identified'}`} ${matched.length} lead(s) received before ${cutoff.toISOString()} at ${target.url}`,
  );
  if (matched.length > 0) console.log(describe(matched, inert));
}
