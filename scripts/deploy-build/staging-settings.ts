// A staging project's settings as a site owner sets them on the host (netlify.toml's deploy contexts). The deploy
// build check builds the site with them, and the browser tests run on that build: its requests to this address are
// answered by each test file's local data API (__tests__/browser/setup/test-env.ts). Nothing is ever sent here.
export const STAGING_SETTINGS = {
  GATSBY_SUPABASE_URL: 'https://deploycheckstaging01.supabase.co',
  GATSBY_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_deploy-check-staging-key',
};
