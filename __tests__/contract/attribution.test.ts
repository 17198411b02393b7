/** @jest-environment node */
// The `attribution` column of both lead tables: visitors may send it with the anon key, it is stored as sent,
// a lead without it is accepted, and the database refuses anything but a small object of known string keys.
import type { Json } from '../../src/lib/database.types';
import { startTestApi, uniqueEmail, type TestApi } from '../helpers/local-api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
}, 60_000);
afterAll(() => api?.close());

const TABLES = ['consultation_requests', 'contact_messages'] as const;
type Table = (typeof TABLES)[number];

const full = {
  surface: 'booking_form',
  landing_page: '/services?utm_source=newsletter&utm_campaign=spring',
  referrer: 'https://news.example.com',
  utm_source: 'newsletter',
  utm_medium: 'email',
  utm_campaign: 'spring',
  utm_term: 'ai automation',
  utm_content: 'header-link',
  submitted_from: '/book',
};

function insert(table: Table, email: string, attribution?: Json) {
  const lead = {
    name: 'Ada',
    email,
    company: 'Acme',
    message: 'Hello',
    ...(attribution === undefined ? {} : { attribution }),
  };
  return api.anon.from(table).insert(lead);
}

async function storedAttribution(table: Table, email: string) {
  const { data, error } = await api.service.from(table).select('attribution').eq('email', email);
  expect(error).toBeNull();
  return (data ?? []).map((row) => row.attribution);
}

describe.each(TABLES)('%s.attribution', (table) => {
  test('is stored exactly as sent', async () => {
    const email = uniqueEmail('attr');
    const { error, status } = await insert(table, email, full);
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(await storedAttribution(table, email)).toEqual([full]);
  });

  test('is optional: a lead without it is stored with null', async () => {
    const email = uniqueEmail('no-attr');
    expect((await insert(table, email)).error).toBeNull();
    expect((await insert(table, uniqueEmail('null-attr'), null)).error).toBeNull();
    expect(await storedAttribution(table, email)).toEqual([null]);
  });

  test.each([
    ['a list', [full]],
    ['a number', 42],
    ['an unknown key', { ...full, email: 'ada@example.com' }],
    ['a value that is not text', { ...full, utm_source: 7 }],
    ['a nested object', { ...full, referrer: { origin: 'https://x.example' } }],
    ['an unknown surface', { ...full, surface: 'fax' }],
    ['a value longer than 500 characters', { ...full, landing_page: `/${'a'.repeat(500)}` }],
  ] as [string, Json][])('refuses %s (check violation 23514), storing nothing', async (_case, attribution) => {
    const email = uniqueEmail('bad-attr');
    const { error, status } = await insert(table, email, attribution);
    expect(status).toBe(400);
    expect(error?.code).toBe('23514');
    expect(error?.message).toContain(`${table}_attribution_shape`);
    expect(await storedAttribution(table, email)).toEqual([]);
  });

  test('accepts values of exactly 500 characters, and refuses an object over 4096 bytes in all', async () => {
    const atLimit = { ...full, landing_page: `/${'a'.repeat(499)}` };
    const email = uniqueEmail('limit-attr');
    expect((await insert(table, email, atLimit)).error).toBeNull();
    expect(await storedAttribution(table, email)).toEqual([atLimit]);

    const multiByte = 'é'.repeat(500); // 500 characters, 1000 bytes each value
    const tooBig = Object.fromEntries(Object.keys(full).map((key) => [key, key === 'surface' ? 'chat' : multiByte]));
    const refused = await insert(table, uniqueEmail('big-attr'), tooBig);
    expect(refused.error?.code).toBe('23514');
  });
});

describe('privileges', () => {
  test.each(TABLES)('anon may insert %s.attribution but not read it back', async (table) => {
    const [privileges] = await api.sql<{ insert: boolean; select: boolean }>(
      `select has_column_privilege('anon', 'public.${table}', 'attribution', 'INSERT') as insert,
              has_column_privilege('anon', 'public.${table}', 'attribution', 'SELECT') as select`,
    );
    expect(privileges).toEqual({ insert: true, select: false });
    const read = await api.anon.from(table).select('attribution');
    expect(read.data).toBeNull();
    expect(read.error?.code).toBe('42501');
  });

  test.each(TABLES)('service_role cannot rewrite %s.attribution (de-identification keeps it)', async (table) => {
    const [privileges] = await api.sql<{ update: boolean }>(
      `select has_column_privilege('service_role', 'public.${table}', 'attribution', 'UPDATE') as update`,
    );
    expect(privileges).toEqual({ update: false });
  });
});
