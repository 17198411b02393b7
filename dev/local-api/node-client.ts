import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import type { Database } from '../../src/lib/database.types';

// supabase-js for Node-side tools and tests. Realtime is never used, but on Node 20 (no global WebSocket)
// supabase-js refuses to construct a client without a WebSocket transport, so it gets one that says so.
type WebSocketTransport = NonNullable<NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']>;

class RealtimeNotUsed {
  constructor() {
    throw new Error('Realtime is not used by the lead storage tools.');
  }
}

export type NodeLeadClient = SupabaseClient<Database>;

export function createNodeSupabaseClient(
  url: string,
  key: string,
  global: SupabaseClientOptions<'public'>['global'] = {},
): NodeLeadClient {
  return createClient<Database>(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: RealtimeNotUsed as unknown as WebSocketTransport },
    global,
  });
}
