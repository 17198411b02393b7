// The site's runtime configuration, read in one place. Gatsby inlines `process.env.GATSBY_*` at build
// time, so these must be spelled out literally. When unset, the site talks to the local data API.
import { LOCAL_SUPABASE_ANON_KEY, LOCAL_SUPABASE_URL } from './local-supabase';

export type SupabaseConfig = { url: string; anonKey: string; isLocalDefault: boolean };

export function readSupabaseConfig(
  env: { GATSBY_SUPABASE_URL?: string; GATSBY_SUPABASE_ANON_KEY?: string } = {
    GATSBY_SUPABASE_URL: process.env.GATSBY_SUPABASE_URL,
    GATSBY_SUPABASE_ANON_KEY: process.env.GATSBY_SUPABASE_ANON_KEY,
  },
): SupabaseConfig {
  const url = env.GATSBY_SUPABASE_URL?.trim();
  if (!url) return { url: LOCAL_SUPABASE_URL, anonKey: LOCAL_SUPABASE_ANON_KEY, isLocalDefault: true };
  const anonKey = env.GATSBY_SUPABASE_ANON_KEY?.trim();
  if (!anonKey)
    throw new Error('GATSBY_SUPABASE_URL is set but GATSBY_SUPABASE_ANON_KEY is not: set both (see .env.example).');
  return { url: url.replace(/\/+$/, ''), anonKey, isLocalDefault: false };
}
