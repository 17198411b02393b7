/** @jest-environment node */
// The operator tools beside `npm run leads`, against the local database: erasure by e-mail address and the
// retention period (delete or de-identify), each with a dry run that changes nothing; the hosted-only schedule.
import { runDevCommand } from '../helpers/dev-command';
import fs from 'node:fs';
import path from 'node:path';
import { attributionLine } from '../../dev/leads/attribution-line';
import { eraseLeadsOf } from '../../dev/leads/erase';
import { policyRetentionMonths } from '../../dev/leads/operator-commands';
import { DEIDENTIFIED_EMAIL, applyRetention, cutoffFor } from '../../dev/leads/retention';
import { REPO_ROOT, startTestApi, uniqueEmail, type TestApi } from '../helpers/local-api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
}, 60_000);
afterAll(() => api?.close());

type Row = { t: string; name: string; email: string; company: string | null; message: string; attribution: unknown };

/** Every stored lead, both tables, in a stable order. */
const snapshot = () =>
  api.sql<Row>(
    `select 'c' as t, name, email, company, message, attribution from consultation_requests union all
     select 'm', name, email, company, message, attribution from contact_messages order by 1, 2, 3`,
  );

async function insertBoth(name: string, email: string, attribution?: Record<string, string>) {
  const lead = { name, email, company: 'Acme', message: 'Hello', ...(attribution ? { attribution } : {}) };
  for (const result of await Promise.all([
    api.anon.from('consultation_requests').insert(lead),
    api.anon.from('contact_messages').insert(lead),
  ])) {
    if (result.error) throw new Error(result.error.message);
  }
}

async function clearAll() {
  await api.sql('delete from consultation_requests');
  await api.sql('delete from contact_messages');
}

describe('erase <email>', () => {
  beforeEach(clearAll);

  test('finds the address in both tables whatever its case; a dry run changes nothing; the real run deletes exactly those', async () => {
    const target = uniqueEmail('Erase.Me');
    await insertBoth('Ada', target);
    await insertBoth('Ada again', ` ${target.toUpperCase()}`.trim());
    await insertBoth('Someone else', uniqueEmail('keep'));
    const before = await snapshot();

    const dry = await eraseLeadsOf(api.service, `  ${target.toLowerCase()} `, { dryRun: true });
    expect(dry.deleted).toBe(0);
    expect(dry.matched.map((lead) => [lead.table, lead.name]).sort()).toEqual([
      ['consultation_requests', 'Ada'],
      ['consultation_requests', 'Ada again'],
      ['contact_messages', 'Ada'],
      ['contact_messages', 'Ada again'],
    ]);
    expect(await snapshot()).toEqual(before);

    const real = await eraseLeadsOf(api.service, target, { dryRun: false });
    expect(real.deleted).toBe(4);
    expect(await snapshot()).toEqual(before.filter((row) => row.name === 'Someone else'));
  });

  test('refuses something that is not an address, deleting nothing', async () => {
    await insertBoth('Ada', uniqueEmail('ada'));
    const before = await snapshot();
    await expect(eraseLeadsOf(api.service, 'ada', { dryRun: false })).rejects.toThrow('not an e-mail address');
    expect(await snapshot()).toEqual(before);
  });
});

describe('retention', () => {
  const now = new Date();
  const attribution = { surface: 'contact_form', landing_page: '/?utm_source=news', utm_source: 'news' };

  beforeEach(async () => {
    await clearAll();
    await insertBoth('Old', uniqueEmail('old'), attribution);
    await insertBoth('Recent', uniqueEmail('recent'));
    // 25 months ago and 23 months ago, straight in the database (visitors cannot choose a timestamp).
    await api.sql(`update consultation_requests set created_at = now() - interval '25 months' where name = 'Old'`);
    await api.sql(`update contact_messages set created_at = now() - interval '25 months' where name = 'Old'`);
    await api.sql(`update consultation_requests set created_at = now() - interval '23 months' where name = 'Recent'`);
    await api.sql(`update contact_messages set created_at = now() - interval '23 months' where name = 'Recent'`);
  });

  test('cutoffFor counts calendar months or days back', () => {
    const at = new Date('2026-11-23T10:00:00Z');
    expect(cutoffFor('24m', at).toISOString()).toBe('2024-11-23T10:00:00.000Z');
    expect(cutoffFor('30d', at).toISOString()).toBe('2026-10-24T10:00:00.000Z');
    expect(() => cutoffFor('2 years', at)).toThrow('like 24m or 30d');
    expect(() => cutoffFor('0m', at)).toThrow('like 24m or 30d');
  });

  test('a dry run lists the old leads and changes nothing', async () => {
    const before = await snapshot();
    for (const mode of ['delete', 'deidentify'] as const) {
      const result = await applyRetention(api.service, { cutoff: cutoffFor('24m', now), mode, dryRun: true });
      expect(result.matched.map((lead) => [lead.table, lead.name])).toEqual([
        ['consultation_requests', 'Old'],
        ['contact_messages', 'Old'],
      ]);
      expect(result.changed).toBe(0);
    }
    expect(await snapshot()).toEqual(before);
  });

  test('--delete removes exactly the leads older than the period', async () => {
    const before = await snapshot();
    const result = await applyRetention(api.service, { cutoff: cutoffFor('24m', now), mode: 'delete', dryRun: false });
    expect(result.changed).toBe(2);
    expect(await snapshot()).toEqual(before.filter((row) => row.name === 'Recent'));
  });

  test('--deidentify replaces the personal fields of exactly those, keeps the attribution, and is idempotent', async () => {
    const before = await snapshot();
    const result = await applyRetention(api.service, {
      cutoff: cutoffFor('24m', now),
      mode: 'deidentify',
      dryRun: false,
    });
    expect(result.changed).toBe(2);
    expect(await snapshot()).toEqual(
      expect.arrayContaining([
        { t: 'c', name: 'Removed', email: DEIDENTIFIED_EMAIL, company: 'Removed', message: '', attribution },
        { t: 'm', name: 'Removed', email: DEIDENTIFIED_EMAIL, company: null, message: 'Removed', attribution },
        ...before.filter((row) => row.name === 'Recent'),
      ]),
    );
    expect((await snapshot()).some((row) => row.name === 'Old')).toBe(false);
    const again = await applyRetention(api.service, {
      cutoff: cutoffFor('24m', now),
      mode: 'deidentify',
      dryRun: false,
    });
    expect(again.changed).toBe(0);
  });
});

describe('hosted-only schedule', () => {
  const migration = fs.readFileSync(
    path.join(REPO_ROOT, 'supabase/migrations/20261123120000_lead_attribution.sql'),
    'utf8',
  );

  test('deletes after the retention period the privacy policy states (content/site.json)', () => {
    expect(migration).toContain(`private.delete_expired_leads(interval '${policyRetentionMonths()} months')`);
  });

  test('is skipped by the local database (no pg_cron), whose migration still applies', async () => {
    expect(
      await api.sql(`select name from local_api.applied_migrations where name like '%_lead_attribution.sql'`),
    ).toEqual([{ name: '20261123120000_lead_attribution.sql' }]);
    expect(await api.sql(`select 1 from pg_namespace where nspname = 'cron'`)).toEqual([]);
  });

  test('its function deletes the expired leads of both tables, and visitors cannot call it', async () => {
    await clearAll();
    await insertBoth('Old', uniqueEmail('old'));
    await insertBoth('Recent', uniqueEmail('recent'));
    await api.sql(`update consultation_requests set created_at = now() - interval '25 months' where name = 'Old'`);
    await api.sql(`update contact_messages set created_at = now() - interval '25 months' where name = 'Old'`);
    const [{ removed }] = await api.sql<{ removed: number }>(
      `select private.delete_expired_leads(interval '24 months') as removed`,
    );
    expect(removed).toBe(2);
    expect((await snapshot()).map((row) => row.name)).toEqual(['Recent', 'Recent']);
    const [{ allowed }] = await api.sql<{ allowed: boolean }>(
      `select has_function_privilege('anon', 'private.delete_expired_leads(interval)', 'execute') as allowed`,
    );
    expect(allowed).toBe(false);
  });
});

describe('npm run leads', () => {
  test('shows where each lead came from', () => {
    expect(
      attributionLine(
        {
          surface: 'booking_form',
          landing_page: '/services?utm_source=newsletter',
          referrer: 'https://news.example.com',
          utm_source: 'newsletter',
          submitted_from: '/book',
        },
        (text) => text,
      ),
    ).toBe(
      'Came from: via booking_form · landed on /services?utm_source=newsletter · referred by https://news.example.com · utm_source newsletter · sent from /book',
    );
    expect(attributionLine(null, (text) => text)).toBe('Came from: no attribution');
  });

  test('--help documents erase and retention', async () => {
    const { stdout } = await runDevCommand('dev/leads.ts', ['--help'], 'http://127.0.0.1:9');
    expect(stdout).toContain('npm run leads -- erase <email> [--dry-run]');
    expect(stdout).toContain('npm run leads -- retention (--delete | --deidentify) [--older-than 24m] [--dry-run]');
    expect(stdout).toContain(`(${policyRetentionMonths()} months)`);
  }, 30_000);
});
