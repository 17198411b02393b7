// The Supabase CLI's well-known local development secret and keys (the same on every machine, public by
// design). Hosted projects have their own secret; these are only ever accepted by the local data API.
export { LOCAL_SUPABASE_ANON_KEY, LOCAL_SUPABASE_PUBLISHABLE_KEY } from '../../src/lib/local-supabase';

export const LOCAL_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

// Server-side only: they bypass row level security. Never put them in site code.
export const LOCAL_SUPABASE_SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz';
/** Legacy JWT key for the service_role (deprecated by Supabase by the end of 2026; still accepted). */
export const LOCAL_SUPABASE_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

export const LOCAL_API_PORT = 54321;
