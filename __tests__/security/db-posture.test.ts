/** @jest-environment node */
// Nobody but the service role reads the leads, by any route of the data API: every read, change, upsert,
// read-back, count, RPC and other-schema request with the public anon key (or no key, or a forged one)
// fails without revealing a row, and the rows stay as stored. Plus the privileges behind it, in SQL.
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

describe('privileges in the database', () => {
  it.each(TABLES)(
    'anon may only insert into %s: no select, update, delete, truncate, references or trigger',
    async (table) => {
      const [privileges] = await api.sql<Record<string, boolean>>(
        `select ${['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER']
          .map((privilege) => `has_table_privilege('anon', 'public.${table}', '${privilege}') as "${privilege}"`)
          .join(', ')}`,
      );
      expect(privileges).toEqual({
        SELECT: false,
        INSERT: false, // granted per column, checked below
        UPDATE: false,
        DELETE: false,
        TRUNCATE: false,
        REFERENCES: false,
        TRIGGER: false,
      });
      const insertable = await api.sql<{ column: string }>(
        `select attname as column from pg_attribute
        where attrelid = 'public.${table}'::regclass and attnum > 0 and not attisdropped
          and has_column_privilege('anon', attrelid, attnum, 'INSERT') order by attnum`,
      );
      expect(insertable.map((row) => row.column)).not.toEqual(expect.arrayContaining(['id']));
      expect(insertable.map((row) => row.column)).not.toContain('created_at');
      expect(insertable.map((row) => row.column)).toContain('email');
      // What the guard and the release decide (issue 36) is theirs alone: a visitor may send the trap field and the
      // solved challenge only.
      for (const column of [
        'duplicate_of',
        'client_hash',
        'network_hash',
        'hold_reason',
        'released_at',
        'released_by',
        'release_token_hash',
        'challenge_issued_at',
      ])
        expect(insertable.map((row) => row.column)).not.toContain(column);
      expect(insertable.map((row) => row.column)).toContain('honeypot');
      expect(insertable.map((row) => row.column)).toContain('challenge');
      const [anyRead] = await api.sql<{ read: boolean }>(
        `select has_any_column_privilege('anon', 'public.${table}', 'SELECT,UPDATE') as read`,
      );
      expect(anyRead.read).toBe(false);
      const [authenticated] = await api.sql<{ any: boolean }>(
        `select has_table_privilege('authenticated', 'public.${table}', 'SELECT,UPDATE,DELETE,TRUNCATE') as any`,
      );
      expect(authenticated.any).toBe(false);
    },
  );

  it('has row level security on, with no policy that lets anon read, change or delete', async () => {
    const tables = await api.sql<{ relname: string; relrowsecurity: boolean }>(
      `select relname, relrowsecurity from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r','p') order by relname`,
    );
    expect(tables).toEqual([
      { relname: 'consultation_requests', relrowsecurity: true },
      { relname: 'contact_messages', relrowsecurity: true },
    ]);
    const policies = await api.sql<{ cmd: string; roles: string }>(
      `select cmd, roles::text from pg_policies where schemaname = 'public'`,
    );
    for (const policy of policies) expect(policy.cmd).toBe('INSERT');
  });

  it('gives anon no function it could call but the booking functions, the release link and the visit counter, and no table in the private schema', async () => {
    const executable = await api.sql<{ fn: string }>(
      `select p.oid::regprocedure::text as fn from pg_proc p
        where p.pronamespace in ('public'::regnamespace, 'private'::regnamespace)
          and has_function_privilege('anon', p.oid, 'EXECUTE')`,
    );
    // The exceptions: the pure address normaliser the lead tables' indexes use, which every inserting role
    // evaluates, and the visitor booking functions (issue 33, 20261125100000_booking.sql): security invoker
    // wrappers in public, each calling its security definer namesake in private, for which anon has usage on
    // the private schema; and, the same way, the host's outcome link's two (issue 34,
    // 20261126110000_booking_host_messages.sql), and the held-lead digest's release link's two (issue 36,
    // 20261127100000_held_leads.sql), which answer only to the link's secret, and the proof-of-work challenge's
    // issuer (20261128100000_lead_challenge.sql), and the visits' write-only counter (issue 44,
    // 20261202100000_visit_events.sql). Nothing else there is executable by anon (the booking messages',
    // the operators', the hosts' and the held leads' other functions are not: listing, releasing by id, the digest,
    // the retention; nor the challenge's verdict, difficulty and secret rotation; nor the visits' validation, bot
    // pattern, client key, rollup and retention).
    const booking = [
      'booking_slots(timestamp with time zone,timestamp with time zone)',
      'hold_booking_slot(text,timestamp with time zone,text)',
      'confirm_booking(uuid,text)',
      'managed_booking(text)',
      'cancel_booking(text)',
      'move_booking(text,timestamp with time zone)',
      'call_for_outcome(text)',
      'record_call_outcome(text,text)',
      'held_lead_for_release(text)',
      'release_held_lead_by_token(text)',
      'record_visit_events(jsonb)',
    ];
    expect(executable.map((row) => row.fn).sort()).toEqual(
      [
        'private.lead_address_key(text)',
        ...booking,
        ...booking.map((fn) => `private.${fn}`),
        'lead_challenge()',
        'private.issue_lead_challenge()',
      ].sort(),
    );
    const [schemas] = await api.sql<{ private: boolean; local_api: boolean }>(
      `select has_schema_privilege('anon', 'private', 'USAGE') as private,
              coalesce((select has_schema_privilege('anon', oid, 'USAGE') from pg_namespace where nspname = 'local_api'), false) as local_api`,
    );
    expect(schemas).toEqual({ private: true, local_api: false });
    const privateTables = await api.sql<{ name: string }>(
      `select c.relname as name from pg_class c
        where c.relnamespace = 'private'::regnamespace and c.relkind in ('r', 'v', 'm', 'p')
          and has_table_privilege('anon', c.oid, 'SELECT,INSERT,UPDATE,DELETE,TRUNCATE')`,
    );
    expect(privateTables).toEqual([]);
  });

  // The sign-in's tables (dev/local-api/auth-schema.sql, as a hosted project's `auth` schema) and the team's list
  // (20261202110000_team_members.sql) are no API role's: the Auth server and the operator's functions reach them.
  it.each(['anon', 'authenticated'])(
    '%s holds no privilege on the auth tables or the team list, nor on the team functions',
    async (role) => {
      const tables = await api.sql<{ name: string }>(
        `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where (n.nspname = 'auth' or (n.nspname = 'private' and c.relname = 'team_members'))
            and c.relkind in ('r', 'v', 'm', 'p')
            and (has_table_privilege($1, c.oid, 'SELECT,INSERT,UPDATE,DELETE,TRUNCATE,REFERENCES,TRIGGER')
                 or has_any_column_privilege($1, c.oid, 'SELECT,INSERT,UPDATE,REFERENCES'))`,
        [role],
      );
      expect(tables).toEqual([]);
      const [functions] = await api.sql<Record<string, boolean>>(
        `select has_function_privilege($1, 'public.add_team_member(text, text)', 'EXECUTE') as add,
                has_function_privilege($1, 'public.remove_team_member(text)', 'EXECUTE') as remove,
                has_function_privilege($1, 'public.list_team_members()', 'EXECUTE') as list,
                has_function_privilege($1, 'private.is_team_member()', 'EXECUTE') as member`,
        [role],
      );
      // A signed-in request's policies ask whether it is a team member; anon's never do.
      expect(functions).toEqual({ add: false, remove: false, list: false, member: role === 'authenticated' });
    },
  );

  // A signed-in request (authenticated) may call what anon may, plus the team's check and the team's reports (issue
  // 44, 20261202120000_insights_reports.sql, 20261202130000_insights_experiment.sql): security invoker wrappers in
  // public over security definer functions in private, which answer a team member only (42501 for everyone else:
  // __tests__/contract/insights-reports.test.ts, insights-experiment.test.ts).
  // Their helpers (the period's figures, the lead and call sets, the source names) are no API role's.
  it('gives authenticated what anon has, plus the team check and the team reports, and nothing else', async () => {
    const extra = await api.sql<{ fn: string }>(
      `select p.oid::regprocedure::text as fn from pg_proc p
        where p.pronamespace in ('public'::regnamespace, 'private'::regnamespace)
          and has_function_privilege('authenticated', p.oid, 'EXECUTE')
          and not has_function_privilege('anon', p.oid, 'EXECUTE')
        order by 1`,
    );
    const reports = [
      'insights_experiment(text,timestamp with time zone)',
      'insights_overview(date,date)',
      'insights_pages(date,date)',
      'insights_sources(date,date,text)',
    ];
    expect(extra.map((row) => row.fn).sort()).toEqual(
      [...reports, ...reports.map((fn) => `private.${fn}`), 'private.is_team_member()'].sort(),
    );
    const [fewer] = await api.sql<{ n: number }>(
      `select count(*)::int as n from pg_proc p
        where p.pronamespace in ('public'::regnamespace, 'private'::regnamespace)
          and has_function_privilege('anon', p.oid, 'EXECUTE')
          and not has_function_privilege('authenticated', p.oid, 'EXECUTE')`,
    );
    expect(fewer.n).toBe(0);
  });

  it('exposes no view or sequence in public to anon, and anon inherits no other role', async () => {
    const objects = await api.sql<{ name: string }>(
      `select c.relname as name from pg_class c
        where c.relnamespace = 'public'::regnamespace and c.relkind in ('v','m','S','f')
          and (has_table_privilege('anon', c.oid, 'SELECT') or (c.relkind = 'S' and has_sequence_privilege('anon', c.oid, 'USAGE')))`,
    );
    expect(objects).toEqual([]);
    const roles = await api.sql<{ rolname: string }>(
      `select r.rolname from pg_roles r where r.rolname <> 'anon' and pg_has_role('anon', r.oid, 'USAGE')`,
    );
    expect(roles.map((role) => role.rolname).filter((name) => !name.startsWith('pg_') && name !== 'public')).toEqual(
      [],
    );
  });
});
