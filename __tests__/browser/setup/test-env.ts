// The browser tests' surroundings: the production build in public/, served as a static host would, and the
// local data API it sends leads to, on a port of its own so a running `npm start` is not touched.
import path from 'node:path';
import { startStaticServer, type StaticServer } from '../../../dev/static/static-server';
import { LOCAL_SUPABASE_ANON_KEY } from '../../../src/lib/local-supabase';
import { startTestApi, type TestApi } from '../../helpers/local-api';

/** TEST_API_PORT lets two checkouts run their browser tests side by side. */
export const TEST_API_PORT = Number(process.env.TEST_API_PORT ?? 54329);
export const TEST_API_URL = `http://127.0.0.1:${TEST_API_PORT}`;

export const buildEnv = {
  GATSBY_SUPABASE_URL: TEST_API_URL,
  GATSBY_SUPABASE_ANON_KEY: LOCAL_SUPABASE_ANON_KEY,
  GATSBY_TELEMETRY_DISABLED: '1',
};

export const PUBLIC_DIR = path.resolve(__dirname, '../../../public');

export type LeadApi = TestApi;

/** The local data API behind the build: in memory, on the port the build points at. */
export function startLeadApi(): Promise<LeadApi> {
  return startTestApi({ port: TEST_API_PORT });
}

export function serveBuild(): Promise<StaticServer> {
  return startStaticServer({ root: PUBLIC_DIR });
}
