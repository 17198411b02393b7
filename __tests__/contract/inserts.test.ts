/** @jest-environment node */
// Inserts made the way the site makes them (supabase-js, anon key) are stored exactly as sent.
import {
  LOCAL_SUPABASE_PUBLISHABLE_KEY,
  startTestApi,
  uniqueEmail,
  type TestApi,
  BACKENDS,
} from '../helpers/local-api';

describe.each(BACKENDS)('on %s', (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ backend });
  }, 60_000);
  afterAll(() => api?.close());

  async function storedConsultations(email: string) {
    const { data, error } = await api.service.from('consultation_requests').select('*').eq('email', email);
    expect(error).toBeNull();
    return data ?? [];
  }

  test('a booking is stored exactly as sent, with server-side id and timestamp', async () => {
    const lead = {
      name: "  Zoë <b>O'Brien</b>  ",
      email: uniqueEmail('Exact'),
      company: 'Ünïcode & Co "quoted"; drop table x; --',
      phone: '+61 (0)2 1234 5678',
      message: 'Line one\nLine two\t<script>alert(1)</script> 🚀 مرحبا',
    };
    const { error, status, data } = await api.anon.from('consultation_requests').insert(lead);
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toBeNull();

    const [row] = await storedConsultations(lead.email);
    expect(row).toMatchObject(lead);
    expect(row.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(Math.abs(Date.parse(row.created_at) - Date.now())).toBeLessThan(60_000);
  });

  test('phone and message default to the empty string when omitted (chat without a phone number)', async () => {
    const email = uniqueEmail('defaults');
    const { error } = await api.anon.from('consultation_requests').insert({ name: 'Ann', email, company: 'Acme' });
    expect(error).toBeNull();
    expect(await storedConsultations(email)).toEqual([expect.objectContaining({ phone: '', message: '' })]);
  });

  test('a contact message without company stores company as null', async () => {
    const email = uniqueEmail('contact');
    const message = 'Problem: Lead capture and qualification\nDetails: none';
    const { error, status } = await api.anon.from('contact_messages').insert({ name: 'Bo', email, message });
    expect(error).toBeNull();
    expect(status).toBe(201);
    const { data } = await api.service
      .from('contact_messages')
      .select('name, email, company, message')
      .eq('email', email);
    expect(data).toEqual([{ name: 'Bo', email, company: null, message }]);
  });

  test('an array of one lead is stored (the columns parameter supabase-js sends for arrays)', async () => {
    const email = uniqueEmail('array-one');
    const { error, status } = await api.anon
      .from('contact_messages')
      .insert([{ name: 'A', email, company: 'One', message: 'first' }]);
    expect(error).toBeNull();
    expect(status).toBe(201);
    const rows = await api.service.from('contact_messages').select('email').eq('email', email);
    expect(rows.data).toEqual([{ email }]);
  });

  test('a key named in columns but missing from the object is NULL, or the default with Prefer: missing=default', async () => {
    // What supabase-js relies on for arrays (defaultToNull); one lead per request, so one object here.
    const email = uniqueEmail('missing');
    const post = (prefer: string) =>
      fetch(`${api.url}/rest/v1/consultation_requests?columns=%22name%22,%22email%22,%22company%22,%22phone%22`, {
        method: 'POST',
        headers: {
          apikey: LOCAL_SUPABASE_PUBLISHABLE_KEY,
          'Content-Type': 'application/json',
          Prefer: prefer,
          'cf-connecting-ip': '203.0.113.77',
        },
        body: JSON.stringify({ name: 'B', email, company: 'Acme' }),
      });
    const withNulls = await post('return=minimal');
    expect(withNulls.status).toBe(400);
    expect(((await withNulls.json()) as { code: string }).code).toBe('23502');
    expect(await storedConsultations(email)).toEqual([]);

    expect((await post('return=minimal, missing=default')).status).toBe(201);
    expect((await storedConsultations(email)).map((row) => row.phone)).toEqual(['']);
  });

  test('asking for the inserted row back is refused for anon, and nothing is stored', async () => {
    const email = uniqueEmail('representation');
    const { error, status, data } = await api.anon
      .from('consultation_requests')
      .insert({ name: 'Cy', email, company: 'Acme' })
      .select();
    expect(status).toBe(401);
    expect(error?.code).toBe('42501');
    expect(data).toBeNull();
    expect(await storedConsultations(email)).toEqual([]);
  });

  test('200 parallel inserts all land', async () => {
    const emails = Array.from({ length: 200 }, (_, index) => uniqueEmail(`parallel-${index}`));
    const results = await Promise.all(
      emails.map((email, index) =>
        api.anon.from('contact_messages').insert({ name: `Visitor ${index}`, email, message: `Message ${index}` }),
      ),
    );
    expect(results.filter((result) => result.error !== null || result.status !== 201)).toEqual([]);
    const [{ stored }] = await api.sql<{ stored: number }>(
      `select count(*)::int as stored from public.contact_messages where email = any($1::text[])`,
      [emails],
    );
    expect(stored).toBe(200);
  }, 30_000);
});
