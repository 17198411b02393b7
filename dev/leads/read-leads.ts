// Reads every lead of a table in pages (hosted Supabase answers at most 1000 rows per request), oldest first.
// The operator tools filter what they read themselves: the data API's eq filter cannot compare e-mail
// addresses case-insensitively or timestamps by range, and the local API supports only eq.
import type { NodeLeadClient } from '../local-api/node-client';

export const LEAD_TABLES = ['consultation_requests', 'contact_messages'] as const;
export type LeadTable = (typeof LEAD_TABLES)[number];
export type StoredLead = { table: LeadTable; id: string; created_at: string; name: string; email: string };

const PAGE_SIZE = 1000;

export async function readAllLeads(client: NodeLeadClient, table: LeadTable): Promise<StoredLead[]> {
  const leads: StoredLead[] = [];
  for (let from = 0; ; from += PAGE_SIZE) {
    const { data, error } = await client
      .from(table)
      .select('id, created_at, name, email')
      .order('created_at')
      .order('id')
      .range(from, from + PAGE_SIZE - 1);
    if (error) throw new Error(`Could not read ${table}: ${error.message} (${error.code || 'no response'})`);
    leads.push(...data.map((row) => ({ table, ...row })));
    if (data.length < PAGE_SIZE) return leads;
  }
}

export async function deleteLead(client: NodeLeadClient, lead: StoredLead): Promise<void> {
  const { error } = await client.from(lead.table).delete().eq('id', lead.id);
  if (error) throw new Error(`Could not delete ${lead.table} ${lead.id}: ${error.message} (${error.code})`);
}
