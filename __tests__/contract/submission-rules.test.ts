/** @jest-environment node */
// The two rules the database enforces on every submission: a retried identical submission is accepted
// without a second row, and one e-mail address cannot submit more than 5 times an hour per form.
import { startTestApi, uniqueEmail, type TestApi } from '../helpers/local-api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
}, 60_000);
afterAll(() => api?.close());

type LeadTable = 'consultation_requests' | 'contact_messages';

async function storedCount(table: LeadTable, email: string): Promise<number> {
  const [{ count }] = await api.sql<{ count: number }>(
    `select count(*)::int as count from public.${table} where lower(email) = lower($1)`,
    [email],
  );
  return count;
}

/** Moves this address's stored rows into the past, as if time had passed. */
async function age(table: LeadTable, email: string, minutes: number): Promise<void> {
  await api.sql(
    `update public.${table} set created_at = created_at - make_interval(mins => $2) where lower(email) = lower($1)`,
    [email, minutes],
  );
}

describe('duplicate rule', () => {
  test('an identical submission within 10 minutes succeeds (201, no error) without a second row', async () => {
    const lead = { name: 'Ivy', email: uniqueEmail('retry'), company: 'Acme', phone: '1', message: 'Call me' };
    const first = await api.anon.from('consultation_requests').insert(lead);
    const retry = await api.anon.from('consultation_requests').insert(lead);
    expect([first.status, first.error, retry.status, retry.error]).toEqual([201, null, 201, null]);
    expect(await storedCount('consultation_requests', lead.email)).toBe(1);
  });

  test('identical objects in one array insert are stored once', async () => {
    const lead = { name: 'Jo', email: uniqueEmail('array-retry'), message: 'Hi' };
    const { error } = await api.anon.from('contact_messages').insert([lead, lead]);
    expect(error).toBeNull();
    expect(await storedCount('contact_messages', lead.email)).toBe(1);
  });

  test('any difference in any field, including letter case, is a new submission', async () => {
    const email = uniqueEmail('Different');
    const lead = { name: 'Kim', email, company: 'Acme', message: 'Hello' };
    await api.anon.from('contact_messages').insert(lead);
    await api.anon.from('contact_messages').insert({ ...lead, message: 'Hello!' });
    await api.anon.from('contact_messages').insert({ ...lead, email: email.toLowerCase() });
    const { company: _omitted, ...withoutCompany } = lead;
    await api.anon.from('contact_messages').insert(withoutCompany);
    expect(await storedCount('contact_messages', email)).toBe(4);
  });

  test('the same submission after 10 minutes is stored again', async () => {
    const lead = { name: 'Lee', email: uniqueEmail('later'), company: 'Acme' };
    await api.anon.from('consultation_requests').insert(lead);
    await age('consultation_requests', lead.email, 11);
    const { error } = await api.anon.from('consultation_requests').insert(lead);
    expect(error).toBeNull();
    expect(await storedCount('consultation_requests', lead.email)).toBe(2);
  });

  test('the same submission to the other table is not a duplicate', async () => {
    const lead = { name: 'Max', email: uniqueEmail('both'), company: 'Acme', message: 'Hi' };
    await api.anon.from('consultation_requests').insert(lead);
    await api.anon.from('contact_messages').insert(lead);
    expect(await storedCount('consultation_requests', lead.email)).toBe(1);
    expect(await storedCount('contact_messages', lead.email)).toBe(1);
  });
});

describe('rate limit', () => {
  const submit = (table: LeadTable, email: string, index: number) =>
    api.anon.from(table).insert({ name: `Ned ${index}`, email, company: 'Acme', message: `Request ${index}` });

  test('the 6th submission from one address within an hour is refused with 400 P0001 and a clear message', async () => {
    const email = uniqueEmail('Busy');
    for (let index = 0; index < 5; index++) {
      // Mixed case: the limit is per address, whatever the capitalisation.
      const { error } = await submit('contact_messages', index % 2 ? email.toUpperCase() : email, index);
      expect(error).toBeNull();
    }
    const sixth = await submit('contact_messages', email, 5);
    expect(sixth.status).toBe(400);
    expect(sixth.error).toMatchObject({
      code: 'P0001',
      message: 'Too many submissions from this e-mail address: at most 5 per hour are accepted.',
      hint: expect.stringContaining('Wait an hour'),
    });
    expect(await storedCount('contact_messages', email)).toBe(5);

    // Counted per table: the booking form is still open to this address.
    expect((await submit('consultation_requests', email, 6)).error).toBeNull();
  });

  test('retries of an identical submission do not use up the limit', async () => {
    const lead = { name: 'Oz', email: uniqueEmail('retries'), company: 'Acme' };
    for (let attempt = 0; attempt < 8; attempt++) {
      expect((await api.anon.from('consultation_requests').insert(lead)).error).toBeNull();
    }
    expect(await storedCount('consultation_requests', lead.email)).toBe(1);
  });

  test('an hour later the address may submit again', async () => {
    const email = uniqueEmail('patient');
    for (let index = 0; index < 5; index++) await submit('consultation_requests', email, index);
    expect((await submit('consultation_requests', email, 5)).error?.code).toBe('P0001');
    await age('consultation_requests', email, 61);
    expect((await submit('consultation_requests', email, 6)).error).toBeNull();
  });
});
