// supabase-js for the team's dashboard: the site's project and publishable key (src/lib/config.ts), with a session
// this time, kept in the tab's sessionStorage (closing the tab signs out; nothing in localStorage, no cookie) and
// refreshed before it expires. Only the dashboard's lazily loaded code imports this module, so no other route loads
// supabase-js for it; the visitors' client (src/lib/supabase-client.ts) stays sessionless.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { readSupabaseConfig } from '../../lib/config';
import type { Database } from '../../lib/database.types';
import { sessionStore } from '../../lib/session-store';

export type TeamClient = SupabaseClient<Database>;

/** Where the session is kept (sessionStorage), apart from anything the site keeps. */
export const TEAM_SESSION_KEY = 'brightlane.insights.session';

let client: TeamClient | undefined;

export function getTeamClient(): TeamClient {
  if (!client) {
    const { url, publishableKey } = readSupabaseConfig();
    client = createClient<Database>(url, publishableKey, {
      auth: {
        persistSession: true,
        autoRefreshToken: true,
        detectSessionInUrl: false,
        storageKey: TEAM_SESSION_KEY,
        storage: sessionStore(),
      },
    });
  }
  return client;
}
