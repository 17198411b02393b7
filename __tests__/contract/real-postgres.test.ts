/** @jest-environment node */
// The real-server harness is set up like a hosted Supabase project, and requests run as PostgREST runs them.
import { startRealPostgres, type RealPostgres } from '../helpers/real-postgres';

let pg: RealPostgres;
beforeAll(async () => {
  pg = await startRealPostgres();
}, 60_000);
afterAll(() => pg?.close());

test('postgres is not a superuser; the API roles exist as on a hosted project', async () => {
  const roles = await pg.sql<{
    rolname: string;
    rolsuper: boolean;
    rolinherit: boolean;
    rolcanlogin: boolean;
    rolbypassrls: boolean;
  }>(
    `select rolname, rolsuper, rolinherit, rolcanlogin, rolbypassrls from pg_roles
      where rolname in ('postgres', 'anon', 'authenticated', 'service_role', 'authenticator') order by rolname`,
  );
  expect(roles).toEqual([
    { rolname: 'anon', rolsuper: false, rolinherit: false, rolcanlogin: false, rolbypassrls: false },
    { rolname: 'authenticated', rolsuper: false, rolinherit: false, rolcanlogin: false, rolbypassrls: false },
    { rolname: 'authenticator', rolsuper: false, rolinherit: false, rolcanlogin: true, rolbypassrls: false },
    { rolname: 'postgres', rolsuper: false, rolinherit: true, rolcanlogin: true, rolbypassrls: true },
    { rolname: 'service_role', rolsuper: false, rolinherit: false, rolcanlogin: false, rolbypassrls: true },
  ]);
});

test('every migration file was applied and recorded as supabase db push records it', async () => {
  const recorded = await pg.sql<{ version: string }>(
    'select version from supabase_migrations.schema_migrations order by version',
  );
  expect(recorded.map((row) => row.version)).toEqual(pg.appliedMigrations.map((name) => name.slice(0, 14)));
  expect(pg.appliedMigrations.length).toBeGreaterThan(0);
});

test('a new table in public is granted to the API roles by default, as on a hosted project', async () => {
  await pg.sql('create table public.harness_probe (id int)');
  try {
    const [{ anon }] = await pg.sql<{ anon: boolean }>(
      `select has_table_privilege('anon', 'public.harness_probe', 'select, insert, update, delete') as anon`,
    );
    expect(anon).toBe(true);
  } finally {
    await pg.sql('drop table public.harness_probe');
  }
});

test('asRequest switches to the role and exposes claims and headers as PostgREST does', async () => {
  const [row] = await pg.asRequest(
    { role: 'anon', headers: { 'CF-Connecting-IP': '203.0.113.9' } },
    async (tx) =>
      (
        await tx.query<{ role: string; ip: string; claim: string; session: string }>(
          `select current_user as role, session_user as session,
                  current_setting('request.headers', true)::json ->> 'cf-connecting-ip' as ip,
                  current_setting('request.jwt.claims', true)::json ->> 'role' as claim`,
        )
      ).rows,
  );
  expect(row).toEqual({ role: 'anon', session: 'authenticator', ip: '203.0.113.9', claim: 'anon' });
});

test('several connections are served at once: one waits on a lock another holds (a multi-connection server)', async () => {
  const holder = await pg.connect();
  try {
    await holder.query('begin');
    await holder.query('select pg_advisory_xact_lock(4242)');
    const waiter = pg.asRequest({ role: 'anon' }, (tx) => tx.query('select pg_advisory_xact_lock(4242)'));
    let waiting = 0;
    while (waiting === 0) {
      [{ waiting }] = await pg.admin<{ waiting: number }>(
        `select count(*)::int as waiting from pg_locks where locktype = 'advisory' and objid = 4242 and not granted`,
      );
    }
    await holder.query('commit');
    await waiter;
  } finally {
    holder.release();
  }
});
