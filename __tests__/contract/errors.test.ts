/** @jest-environment node */
// Every way a submission can be refused gives PostgREST's status and error shape, never a crash.
import { LOCAL_SUPABASE_ANON_KEY, signJwt, startTestApi, uniqueEmail, type TestApi } from '../helpers/local-api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
}, 60_000);
afterAll(() => api?.close());

const booking = (overrides: Record<string, string>) => ({
  name: 'Gil',
  email: uniqueEmail('constraint'),
  company: 'Acme',
  phone: '123',
  message: 'Hello',
  ...overrides,
});
const contact = (overrides: Record<string, string>) => ({
  name: 'Gil',
  email: uniqueEmail('constraint'),
  company: 'Acme',
  message: 'Hello',
  ...overrides,
});

describe('CHECK constraints: 400 with code 23514 naming the constraint', () => {
  test.each([
    ['consultation_requests', booking({ name: ' \t\n ' }), 'consultation_requests_name_not_blank'],
    ['consultation_requests', booking({ name: 'n'.repeat(201) }), 'consultation_requests_name_max_length'],
    ['consultation_requests', booking({ email: 'no-at-sign' }), 'consultation_requests_email_shape'],
    ['consultation_requests', booking({ email: 'two words@example.com' }), 'consultation_requests_email_shape'],
    ['consultation_requests', booking({ email: 'a@b@example.com' }), 'consultation_requests_email_shape'],
    [
      'consultation_requests',
      booking({ email: `${'e'.repeat(309)}@example.com` }),
      'consultation_requests_email_max_length',
    ],
    ['consultation_requests', booking({ company: '   ' }), 'consultation_requests_company_not_blank'],
    ['consultation_requests', booking({ company: 'c'.repeat(201) }), 'consultation_requests_company_max_length'],
    ['consultation_requests', booking({ phone: '1'.repeat(51) }), 'consultation_requests_phone_max_length'],
    ['consultation_requests', booking({ message: 'm'.repeat(5001) }), 'consultation_requests_message_max_length'],
    ['contact_messages', contact({ name: '' }), 'contact_messages_name_not_blank'],
    ['contact_messages', contact({ name: 'n'.repeat(201) }), 'contact_messages_name_max_length'],
    ['contact_messages', contact({ email: '@example.com' }), 'contact_messages_email_shape'],
    ['contact_messages', contact({ email: `${'e'.repeat(309)}@example.com` }), 'contact_messages_email_max_length'],
    ['contact_messages', contact({ company: '' }), 'contact_messages_company_not_blank'],
    ['contact_messages', contact({ company: 'c'.repeat(201) }), 'contact_messages_company_max_length'],
    ['contact_messages', contact({ message: '  ' }), 'contact_messages_message_not_blank'],
    ['contact_messages', contact({ message: 'm'.repeat(5001) }), 'contact_messages_message_max_length'],
  ] as const)('%s refuses %o (%s)', async (table, row, constraint) => {
    const { error, status } = await api.anon.from(table).insert(row);
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '23514', message: expect.stringContaining(constraint) });
    expect(error).toHaveProperty('details');
    expect(error).toHaveProperty('hint');
  });

  test('the limits themselves are accepted', async () => {
    const { error } = await api.anon.from('consultation_requests').insert(
      booking({
        name: 'n'.repeat(200),
        email: `${'e'.repeat(308)}@example.com`,
        company: 'c'.repeat(200),
        phone: '1'.repeat(50),
        message: 'm'.repeat(5000),
      }),
    );
    expect(error).toBeNull();
  });
});

test('a missing required field is 400 with code 23502', async () => {
  const { error, status } = await api.anon
    .from('contact_messages')
    .insert({ name: 'Hal', email: uniqueEmail('missing'), message: null as unknown as string });
  expect(status).toBe(400);
  expect(error?.code).toBe('23502');
});

test('a value of the wrong type for a filter is 400 with code 22P02', async () => {
  const { error, status } = await api.service.from('consultation_requests').select('id').eq('id', 'not-a-uuid');
  expect(status).toBe(400);
  expect(error?.code).toBe('22P02');
});

test('an unknown column is 400 PGRST204', async () => {
  const { error, status } = await api.anon
    .from('contact_messages')
    .insert({ ...contact({}), budget: '1M' } as unknown as ReturnType<typeof contact>);
  expect(status).toBe(400);
  expect(error).toMatchObject({ code: 'PGRST204', message: expect.stringContaining("'budget'") });
});

test('an unknown table is 404 PGRST205', async () => {
  const { error, status } = await api.anon.from('leads' as 'contact_messages').insert(contact({}));
  expect(status).toBe(404);
  expect(error).toMatchObject({ code: 'PGRST205', message: expect.stringContaining("'public.leads'") });
});

describe('keys: 401 PGRST301 unless the JWT is signed with the project secret', () => {
  test.each([
    ['not a JWT', 'definitely-not-a-jwt'],
    [
      'signed with another secret',
      signJwt({ role: 'anon', exp: 4102444800 }, 'another-secret-that-is-at-least-32-characters'),
    ],
    ['an unknown role', signJwt({ role: 'postgres', exp: 4102444800 })],
    ['the anon key with a tampered payload', tamperedAnonKey()],
  ])('%s', async (_label, key) => {
    const { error, status } = await api.clientFor(key).from('contact_messages').insert(contact({}));
    expect(status).toBe(401);
    expect(error?.code).toBe('PGRST301');
  });

  test('an expired JWT is 401 PGRST303', async () => {
    const expired = signJwt({ role: 'anon', exp: Math.floor(Date.now() / 1000) - 60 });
    const { error, status } = await api.clientFor(expired).from('contact_messages').insert(contact({}));
    expect(status).toBe(401);
    expect(error?.code).toBe('PGRST303');
  });

  test('no key at all', async () => {
    const response = await fetch(`${api.url}/rest/v1/contact_messages`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(contact({})),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'PGRST301' });
  });
});

function tamperedAnonKey(): string {
  const [header, , signature] = LOCAL_SUPABASE_ANON_KEY.split('.');
  const payload = Buffer.from(JSON.stringify({ iss: 'supabase-demo', role: 'service_role', exp: 1983812996 })).toString(
    'base64url',
  );
  return `${header}.${payload}.${signature}`;
}

describe('raw HTTP', () => {
  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${api.url}/rest/v1/contact_messages`, {
      method: 'POST',
      headers: {
        apikey: LOCAL_SUPABASE_ANON_KEY,
        Authorization: `Bearer ${LOCAL_SUPABASE_ANON_KEY}`,
        'Content-Type': 'application/json',
        ...headers,
      },
      body,
    });

  test.each(['{"name": ', '', 'null', '"a string"', '[1, 2]'])('malformed JSON %p is 400 PGRST102', async (body) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    const error = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(error).sort()).toEqual(['code', 'details', 'hint', 'message']);
    expect(error.code).toBe('PGRST102');
  });

  test('array elements with different keys (no columns parameter) are 400 PGRST102', async () => {
    const response = await post(JSON.stringify([contact({}), { name: 'x' }]));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'PGRST102' });
  });

  test('a body over 1 MB is 413, and the server keeps serving', async () => {
    const response = await post('a'.repeat(2 * 1024 * 1024));
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'PGRST413' });
    expect((await post(JSON.stringify(contact({})))).status).toBe(201);
  });

  test('Prefer: return=minimal answers 201 with an empty body', async () => {
    const response = await post(JSON.stringify(contact({})), { Prefer: 'return=minimal' });
    expect(response.status).toBe(201);
    expect(await response.text()).toBe('');
  });

  test('CORS preflight allows the headers supabase-js sends', async () => {
    const response = await fetch(`${api.url}/rest/v1/contact_messages`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:8000',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'apikey, authorization, content-type, prefer, x-client-info, content-profile',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    const allowed = response.headers.get('access-control-allow-headers')?.split(/,\s*/) ?? [];
    for (const header of [
      'apikey',
      'authorization',
      'content-type',
      'prefer',
      'x-client-info',
      'accept-profile',
      'content-profile',
      'x-supabase-api-version',
    ]) {
      expect(allowed).toContain(header);
    }
  });

  test('responses carry CORS headers too', async () => {
    const response = await post(JSON.stringify(contact({})), { Origin: 'http://localhost:8000' });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  test('unknown paths and unsupported query syntax get PostgREST-shaped errors', async () => {
    const unknownPath = await fetch(`${api.url}/somewhere/else`);
    expect(unknownPath.status).toBe(404);
    expect(await unknownPath.json()).toMatchObject({ code: 'PGRST125' });

    const badOrder = await api.service
      .from('contact_messages')
      .select('name')
      .order('name; drop table x' as 'name');
    expect(badOrder.status).toBe(400);
    expect(badOrder.error?.code).toBe('42703');
  });
});
