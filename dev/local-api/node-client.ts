import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import type { Database } from '../../src/lib/database.types';

// supabase-js for Node-side tools and tests: no session, nothing kept between runs.
export type NodeLeadClient = SupabaseClient<Database>;

export function createNodeSupabaseClient(
  url: string,
  key: string,
  global: SupabaseClientOptions<'public'>['global'] = {},
): NodeLeadClient {
  return createClient<Database>(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global,
  });
}
