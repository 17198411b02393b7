// The Supabase client, created on first use and then reused. Reach this module only through a dynamic
// `import()` (see leads.ts) so supabase-js stays out of every page's first-load JavaScript.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { readSupabaseConfig } from './config';
import type { Database } from './database.types';

export type LeadDatabaseClient = SupabaseClient<Database>;

let client: LeadDatabaseClient | undefined;

export function getSupabaseClient(): LeadDatabaseClient {
  if (!client) {
    const { url, publishableKey } = readSupabaseConfig();
    client = createClient<Database>(url, publishableKey, {
      // Visitors have no accounts: nothing to persist, refresh or pick up from the URL.
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
  }
  return client;
}
