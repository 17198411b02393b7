// Where the browser tests' build sends leads: a port of its own, so a running `npm start` is not touched.
import { LOCAL_SUPABASE_ANON_KEY } from '../../../src/lib/local-supabase';

/** TEST_API_PORT lets two checkouts run their browser tests side by side. */
export const TEST_API_PORT = Number(process.env.TEST_API_PORT ?? 54329);
export const TEST_API_URL = `http://127.0.0.1:${TEST_API_PORT}`;

export const buildEnv = {
  GATSBY_SUPABASE_URL: TEST_API_URL,
  GATSBY_SUPABASE_ANON_KEY: LOCAL_SUPABASE_ANON_KEY,
  GATSBY_TELEMETRY_DISABLED: '1',
};
