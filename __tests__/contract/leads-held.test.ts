/** @jest-environment node */
// `npm run leads` for held leads (issue 36), against the embedded database: `held` lists them newest first with the
// reason, where each came in and the e-mail address masked; `release <id>` releases one (its notification queued
// once, a second release says so and changes nothing); `retention --held` deletes only the held leads never
// released within the database's setting; the main listing says a held lead is held instead of "none"; `held
// --reason --hour` lists what an hourly digest counted without listing; leads that took a person's time to send come
// first, each with how long it took.
import { runDevCommand } from '../helpers/dev-command';
import { fetchLeads, formatListing } from '../../dev/leads';
import { toInertText } from '../../supabase/functions/_shared/inert-text';
import { fetchHeldLeads, formatHeldLeads, maskEmail, parseHeldHour, parseHeldReasons } from '../../dev/leads/held';
import { mintChallenge, readChallengeSecret } from '../helpers/lead-challenge';
import {
  LOCAL_SUPABASE_PUBLISHABLE_KEY,
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

const runCli = (args: string[]) => runDevCommand('dev/leads.ts', args, api.url);

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
  // Their proof-of-work was valid (the guard checks it whatever else holds a lead): sent at once, as scripts do.
  expect(text).toMatch(/held: the form's hidden trap field was filled · sent [0-4] s after starting · deleted /);
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
  expect(await api.sql(`select status from private.outbox where lead_id = $1`, [newer.id])).toEqual([
    { status: 'pending' },
  ]);
  const again = await runCli(['release', newer.id]);
  expect(again.stdout).toContain('Already released');
  expect(again.stdout).toContain('no second notification');
  expect(await api.sql(`select status from private.outbox where lead_id = $1`, [newer.id])).toHaveLength(1);
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

test('held --reason and --hour list what an hourly digest counted without listing', async () => {
  const [{ hour }] = await api.sql<{ hour: string }>(
    `select to_char(date_trunc('hour', now(), 'UTC') - interval '3 hours', 'YYYY-MM-DD"T"HH24:MI"Z"') as hour`,
  );
  const traffic = await held('contact_messages', 'Traffic Visitor');
  const trap = await held('contact_messages', 'Trap Junk');
  const otherHour = await held('contact_messages', 'Other Hour Visitor');
  await api.sql(
    `update public.contact_messages set created_at = $2::timestamptz + interval '10 minutes',
            hold_reason = 'over_global_rate' where id = $1`,
    [traffic.id, hour],
  );
  await api.sql(
    `update public.contact_messages set created_at = $2::timestamptz + interval '20 minutes' where id = $1`,
    [trap.id, hour],
  );
  await api.sql(
    `update public.contact_messages set created_at = $2::timestamptz - interval '50 minutes',
            hold_reason = 'over_global_rate' where id = $1`,
    [otherHour.id, hour],
  );

  const one = await runCli(['held', '--reason', 'over_global_rate', '--hour', hour]);
  expect(one.code).toBe(0);
  expect(one.stdout).toContain(`Held leads held for over_global_rate, received ${hour.slice(0, 10)} `);
  expect(one.stdout).toContain(traffic.id);
  expect(one.stdout).not.toContain(trap.id);
  expect(one.stdout).not.toContain(otherHour.id);

  // The digest's command names several reasons; a time inside the hour means the hour.
  const inside = hour.replace(':00Z', ':42:07Z');
  const both = await runCli(['held', '--reason', 'over_global_rate,honeypot', '--hour', inside]);
  expect(both.stdout).toContain('Held leads held for over_global_rate or honeypot');
  expect(both.stdout).toContain(traffic.id);
  expect(both.stdout).toContain(trap.id);
  expect(both.stdout).not.toContain(otherHour.id);
  expect(both.stdout.indexOf(trap.id)).toBeLessThan(both.stdout.indexOf(traffic.id));

  const anyHour = await fetchHeldLeads(api.service, false, { reasons: ['over_global_rate'] });
  expect(anyHour.map((lead) => lead.lead_id)).toEqual(expect.arrayContaining([traffic.id, otherHour.id]));
  expect(anyHour.every((lead) => lead.hold_reason === 'over_global_rate')).toBe(true);

  expect((await runCli(['held', '--reason', 'no_challenge', '--hour', hour])).stdout).toContain(
    'No held leads held for no_challenge',
  );
  expect(await runCli(['held', '--reason', 'Robert); drop'])).toMatchObject({ code: 2 });
  expect(await runCli(['held', '--hour', 'yesterday'])).toMatchObject({ code: 2 });
});

test("held lists those that took a person's time first, however old, each with how long it took", async () => {
  const secret = await readChallengeSecret(api.sql);
  /** A lead with a valid challenge issued `secondsAgo` before it, then held for the traffic. */
  async function timed(name: string, secondsAgo: number) {
    const lead = {
      name,
      email: uniqueEmail('timed'),
      company: 'Timed Co',
      message: 'Hello',
      challenge: mintChallenge(secret, { expiresIn: 600 - secondsAgo }).payload,
    };
    const client = api.clientFor(LOCAL_SUPABASE_PUBLISHABLE_KEY, {
      clientAddress: uniqueClientAddress(),
      challenge: false,
    });
    const { error } = await client.from('contact_messages').insert(lead);
    if (error) throw new Error(error.message);
    const [{ id }] = await api.sql<{ id: string }>(
      `update public.contact_messages set hold_reason = 'over_global_rate' where email = $1 returning id`,
      [lead.email],
    );
    return id;
  }
  const person = await timed('Patient Person', 95);
  const script = await timed('Quick Script', 1);

  const listed = await fetchHeldLeads(api.service, false, { reasons: ['over_global_rate'] });
  const ids = listed.map((lead) => lead.lead_id);
  expect(ids.indexOf(person)).toBeLessThan(ids.indexOf(script));
  expect(listed.find((lead) => lead.lead_id === person)?.seconds_to_send).toBeGreaterThanOrEqual(94);
  expect(listed.find((lead) => lead.lead_id === script)?.seconds_to_send).toBeLessThanOrEqual(3);
  const text = formatHeldLeads(listed, toInertText);
  expect(text).toMatch(
    /held: more submissions a minute than the form normally receives · sent 9[4-7] s after starting/,
  );
  expect(text).toContain('those sent 5 s or more after starting first, then newest first');

  const cli = await runCli(['held']);
  expect(cli.stdout.indexOf(person)).toBeLessThan(cli.stdout.indexOf(script));
});

test('--hour means the UTC clock hour of the time given', () => {
  expect(parseHeldHour('2026-11-23T11:37:12Z')).toEqual(new Date('2026-11-23T11:00:00Z'));
  expect(parseHeldHour('2026-11-23T22:37+11:00')).toEqual(new Date('2026-11-23T11:00:00Z'));
  expect(parseHeldHour('11:00')).toMatch(/--hour takes an ISO time/);
  expect(parseHeldReasons('over_global_rate, network_burst')).toEqual(['over_global_rate', 'network_burst']);
  expect(parseHeldReasons(',')).toMatch(/--reason takes hold reasons/);
});

test('--help documents held, release and retention --held', async () => {
  const { stdout } = await runCli(['--help']);
  expect(stdout).toContain('npm run leads -- held [--all] [--reason <reason>[,<reason>…]] [--hour <ISO time>]');
  expect(stdout).toContain('npm run leads -- release <lead id>');
  expect(stdout).toContain('npm run leads -- retention --held [--dry-run]');
});
