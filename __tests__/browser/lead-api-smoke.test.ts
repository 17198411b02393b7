// The browser tests' build and data API agree: the build sends leads to the staging address, and this worker's API
// listens at the address openPage sends those calls on to.
import { buildEnv, type LeadApi, startLeadApi, TEST_API_URL, toWorkerApi } from './setup/test-env';

let api: LeadApi;
beforeAll(async () => (api = await startLeadApi()));
afterAll(() => api?.close());

it('listens on the URL the test build was configured with, and stores an anonymous insert', async () => {
  expect(buildEnv.GATSBY_SUPABASE_URL).toBe(TEST_API_URL);
  expect(api.url).toBe(toWorkerApi(TEST_API_URL));
  const row = { name: 'Smoke Test', email: 'smoke@example.com', company: 'Acme', phone: '1', message: '' };
  const { error } = await api.anon.from('consultation_requests').insert(row);
  expect(error).toBeNull();
  const { data } = await api.service.from('consultation_requests').select('name,email');
  expect(data).toEqual([{ name: 'Smoke Test', email: 'smoke@example.com' }]);
});
