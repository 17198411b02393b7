// The site's runtime configuration, read in one place. Gatsby inlines `process.env.GATSBY_*` at build
// time, so these must be spelled out literally. When unset, the site talks to the local data API.
import { LOCAL_SUPABASE_PUBLISHABLE_KEY, LOCAL_SUPABASE_URL } from './local-supabase';

export type SupabaseConfig = { url: string; publishableKey: string; isLocalDefault: boolean };
export type SupabaseEnv = {
  GATSBY_SUPABASE_URL?: string;
  /** The project's publishable key (sb_publishable_…). */
  GATSBY_SUPABASE_PUBLISHABLE_KEY?: string;
  /** The legacy name, for a legacy anon JWT key; used when the publishable key is not set. */
  GATSBY_SUPABASE_ANON_KEY?: string;
};

export function readSupabaseConfig(
  env: SupabaseEnv = {
    GATSBY_SUPABASE_URL: process.env.GATSBY_SUPABASE_URL,
    GATSBY_SUPABASE_PUBLISHABLE_KEY: process.env.GATSBY_SUPABASE_PUBLISHABLE_KEY,
    GATSBY_SUPABASE_ANON_KEY: process.env.GATSBY_SUPABASE_ANON_KEY,
  },
): SupabaseConfig {
  const url = env.GATSBY_SUPABASE_URL?.trim();
  if (!url) return { url: LOCAL_SUPABASE_URL, publishableKey: LOCAL_SUPABASE_PUBLISHABLE_KEY, isLocalDefault: true };
  const publishableKey = env.GATSBY_SUPABASE_PUBLISHABLE_KEY?.trim() || env.GATSBY_SUPABASE_ANON_KEY?.trim();
  if (!publishableKey)
    throw new Error(
      'GATSBY_SUPABASE_URL is set but GATSBY_SUPABASE_PUBLISHABLE_KEY is not: set both (see .env.example).',
    );
  return { url: url.replace(/\/+$/, ''), publishableKey, isLocalDefault: false };
}
