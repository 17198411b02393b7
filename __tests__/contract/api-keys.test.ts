/** @jest-environment node */
// Today's Supabase keys and the legacy ones: the local API maps the publishable key to anon and the secret
// key to service_role, as the hosted gateway does, and still accepts the legacy anon/service_role JWTs.
import {
  LOCAL_SUPABASE_ANON_KEY,
  LOCAL_SUPABASE_PUBLISHABLE_KEY,
  LOCAL_SUPABASE_SECRET_KEY,
  LOCAL_SUPABASE_SERVICE_ROLE_KEY,
  startTestApi,
  uniqueEmail,
  type TestApi,
} from '../helpers/local-api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
}, 60_000);
afterAll(() => api?.close());

test.each([
  ['publishable key', LOCAL_SUPABASE_PUBLISHABLE_KEY],
  ['legacy anon key', LOCAL_SUPABASE_ANON_KEY],
])('the %s submits a lead and cannot read leads back', async (_name, key) => {
  const client = api.clientFor(key);
  const email = uniqueEmail('key');
  expect((await client.from('contact_messages').insert({ name: 'Kay', email, message: 'Hi' })).error).toBeNull();
  const read = await client.from('contact_messages').select('email');
  expect(read.error?.code).toBe('42501');
});

test.each([
  ['secret key', LOCAL_SUPABASE_SECRET_KEY],
  ['legacy service_role key', LOCAL_SUPABASE_SERVICE_ROLE_KEY],
])('the %s reads leads back', async (_name, key) => {
  const email = uniqueEmail('reader');
  await api.anon.from('contact_messages').insert({ name: 'Rea', email, message: 'Hi' });
  const { data, error } = await api.clientFor(key).from('contact_messages').select('email').eq('email', email);
  expect(error).toBeNull();
  expect(data).toEqual([{ email }]);
});

test.each(['sb_publishable_not-this-project', 'sb_secret_guessed'])(
  'an unknown key (%s) is refused with 401',
  async (key) => {
    const { status, error } = await api
      .clientFor(key)
      .from('contact_messages')
      .insert({ name: 'X', email: uniqueEmail('x'), message: 'x' });
    expect(status).toBe(401);
    expect(error?.message).toBe('Invalid API key');
  },
);
