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

  // The checks Supabase's security advisor makes for the exposed schema (row level security on, no policy a literal
  // `true`, no table or column privilege but anon's INSERT of the fields a visitor fills in, security definer
  // functions outside public with a pinned search_path) are SQL: supabase/tests/lead_tables_access.test.sql,
  // function_access.test.sql and private_tables_access.test.sql, run on both backends by __tests__/db/pgtap.test.ts.
});
