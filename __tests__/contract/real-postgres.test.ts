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

describe('the lead guard on a real server (as PostgREST runs a request)', () => {
  const anon = { role: 'anon' as const, headers: { 'cf-connecting-ip': '203.0.113.50' } };
  const ONE_LEAD = 'One request can store one lead only: send a single object, not an array.';
  const stored = async (like: string) =>
    (
      await pg.sql<{ count: number }>(
        'select count(*)::int as count from public.contact_messages where email like $1',
        [like],
      )
    )[0].count;

  test('13,000 rows in one request are refused at the second row: no "out of shared memory", nothing stored', async () => {
    const insert = pg.asRequest(anon, (tx) =>
      tx.query(
        `insert into public.contact_messages (name, email, message)
         select 'Bulk', 'bulk' || g || '@example.com', 'Lead ' || g from generate_series(1, 13000) g`,
      ),
    );
    await expect(insert).rejects.toMatchObject({ code: 'P0001', message: ONE_LEAD });
    expect(await stored('bulk%@example.com')).toBe(0);
  });

  test('a request holds at most three advisory locks (its address, its network block, its client), released at its end', async () => {
    const locks = await pg.asRequest(anon, async (tx) => {
      await tx.query(
        `insert into public.contact_messages (name, email, message) values ('Lou', 'lou@example.com', 'Hi')`,
      );
      const { rows } = await tx.query<{ count: number }>(
        `select count(*)::int as count from pg_locks where pid = pg_backend_pid() and locktype = 'advisory'`,
      );
      return rows[0].count;
    });
    expect(locks).toBe(3);
    const [{ left }] = await pg.admin<{ left: number }>(
      `select count(*)::int as left from pg_locks where locktype = 'advisory'`,
    );
    expect(left).toBe(0);
  });

  test('the statement-level trigger refuses a statement that stored more than one row on its own', async () => {
    // Defeat the row guard's early stop to see the statement-level rule act alone.
    const insert = pg.asRequest(anon, async (tx) => {
      await tx.query(`select set_config('lead_guard.rows_in_request', '-10', true)`);
      await tx.query(
        `insert into public.contact_messages (name, email, message)
         values ('Two', 'two.a@example.com', 'a'), ('Two', 'two.b@example.com', 'b')`,
      );
    });
    await expect(insert).rejects.toMatchObject({ code: 'P0001', message: ONE_LEAD });
    expect(await stored('two.%@example.com')).toBe(0);
  });

  test('a retried duplicate returns its row like a new lead (PostgREST counts the returned rows)', async () => {
    const countReturned = () =>
      pg.asRequest(anon, async (tx) => {
        const { rows } = await tx.query<{ page_total: number }>(
          `with pgrst_source as (
             insert into public.contact_messages (name, email, message)
             select name, email, message from json_populate_record(null::public.contact_messages, $1::json)
             returning 1)
           select count(pgrst_source)::int as page_total from pgrst_source`,
          [JSON.stringify({ name: 'Rex', email: 'rex@example.com', message: 'Same' })],
        );
        return rows[0].page_total;
      });
    expect([await countReturned(), await countReturned()]).toEqual([1, 1]);
  });
});
