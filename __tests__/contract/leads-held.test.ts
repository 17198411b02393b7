/** @jest-environment node */
// `npm run leads` for held leads (issue 36), against the embedded database: `held` lists them newest first with the
// reason, where each came in and the e-mail address masked; `release <id>` releases one (its notification queued
// once, a second release says so and changes nothing); `retention --held` deletes only the held leads never
// released within the database's setting; the main listing says a held lead is held instead of "none".
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fetchLeads, formatListing, toInertText } from '../../dev/leads';
import { fetchHeldLeads, formatHeldLeads, maskEmail } from '../../dev/leads/held';
import {
  LOCAL_SUPABASE_PUBLISHABLE_KEY,
  LOCAL_SUPABASE_SECRET_KEY,
  REPO_ROOT,
  startTestApi,
  uniqueClientAddress,
  uniqueEmail,
  type TestApi,
} from '../helpers/local-api';

jest.setTimeout(60_000);

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
}, 60_000);
afterAll(() => api?.close());

function runCli(args: string[]) {
  return promisify(execFile)('npx', ['tsx', 'dev/leads.ts', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, SUPABASE_URL: api.url, SUPABASE_SECRET_KEY: LOCAL_SUPABASE_SECRET_KEY },
  }).then(
    (done) => ({ code: 0, ...done }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

/** A lead held by the guard (the trap field filled), sent through the API as the site sends one. */
async function held(
  table: 'consultation_requests' | 'contact_messages',
  name: string,
  attribution?: Record<string, string>,
) {
  const lead = {
    name,
    email: uniqueEmail('held'),
    company: 'Junk Pty Ltd',
    message: 'Buy now',
    honeypot: 'https://spam.example',
    ...(attribution ? { attribution } : {}),
  };
  const client = api.clientFor(LOCAL_SUPABASE_PUBLISHABLE_KEY, { clientAddress: uniqueClientAddress() });
  const { error } = await client.from(table).insert(lead);
  if (error) throw new Error(error.message);
  const [{ id }] = await api.sql<{ id: string }>(`select id from public.${table} where email = $1`, [lead.email]);
  return { ...lead, id };
}

test('masks an e-mail address to its first character and its domain', () => {
  expect(maskEmail('ada.lovelace@example.com')).toBe('a***@example.com');
  expect(maskEmail('x@y')).toBe('x***@y');
  expect(maskEmail('🙂me@example.com')).toBe('🙂***@example.com');
  expect(maskEmail('not-an-address')).toBe('***');
});

test('held lists held leads newest first with reason, source and masked address; release releases once', async () => {
  const older = await held('contact_messages', 'Older Junk', { surface: 'contact_form' });
  await api.sql(`update public.contact_messages set created_at = now() - interval '2 hours' where id = $1`, [older.id]);
  const newer = await held('consultation_requests', 'Newer \u001b[31mJunk', { surface: 'chat' });

  const listed = await fetchHeldLeads(api.service);
  expect(listed.map((lead) => lead.lead_id).slice(0, 2)).toEqual([newer.id, older.id]);
  const text = formatHeldLeads(listed, toInertText);
  expect(text).toContain(`chat  ${maskEmail(newer.email)}  Newer \\u{1b}[31mJunk, Junk Pty Ltd`);
  expect(text).toContain(`/contact form  ${maskEmail(older.email)}  Older Junk`);
  expect(text).toContain("held: the form's hidden trap field was filled · deleted ");
  expect(text).not.toContain(newer.email);

  const cli = await runCli(['held']);
  expect(cli.code).toBe(0);
  expect(cli.stdout).toContain(newer.id);
  expect(cli.stdout).toContain(maskEmail(older.email));
  expect(cli.stdout).not.toContain(older.email);
  expect(cli.stdout).not.toContain('\u001b');

  const listing = formatListing(await fetchLeads(api.service, 'consultation_requests', 50));
  expect(listing).toContain('held (honeypot)');

  const released = await runCli(['release', newer.id]);
  expect(released).toMatchObject({ code: 0 });
  expect(released.stdout).toContain(`Released consultation_requests ${newer.id}`);
  expect(await api.sql(`select status from private.lead_notifications where lead_id = $1`, [newer.id])).toEqual([
    { status: 'pending' },
  ]);
  const again = await runCli(['release', newer.id]);
  expect(again.stdout).toContain('Already released');
  expect(again.stdout).toContain('no second notification');
  expect(await api.sql(`select status from private.lead_notifications where lead_id = $1`, [newer.id])).toHaveLength(1);
  const [{ released_by }] = await api.sql<{ released_by: string }>(
    `select released_by from public.consultation_requests where id = $1`,
    [newer.id],
  );
  expect(released_by).toMatch(/^operator \(.+\)$/);
  expect((await runCli(['held'])).stdout).not.toContain(newer.id);
  expect((await runCli(['held', '--all'])).stdout).toContain(`${newer.id}`);

  const wrong = await runCli(['release', '00000000-0000-4000-8000-000000000000']);
  expect(wrong).toMatchObject({ code: 1 });
  expect(wrong.stdout).toContain('No lead with that id');
  expect(await runCli(['release', 'nonsense'])).toMatchObject({ code: 1 });
  expect(await runCli(['release'])).toMatchObject({ code: 2 });
});

test('retention --held deletes only held leads never released older than the setting; --dry-run deletes nothing', async () => {
  const old = await held('contact_messages', 'Old Junk');
  const recent = await held('contact_messages', 'Recent Junk');
  await api.sql(`update public.contact_messages set created_at = now() - interval '15 days' where id = $1`, [old.id]);
  const dry = await runCli(['retention', '--held', '--dry-run']);
  expect(dry.code).toBe(0);
  expect(dry.stdout).toMatch(
    /Would delete 1 held lead\(s\) never released, received before .* \(held leads are kept 14 days\)/,
  );
  expect(dry.stdout).toContain(maskEmail(old.email));
  expect(await api.sql(`select id from public.contact_messages where id = $1`, [old.id])).toHaveLength(1);

  const real = await runCli(['retention', '--held']);
  expect(real.stdout).toContain('Deleted 1 held lead(s) never released');
  expect(await api.sql(`select id from public.contact_messages where id = $1`, [old.id])).toEqual([]);
  expect(await api.sql(`select id from public.contact_messages where id = $1`, [recent.id])).toHaveLength(1);
  expect(await runCli(['retention', '--held', '--delete'])).toMatchObject({ code: 2 });
});

test('--help documents held, release and retention --held', async () => {
  const { stdout } = await runCli(['--help']);
  expect(stdout).toContain('npm run leads -- held [--all]');
  expect(stdout).toContain('npm run leads -- release <lead id>');
  expect(stdout).toContain('npm run leads -- retention --held [--dry-run]');
});
