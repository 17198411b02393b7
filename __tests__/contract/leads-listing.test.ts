/** @jest-environment node */
// `npm run leads` reads both tables newest first and prints what visitors typed as inert text.
import { fetchLeads, formatListing } from '../../dev/leads';
import { toInertText } from '../../supabase/functions/_shared/inert-text';
import { startTestApi, uniqueEmail, type TestApi } from '../helpers/local-api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
}, 60_000);
afterAll(() => api?.close());

test('lists stored leads newest first, without retries marked as duplicates, markup and control characters printed as text', async () => {
  const older = uniqueEmail('older');
  const newer = uniqueEmail('newer');
  const olderLead = { name: 'Older', email: older, company: 'Acme', phone: '1' };
  await api.anon.from('consultation_requests').insert(olderLead);
  await api.anon.from('consultation_requests').insert(olderLead); // a retry: marked as a duplicate, not listed
  await api.anon.from('consultation_requests').insert({
    name: 'Newer \u001b[31m',
    email: newer,
    company: '<b>Bold</b>',
    message: 'first line\nsecond line',
  });

  const listing = await fetchLeads(api.service, 'consultation_requests', 10);
  expect(listing.rows.map((row) => row.email)).toEqual([newer, older]);

  const text = formatListing(listing);
  expect(text).toContain('consultation_requests: 2 rows, newest first');
  expect(text.indexOf('Newer')).toBeLessThan(text.indexOf('Older'));
  expect(text).toContain('<b>Bold</b>');
  expect(text).toContain('Newer \\u{1b}[31m');
  expect(text).not.toContain('\u001b');
  expect(text).toContain('    first line\n    second line');
});

test('an empty table says so', async () => {
  expect(formatListing(await fetchLeads(api.service, 'contact_messages', 10))).toMatch(/^contact_messages: no rows/);
});

test('reading with the anon key fails loudly rather than printing nothing', async () => {
  await expect(fetchLeads(api.anon, 'contact_messages', 10)).rejects.toThrow(/permission denied/);
});

test('toInertText neutralises terminal escapes and bidi overrides but keeps newlines and ordinary text', () => {
  expect(toInertText('a\u0007b\u202ec\nd é 🚀')).toBe('a\\u{7}b\\u{202e}c\nd é 🚀');
});
