/** @jest-environment node */
// Visitors can only insert: no role that the public can obtain reads, changes or deletes a lead.
import { signJwt, startTestApi, uniqueEmail, type TestApi, BACKENDS } from '../helpers/local-api';

describe.each(BACKENDS)('on %s', (backend) => {
  let api: TestApi;
  let email: string;
  beforeAll(async () => {
    api = await startTestApi({ backend });
    email = uniqueEmail('access');
    const { error } = await api.anon.from('consultation_requests').insert({ name: 'Dee', email, company: 'Acme' });
    if (error) throw new Error(error.message);
  }, 60_000);
  afterAll(() => api?.close());

  const LEAD_TABLES = ['consultation_requests', 'contact_messages'] as const;

  async function storedRow() {
    const rows = await api.sql<{ name: string }>('select name from public.consultation_requests where email = $1', [
      email,
    ]);
    return rows;
  }

  describe('anon (the key in every browser)', () => {
    test.each(LEAD_TABLES)('cannot read %s: 401, and no rows', async (table) => {
      const { error, status, data } = await api.anon.from(table).select('*');
      expect(status).toBe(401);
      expect(error?.code).toBe('42501');
      expect(data).toBeNull();
    });

    test('cannot read even a row it knows the e-mail of', async () => {
      const { error, data } = await api.anon.from('consultation_requests').select('name').eq('email', email);
      expect(error?.code).toBe('42501');
      expect(data).toBeNull();
    });

    test('cannot update', async () => {
      const { error, status, data } = await api.anon
        .from('consultation_requests')
        .update({ name: 'Changed' })
        .eq('email', email)
        .select();
      expect(status).toBe(401);
      expect(error?.code).toBe('42501');
      expect(data).toBeNull();
      expect(await storedRow()).toEqual([{ name: 'Dee' }]);
    });

    test('cannot delete', async () => {
      const { error, status, data } = await api.anon.from('consultation_requests').delete().eq('email', email).select();
      expect(status).toBe(401);
      expect(error?.code).toBe('42501');
      expect(data).toBeNull();
      expect(await storedRow()).toHaveLength(1);
    });

    test.each([
      ['id', { id: '00000000-0000-4000-8000-000000000000' }],
      ['created_at', { created_at: '2000-01-01T00:00:00Z' }],
    ])('cannot choose the server-side column %s', async (_column, extra) => {
      const own = uniqueEmail('server-side');
      const { error, status } = await api.anon
        .from('contact_messages')
        .insert({ name: 'Eve', email: own, message: 'hello', ...extra });
      expect(status).toBe(401);
      expect(error?.code).toBe('42501');
    });
  });

  describe('authenticated (the site has no accounts)', () => {
    const authenticated = () => api.clientFor(signJwt({ role: 'authenticated', sub: 'someone', exp: 4102444800 }));

    test.each(LEAD_TABLES)('can neither insert into nor read %s', async (table) => {
      const insert = await authenticated()
        .from(table)
        .insert({ name: 'Fay', email: uniqueEmail('auth'), company: 'X', message: 'm' });
      expect(insert.status).toBe(403);
      expect(insert.error?.code).toBe('42501');
      const read = await authenticated().from(table).select('*');
      expect(read.status).toBe(403);
      expect(read.data).toBeNull();
    });
  });

  describe('service_role (server-side tools only)', () => {
    test('reads leads, newest first, with select, order and limit', async () => {
      const later = uniqueEmail('later');
      await api.anon.from('consultation_requests').insert({ name: 'Later', email: later, company: 'Acme' });
      const { data, error, status } = await api.service
        .from('consultation_requests')
        .select('name, email')
        .order('created_at', { ascending: false })
        .limit(1);
      expect(error).toBeNull();
      expect(status).toBe(200);
      expect(data).toEqual([{ name: 'Later', email: later }]);
    });

    // For the operator tools only: erasure deletes, retention deletes or de-identifies the personal fields.
    test('cannot change a timestamp, id, attribution or the guard columns, or insert', async () => {
      for (const change of [
        { created_at: '2020-01-01T00:00:00Z' },
        { id: crypto.randomUUID() },
        { attribution: {} },
        { duplicate_of: crypto.randomUUID() },
        { client_hash: 'x' },
      ]) {
        const update = await api.service.from('consultation_requests').update(change).eq('email', email);
        expect(update.status).toBe(403);
        expect(update.error?.code).toBe('42501');
      }
      const insert = await api.service.from('consultation_requests').insert({ name: 'X', email, company: 'X' });
      expect(insert.error?.code).toBe('42501');
      expect(await storedRow()).toEqual([{ name: 'Dee' }]);
    });

    test('may rewrite the personal fields and delete a lead (erasure and retention tools)', async () => {
      const other = uniqueEmail('erasable');
      await api.anon.from('contact_messages').insert({ name: 'Eve', email: other, company: 'Acme', message: 'm' });
      const update = await api.service.from('contact_messages').update({ name: 'Removed' }).eq('email', other);
      expect(update.error).toBeNull();
      const remove = await api.service.from('contact_messages').delete().eq('email', other);
      expect(remove.error).toBeNull();
      expect(await api.sql('select 1 from public.contact_messages where email = $1', [other])).toEqual([]);
    });
  });

  // The checks Supabase's security advisor makes for the exposed schema.
  describe('security advisor checks on the migrated database', () => {
    test('every table in public has row level security enabled', async () => {
      const withoutRls = await api.sql(
        `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity`,
      );
      expect(withoutRls).toEqual([]);
      const tables = await api.sql<{ relname: string }>(
        `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
      );
      expect(tables.map((table) => table.relname)).toEqual([...LEAD_TABLES]);
    });

    test('no policy is a literal `true`, and the only policies are anon INSERT policies', async () => {
      const policies = await api.sql<{
        tablename: string;
        roles: string[] | string;
        cmd: string;
        qual: string | null;
        with_check: string | null;
      }>(
        `select tablename, roles::text[] as roles, cmd, qual, with_check from pg_policies where schemaname = 'public'`,
      );
      expect(policies.map(({ tablename, roles, cmd }) => [tablename, roles, cmd]).sort()).toEqual([
        ['consultation_requests', ['anon'], 'INSERT'],
        ['contact_messages', ['anon'], 'INSERT'],
      ]);
      for (const policy of policies) {
        for (const predicate of [policy.qual, policy.with_check]) {
          expect(predicate?.replace(/[()\s]/g, '').toLowerCase()).not.toBe('true');
        }
        expect(policy.with_check).toBeTruthy();
      }
    });

    test.each(['anon', 'authenticated'])(
      '%s holds no SELECT, UPDATE, DELETE or TRUNCATE on any public table',
      async (role) => {
        const granted = await api.sql(
          `select c.relname, p.privilege
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
         cross join unnest(array['SELECT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER']) as p(privilege)
        where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm')
          and (has_table_privilege($1, c.oid, p.privilege)
               or (p.privilege in ('SELECT', 'UPDATE') and has_any_column_privilege($1, c.oid, p.privilege)))`,
          [role],
        );
        expect(granted).toEqual([]);
      },
    );

    // `private` is never served, but anon and authenticated have usage on it (the booking functions live there):
    // no table in it is theirs, the booking clock (20261201110000_booking_clock.sql) included, nor the clock's
    // function.
    test.each(['anon', 'authenticated'])(
      '%s holds no privilege on any table in private and cannot read the booking clock',
      async (role) => {
        const granted = await api.sql(
          `select c.relname, p.privilege
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
         cross join unnest(array['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER']) as p(privilege)
        where n.nspname = 'private' and c.relkind in ('r', 'p', 'v', 'm')
          and (has_table_privilege($1, c.oid, p.privilege)
               or (p.privilege in ('SELECT', 'INSERT', 'UPDATE', 'REFERENCES')
                   and has_any_column_privilege($1, c.oid, p.privilege)))`,
          [role],
        );
        expect(granted).toEqual([]);
        const [clock] = await api.sql<{ callable: boolean }>(
          `select has_function_privilege($1, 'private.clock_now()', 'execute') as callable`,
          [role],
        );
        expect(clock.callable).toBe(false);
      },
    );

    test('anon may insert only the fields a visitor fills in', async () => {
      const columns = await api.sql<{ table_name: string; column_name: string }>(
        `select table_name, column_name from information_schema.column_privileges
        where grantee = 'anon' and privilege_type = 'INSERT' and table_schema = 'public'
        order by table_name, column_name`,
      );
      expect(columns.map((column) => `${column.table_name}.${column.column_name}`)).toEqual([
        'consultation_requests.attribution',
        'consultation_requests.challenge',
        'consultation_requests.company',
        'consultation_requests.email',
        'consultation_requests.honeypot',
        'consultation_requests.message',
        'consultation_requests.name',
        'consultation_requests.phone',
        'contact_messages.attribution',
        'contact_messages.challenge',
        'contact_messages.company',
        'contact_messages.email',
        'contact_messages.honeypot',
        'contact_messages.message',
        'contact_messages.name',
      ]);
    });

    test('security definer functions pin their search_path and none is exposed in public', async () => {
      const definers = await api.sql<{ schema: string; name: string; config: string[] | null }>(
        `select n.nspname as schema, p.proname as name, p.proconfig as config
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where p.prosecdef and n.nspname not in ('pg_catalog', 'information_schema')`,
      );
      expect(definers.length).toBeGreaterThan(0);
      for (const definer of definers) {
        expect(definer.schema).not.toBe('public');
        expect(definer.config).toEqual(expect.arrayContaining([expect.stringMatching(/^search_path=/)]));
      }
    });
  });
});
