/** @jest-environment node */
// Nobody but the service role reads the leads, by any route of the data API: every read, change, upsert,
// read-back, count, RPC and other-schema request with the public anon key (or no key, or a forged one)
// fails without revealing a row, and the rows stay as stored. The privileges behind it: the end of this file.
import { LOCAL_SUPABASE_ANON_KEY, signJwt, startTestApi, uniqueEmail, type TestApi } from '../helpers/local-api';

let api: TestApi;
const email = uniqueEmail('posture');
const SECRET_NAME = 'Posture Secret Name';

beforeAll(async () => {
  api = await startTestApi();
  const lead = { name: SECRET_NAME, email, company: 'Posture Co', message: 'posture message' };
  const results = await Promise.all([
    api.anon.from('consultation_requests').insert({ ...lead, phone: '1' }),
    api.anon.from('contact_messages').insert(lead),
  ]);
  for (const { error } of results) if (error) throw new Error(error.message);
}, 60_000);
afterAll(() => api?.close());

const TABLES = ['consultation_requests', 'contact_messages'] as const;
const forged = signJwt({ role: 'service_role', iss: 'supabase-demo', exp: 1983812996 }, 'not-the-secret-'.repeat(3));

const KEYS: Record<string, Record<string, string>> = {
  anon: { apikey: LOCAL_SUPABASE_ANON_KEY, Authorization: `Bearer ${LOCAL_SUPABASE_ANON_KEY}` },
  'no key': {},
  'forged service_role key': { apikey: forged, Authorization: `Bearer ${forged}` },
  'anon apikey with an authenticated token signed elsewhere': {
    apikey: LOCAL_SUPABASE_ANON_KEY,
    Authorization: `Bearer ${signJwt({ role: 'authenticated', sub: 'x' }, 'x'.repeat(40))}`,
  },
};

type Attempt = { name: string; method: string; path: string; headers?: Record<string, string>; body?: unknown };

function attempts(table: string): Attempt[] {
  const filter = `email=eq.${encodeURIComponent(email)}`;
  const row = { name: 'Mallory', email: uniqueEmail('mallory'), company: 'Evil', message: 'x' };
  return [
    { name: 'GET select=*', method: 'GET', path: `/rest/v1/${table}?select=*` },
    {
      name: 'GET with order and limit',
      method: 'GET',
      path: `/rest/v1/${table}?select=name,email&order=created_at.desc&limit=1`,
    },
    { name: 'GET with a filter', method: 'GET', path: `/rest/v1/${table}?select=name&${filter}` },
    { name: 'GET one column', method: 'GET', path: `/rest/v1/${table}?select=email` },
    {
      name: 'GET as a single object',
      method: 'GET',
      path: `/rest/v1/${table}?${filter}`,
      headers: { Accept: 'application/vnd.pgrst.object+json' },
    },
    { name: 'GET CSV', method: 'GET', path: `/rest/v1/${table}`, headers: { Accept: 'text/csv' } },
    {
      name: 'HEAD with an exact count',
      method: 'HEAD',
      path: `/rest/v1/${table}?select=*`,
      headers: { Prefer: 'count=exact' },
    },
    { name: 'GET count aggregate', method: 'GET', path: `/rest/v1/${table}?select=count` },
    { name: 'PATCH with a filter', method: 'PATCH', path: `/rest/v1/${table}?${filter}`, body: { name: 'Changed' } },
    {
      name: 'PATCH returning rows',
      method: 'PATCH',
      path: `/rest/v1/${table}?${filter}`,
      body: { name: 'Changed' },
      headers: { Prefer: 'return=representation' },
    },
    { name: 'PATCH without a filter', method: 'PATCH', path: `/rest/v1/${table}`, body: { name: 'Changed' } },
    { name: 'DELETE with a filter', method: 'DELETE', path: `/rest/v1/${table}?${filter}` },
    { name: 'DELETE matching everything', method: 'DELETE', path: `/rest/v1/${table}?email=neq.x` },
    {
      name: 'DELETE returning rows',
      method: 'DELETE',
      path: `/rest/v1/${table}?${filter}`,
      headers: { Prefer: 'return=representation' },
    },
    {
      name: 'POST with return=representation',
      method: 'POST',
      path: `/rest/v1/${table}`,
      body: row,
      headers: { Prefer: 'return=representation' },
    },
    {
      name: 'POST with ?select=',
      method: 'POST',
      path: `/rest/v1/${table}?select=*`,
      body: row,
      headers: { Prefer: 'return=representation' },
    },
    {
      name: 'POST upsert merging duplicates',
      method: 'POST',
      path: `/rest/v1/${table}?on_conflict=email`,
      body: { ...row, email },
      headers: { Prefer: 'resolution=merge-duplicates,return=representation' },
    },
    {
      name: 'POST choosing the id',
      method: 'POST',
      path: `/rest/v1/${table}`,
      body: { ...row, id: '00000000-0000-0000-0000-000000000001' },
    },
    {
      name: 'GET another schema (Accept-Profile: private)',
      method: 'GET',
      path: `/rest/v1/${table}?select=*`,
      headers: { 'Accept-Profile': 'private' },
    },
    {
      name: 'GET another schema (Accept-Profile: local_api)',
      method: 'GET',
      path: '/rest/v1/applied_migrations?select=*',
      headers: { 'Accept-Profile': 'local_api' },
    },
    {
      name: 'GET the auth schema (Accept-Profile: auth)',
      method: 'GET',
      path: '/rest/v1/users?select=*',
      headers: { 'Accept-Profile': 'auth' },
    },
    {
      name: "GET the team's list (Accept-Profile: private)",
      method: 'GET',
      path: '/rest/v1/team_members?select=*',
      headers: { 'Accept-Profile': 'private' },
    },
    { name: "RPC listing the team's list", method: 'POST', path: '/rest/v1/rpc/list_team_members', body: {} },
    {
      name: "RPC to the team's reports",
      method: 'POST',
      path: '/rest/v1/rpc/insights_overview',
      body: { from_day: '2020-01-01', to_day: '2020-01-08' },
    },
    { name: 'RPC to the Auth admin route', method: 'GET', path: '/auth/v1/admin/users' },
    {
      name: 'GET pg_catalog via Accept-Profile',
      method: 'GET',
      path: `/rest/v1/pg_class?select=relname`,
      headers: { 'Accept-Profile': 'pg_catalog' },
    },
    {
      name: 'POST via Content-Profile: private',
      method: 'POST',
      path: `/rest/v1/${table}`,
      body: row,
      headers: { 'Content-Profile': 'private', Prefer: 'return=representation' },
    },
    { name: 'RPC to the trigger function', method: 'POST', path: '/rest/v1/rpc/guard_lead_submission', body: {} },
    {
      name: 'RPC to a catalog function',
      method: 'POST',
      path: '/rest/v1/rpc/pg_read_file',
      body: { filename: 'postgresql.conf' },
    },
    { name: 'RPC GET', method: 'GET', path: `/rest/v1/rpc/${table}` },
    {
      name: 'GraphQL endpoint',
      method: 'POST',
      path: '/graphql/v1',
      body: { query: `{ ${table}Collection { edges { node { email } } } }` },
    },
    { name: 'path traversal to the table', method: 'GET', path: `/rest/v1/../rest/v1/${table}?select=*` },
    { name: 'encoded table name', method: 'GET', path: `/rest/v1/${encodeURIComponent(`public.${table}`)}?select=*` },
  ];
}

async function send(attempt: Attempt, keyHeaders: Record<string, string>) {
  const response = await fetch(api.url + attempt.path, {
    method: attempt.method,
    headers: { 'Content-Type': 'application/json', ...keyHeaders, ...attempt.headers },
    body: attempt.body === undefined ? undefined : JSON.stringify(attempt.body),
  });
  const text = await response.text();
  return { status: response.status, text, range: response.headers.get('content-range') };
}

async function snapshot() {
  return api.sql(
    `select 'c' as t, name, email, company from consultation_requests union all
     select 'm', name, email, company from contact_messages order by 1, 3`,
  );
}

describe.each(Object.keys(KEYS))('with %s', (keyName) => {
  it.each(TABLES)('reveals, changes and deletes nothing of %s by any route', async (table) => {
    const before = await snapshot();
    const outcomes: string[] = [];
    for (const attempt of attempts(table)) {
      const { status, text, range } = await send(attempt, KEYS[keyName]);
      // Refused (a client error, never a 500), and nothing stored is in the answer.
      const leaked = text.includes(email) || text.includes(SECRET_NAME) || /\/\s*[1-9]/.test(range ?? '');
      if (status < 400 || status >= 500 || leaked)
        outcomes.push(`${attempt.name}: ${status} ${range ?? ''} ${text.slice(0, 120)}`);
    }
    expect(outcomes).toEqual([]);
    const after = await snapshot();
    // Only inserts may have added rows (none did: every one above asked for something anon may not do).
    expect(after).toEqual(before);
  });
});

it('lets the service role read the leads', async () => {
  for (const table of TABLES) {
    const { data, error } = await api.service.from(table).select('name,email').eq('email', email);
    expect(error).toBeNull();
    expect(data).toEqual([{ name: SECRET_NAME, email }]);
  }
});

// The privileges behind it (per table and column, the functions anon and authenticated may call, the private and
// auth schemas, the team's list) are SQL, run on both backends: supabase/tests/*_access.test.sql
// (__tests__/db/pgtap.test.ts).
