// The Supabase CLI's well-known local development settings (as `supabase status` prints them). The
// publishable key and the legacy anon key are public by design (every visitor's browser holds one); the local
// API in dev/ accepts them, hosted Supabase does not.
export const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321';
export const LOCAL_SUPABASE_PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';
/** Legacy JWT key for the anon role (deprecated by Supabase by the end of 2026; still accepted). */
export const LOCAL_SUPABASE_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
