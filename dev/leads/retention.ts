// `npm run leads -- retention [--older-than 24m] (--delete | --deidentify) [--dry-run]`: applies the retention
// period of the privacy policy (content/site.json privacy.retentionMonths, the default) to leads received
// before it. De-identifying replaces name, e-mail, company, phone and message with fixed placeholders and
// keeps the date and the attribution, so where leads came from can still be counted.
import type { Database } from '../../src/lib/database.types';
import type { NodeLeadClient } from '../local-api/node-client';
import { LEAD_TABLES, deleteLead, readAllLeads, type LeadTable, type StoredLead } from './read-leads';

type Tables = Database['public']['Tables'];
export type RetentionMode = 'delete' | 'deidentify';
export type RetentionResult = { matched: StoredLead[]; changed: number };

/** What a de-identified lead holds instead of the person's details (the table checks still hold). */
export const DEIDENTIFIED_EMAIL = 'deidentified@invalid.example';
const DEIDENTIFIED = {
  consultation_requests: { name: 'Removed', email: DEIDENTIFIED_EMAIL, company: 'Removed', phone: '', message: '' },
  contact_messages: { name: 'Removed', email: DEIDENTIFIED_EMAIL, company: null, message: 'Removed' },
} satisfies { [T in LeadTable]: Tables[T]['Update'] };

/** "24m" (months) or "30d" (days) before `now`. */
export function cutoffFor(olderThan: string, now: Date): Date {
  const match = /^(\d{1,4})([md])$/.exec(olderThan.trim());
  if (!match || Number(match[1]) < 1) {
    throw new Error(`--older-than takes a number of months or days, like 24m or 30d (got "${olderThan}").`);
  }
  const cutoff = new Date(now);
  if (match[2] === 'm') cutoff.setUTCMonth(cutoff.getUTCMonth() - Number(match[1]));
  else cutoff.setUTCDate(cutoff.getUTCDate() - Number(match[1]));
  return cutoff;
}

export async function applyRetention(
  client: NodeLeadClient,
  { cutoff, mode, dryRun }: { cutoff: Date; mode: RetentionMode; dryRun: boolean },
): Promise<RetentionResult> {
  const matched: StoredLead[] = [];
  for (const table of LEAD_TABLES) {
    const old = (await readAllLeads(client, table)).filter((lead) => Date.parse(lead.created_at) < cutoff.getTime());
    // Already de-identified leads are left alone, so a repeated run reports only what it changes.
    matched.push(...(mode === 'deidentify' ? old.filter((lead) => lead.email !== DEIDENTIFIED_EMAIL) : old));
  }
  if (dryRun) return { matched, changed: 0 };
  for (const lead of matched) {
    if (mode === 'delete') await deleteLead(client, lead);
    else await deidentify(client, lead);
  }
  return { matched, changed: matched.length };
}

async function deidentify(client: NodeLeadClient, lead: StoredLead): Promise<void> {
  const { error } =
    lead.table === 'consultation_requests'
      ? await client.from(lead.table).update(DEIDENTIFIED[lead.table]).eq('id', lead.id)
      : await client.from(lead.table).update(DEIDENTIFIED[lead.table]).eq('id', lead.id);
  if (error) throw new Error(`Could not de-identify ${lead.table} ${lead.id}: ${error.message} (${error.code})`);
}
