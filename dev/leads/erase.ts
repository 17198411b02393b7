// `npm run leads -- erase <email> [--dry-run]`: deletes every lead of both tables sent with an e-mail address
// (compared case-insensitively, ignoring surrounding spaces), for an erasure request under the privacy policy.
// Notification jobs of a deleted lead are removed by the database (their own delete trigger).
import type { NodeLeadClient } from '../local-api/node-client';
import { LEAD_TABLES, deleteLead, readAllLeads, type StoredLead } from './read-leads';

export type EraseResult = { matched: StoredLead[]; deleted: number };

const normalised = (email: string) => email.trim().toLowerCase();

export async function eraseLeadsOf(
  client: NodeLeadClient,
  email: string,
  { dryRun }: { dryRun: boolean },
): Promise<EraseResult> {
  const wanted = normalised(email);
  if (!wanted.includes('@')) throw new Error(`"${email}" is not an e-mail address.`);
  const matched: StoredLead[] = [];
  for (const table of LEAD_TABLES) {
    matched.push(...(await readAllLeads(client, table)).filter((lead) => normalised(lead.email) === wanted));
  }
  if (dryRun) return { matched, deleted: 0 };
  for (const lead of matched) await deleteLead(client, lead);
  return { matched, deleted: matched.length };
}
