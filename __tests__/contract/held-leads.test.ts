/** @jest-environment node */
// Held leads (issue 36, supabase/migrations/20261127100000_held_leads.sql), through the data API on a real
// PostgreSQL server prepared like a hosted project (the same SQL as on npm start's embedded database, which runs a
// sample of the contract suites: POSTGRES_ONLY in ../helpers/local-api.ts): what looks automated (the trap field, a
// burst from one network block, more than the global rate) is stored and held, answered like any other lead, kept
// out of the per-lead notifications and out of the calendar; a release queues its notification exactly once (by an
// operator, or by the digest's link with its secret only); the hourly digest lists the hour's held leads with their
// links; the retention deletes only held leads never released and old enough.
import { createHash } from 'node:crypto';
import { EVERY_HOUR_OF_EVERY_DAY, bookingVisitor, freeSlots, setAvailability } from '../helpers/booking';
import {
  POSTGRES_ONLY,
  LOCAL_SUPABASE_PUBLISHABLE_KEY,
  startTestApi,
  uniqueClientAddress,
  uniqueEmail,
  type TestApi,
} from '../helpers/local-api';

type LeadTable = 'consultation_requests' | 'contact_messages';
type Digest = {
  hour_start: string;
  held: number;
  released: number;
  deleted_since_last: number;
  retention_days: number;
  leads: {
    lead_id: string;
    lead_table: string;
    name: string;
    email: string;
    hold_reason: string;
    release_token: string;
  }[];
};
type Claimed = { job_id: string; claim_token: string; lead_table: string | null; lead_id: string | null };
jest.setTimeout(30_000);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe.each(POSTGRES_ONLY)('on %s', (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ backend });
  }, 90_000);
  afterAll(() => api?.close());

  /** supabase-js for one visitor's connection. */
  const visitor = (clientAddress = uniqueClientAddress()) =>
    api.clientFor(LOCAL_SUPABASE_PUBLISHABLE_KEY, { clientAddress });

  const contact = (label: string, extra: Record<string, unknown> = {}) => ({
    name: `Held ${label}`,
    email: uniqueEmail(label),
    company: 'Acme',
    message: 'Problem: Other',
    ...extra,
  });

  async function row(table: LeadTable, email: string) {
    const [found] = await api.sql<{ id: string; hold_reason: string | null; released_at: string | null }>(
      `select id, hold_reason, released_at from public.${table} where email = $1 and duplicate_of is null`,
      [email],
    );
    return found;
  }

  /** A service_role function the generated types do not list: its answer, or a thrown error. */
  async function serviceRpc<T>(name: string, args: Record<string, unknown> = {}): Promise<T> {
    const { data, error } = await api.service.rpc(name as never, args as never);
    if (error) throw new Error(`${name}: ${error.message} (${error.code})`);
    return data as unknown as T;
  }
  const release = (leadId: string, releasedBy?: string) =>
    serviceRpc<{ status: string; [key: string]: unknown }>('release_held_lead', {
      lead_table: null,
      lead_id: leadId,
      ...(releasedBy ? { released_by: releasedBy } : {}),
    });

  const leadJobs = (leadId: string) =>
    api.sql<{ status: string }>(`select status from private.outbox where lead_id = $1`, [leadId]);

  /** A held lead stored through the API with the trap field filled (the honeypot rule). */
  async function heldLead(table: LeadTable, label: string) {
    const lead = contact(label, { honeypot: 'https://spam.example' });
    const { error } = await visitor().from(table).insert(lead);
    if (error) throw new Error(error.message);
    return { lead, name: lead.name, email: lead.email, ...(await row(table, lead.email)) };
  }

  let networkNumber = 0;
  /** Client addresses of one /24 that no other test uses (100.64.0.0/10, shared address space). */
  const networkOf = () => {
    networkNumber += 1;
    return (host: number) => `100.${64 + (networkNumber >> 8)}.${networkNumber & 255}.${host}`;
  };

  describe('holding, not refusing', () => {
    test('a filled trap field stores the lead held, answered exactly like any other lead, with no notification', async () => {
      const answer = async (lead: ReturnType<typeof contact>) => {
        const { status, statusText, count, error, data } = await visitor()
          .from('contact_messages')
          .insert(lead, { count: 'exact' });
        return { status, statusText, count, error, data };
      };
      const normal = contact('plain');
      const trapped = contact('trapped', { honeypot: 'https://spam.example' });
      const spaces = contact('spaces', { honeypot: '   ' });
      expect(await answer(normal)).toEqual({ status: 201, statusText: 'Created', count: 1, error: null, data: null });
      expect(await answer(trapped)).toEqual(await answer(contact('plain-again')));
      expect(await answer(spaces)).toEqual({ status: 201, statusText: 'Created', count: 1, error: null, data: null });

      const held = await row('contact_messages', trapped.email);
      expect(held.hold_reason).toBe('honeypot');
      expect(await leadJobs(held.id)).toEqual([]);
      expect((await row('contact_messages', spaces.email)).hold_reason).toBeNull();
      expect(await leadJobs((await row('contact_messages', normal.email)).id)).toEqual([{ status: 'pending' }]);
      // A retry of a held lead is a marked duplicate, also without a notification.
      expect((await visitor().from('contact_messages').insert(trapped)).error).toBeNull();
      const [{ count }] = await api.sql<{ count: number }>(
        `select count(*)::int as count from private.outbox n
           join public.contact_messages m on m.id = n.lead_id where m.email = $1`,
        [trapped.email],
      );
      expect(count).toBe(0);
    });

    test('a burst from one network block: the lead arriving after 10 from the block in a minute is held', async () => {
      const address = networkOf();
      for (let host = 1; host <= 10; host++) {
        const lead = contact(`burst${host}`);
        expect((await visitor(address(host)).from('consultation_requests').insert(lead)).error).toBeNull();
        expect((await row('consultation_requests', lead.email)).hold_reason).toBeNull();
      }
      const eleventh = contact('burst11');
      const answer = await visitor(address(11)).from('consultation_requests').insert(eleventh);
      expect(answer).toMatchObject({ status: 201, error: null });
      expect((await row('consultation_requests', eleventh.email)).hold_reason).toBe('network_burst');
      // Counted per table, and only for that block.
      const elsewhere = contact('other-block');
      expect((await visitor().from('consultation_requests').insert(elsewhere)).error).toBeNull();
      expect((await row('consultation_requests', elsewhere.email)).hold_reason).toBeNull();
      const otherTable = contact('other-table');
      expect((await visitor(address(12)).from('contact_messages').insert(otherTable)).error).toBeNull();
      expect((await row('contact_messages', otherTable.email)).hold_reason).toBeNull();
    });

    test('IPv6 addresses in one /48 are one block; another /48 is not', async () => {
      const block = `2001:db8:${(0x100 + networkNumber++).toString(16)}`;
      for (let subnet = 1; subnet <= 10; subnet++) {
        const answer = await visitor(`${block}:${subnet.toString(16)}::1`)
          .from('contact_messages')
          .insert(contact(`v6-${subnet}`));
        expect(answer.error).toBeNull();
      }
      const sameBlock = contact('v6-same');
      await visitor(`${block}:ff::9`).from('contact_messages').insert(sameBlock);
      expect((await row('contact_messages', sameBlock.email)).hold_reason).toBe('network_burst');
      const otherBlock = contact('v6-other');
      await visitor(`2001:db8:ffff:1::1`).from('contact_messages').insert(otherBlock);
      expect((await row('contact_messages', otherBlock.email)).hold_reason).toBeNull();
    });

    test('only the guard holds and releases: a visitor cannot send the hold columns', async () => {
      const lead = contact('forged');
      for (const forged of [{ hold_reason: 'x' }, { released_at: new Date().toISOString() }, { network_hash: 'x' }]) {
        const { status, error } = await visitor()
          .from('contact_messages')
          .insert({ ...lead, ...forged });
        expect({ status, code: error?.code }).toEqual({ status: 401, code: '42501' });
      }
    });
  });

  describe('release', () => {
    test('queues the normal notification exactly once; a second release, by command or at once, changes nothing', async () => {
      const held = await heldLead('consultation_requests', 'release');
      const first = await release(held.id, 'test');
      expect(first).toMatchObject({ status: 'released', lead_table: 'consultation_requests', lead_id: held.id });
      expect(await leadJobs(held.id)).toEqual([{ status: 'pending' }]);
      const again = await Promise.all([release(held.id, 'test'), release(held.id, 'test')]);
      expect(again.map((answer) => answer.status)).toEqual(['already_released', 'already_released']);
      expect(await leadJobs(held.id)).toEqual([{ status: 'pending' }]);
      const [stored] = await api.sql<{ released_by: string; hold_reason: string }>(
        `select released_by, hold_reason from public.consultation_requests where id = $1`,
        [held.id],
      );
      expect(stored).toEqual({ released_by: 'test', hold_reason: 'honeypot' });
      // The notification's lead says it was held and released.
      await api.sql(`update private.outbox set status = 'sent' where lead_id <> $1`, [held.id]);
      const claim = await api.service.rpc('claim_lead_notifications', { batch_size: 100 });
      const job = (claim.data ?? []).find((claimed) => claimed.lead_id === held.id);
      expect(job?.lead).toMatchObject({ hold_reason: 'honeypot', released_by: 'test' });
    });

    test('answers not_found and not_held, and only to the service role', async () => {
      const normal = contact('not-held');
      await visitor().from('contact_messages').insert(normal);
      const { id } = await row('contact_messages', normal.email);
      expect(await release(id)).toMatchObject({ status: 'not_held' });
      expect(await release('00000000-0000-4000-8000-000000000000')).toEqual({ status: 'not_found' });
      const held = await heldLead('contact_messages', 'anon-release');
      for (const [name, args] of [
        ['release_held_lead', { lead_table: 'contact_messages', lead_id: held.id }],
        ['held_leads', {}],
        ['delete_expired_held_leads', { dry_run: true }],
        ['held_lead_digest', { job_id: held.id, claim_token: held.id }],
      ] as const) {
        const { error } = await visitor().rpc(name as never, args as never);
        expect({ name, code: error?.code }).toEqual({ name, code: '42501' });
      }
      expect((await row('contact_messages', held.email)).released_at).toBeNull();
    });
  });

  describe('bookings', () => {
    beforeAll(() => setAvailability(api, { weeklyHours: EVERY_HOUR_OF_EVERY_DAY, minimumNotice: '1 hour' }));

    test('a held request cannot hold a time (the answer for no request) until it is released', async () => {
      const booker = await bookingVisitor(api, { withRequest: false });
      const request = { name: 'Booker', email: booker.email, company: 'Acme', honeypot: 'filled' };
      const client = api.clientFor(LOCAL_SUPABASE_PUBLISHABLE_KEY, { clientAddress: booker.clientAddress });
      expect((await client.from('consultation_requests').insert(request)).error).toBeNull();
      const { id, hold_reason } = await row('consultation_requests', booker.email);
      expect(hold_reason).toBe('honeypot');

      const [slot] = await freeSlots(booker);
      const hold = () =>
        booker.call('hold_booking_slot', {
          email: booker.email,
          starts_at: slot.starts_at,
          visitor_time_zone: 'Australia/Sydney',
        });
      expect(await hold()).toEqual({ status: 'no_request' });
      expect(await api.sql(`select id from private.bookings where request_id = $1`, [id])).toEqual([]);

      await release(id);
      const held = await hold();
      expect(held.status).toBe('held');
      expect(await booker.call('confirm_booking', { hold_id: held.hold_id, email: booker.email })).toMatchObject({
        status: 'booked',
      });
    });
  });

  describe('the hourly digest', () => {
    /** Only the digest of the current hour is due: every other job counts as sent. */
    async function onlyDigestDue() {
      await api.sql(
        `update private.outbox
            set status = case when kind = 'held_digest' and digest_hour = date_trunc('hour', now(), 'UTC')
                              then 'pending' else 'sent' end,
                next_attempt_at = now() - interval '1 second'
          where queue = 'lead_notification'`,
      );
    }
    const claimAll = async () =>
      (await api.service.rpc('claim_lead_notifications', { batch_size: 100 })).data as Claimed[];
    const digestOf = (job: Claimed) =>
      serviceRpc<Digest | null>('held_lead_digest', { job_id: job.job_id, claim_token: job.claim_token });

    test('one job per hour with held leads, listing them with release links that work once, the same on a retry', async () => {
      const first = await heldLead('consultation_requests', 'digest-a');
      const second = await heldLead('contact_messages', 'digest-b');
      const released = await heldLead('contact_messages', 'digest-c');
      await release(released.id);
      const [{ count }] = await api.sql<{ count: number }>(
        `select count(*)::int as count from private.outbox
          where kind = 'held_digest' and digest_hour = date_trunc('hour', now(), 'UTC')`,
      );
      expect(count).toBe(1);
      const [due] = await api.sql<{ due: boolean }>(
        `select next_attempt_at = digest_hour + interval '1 hour 1 minute' as due from private.outbox
          where kind = 'held_digest' and digest_hour = date_trunc('hour', now(), 'UTC')`,
      );
      expect(due.due).toBe(true);

      await onlyDigestDue();
      const [job] = await claimAll();
      expect(job).toMatchObject({ lead_table: null, lead_id: null });
      expect(await digestOf({ ...job, claim_token: '00000000-0000-4000-8000-000000000000' })).toBeNull();
      const digest = (await digestOf(job))!;
      expect(Date.parse(digest.hour_start) % 3_600_000).toBe(0);
      const listed = new Map(digest.leads.map((lead) => [lead.lead_id, lead]));
      expect(listed.get(first.id)).toMatchObject({ name: first.name, email: first.email, hold_reason: 'honeypot' });
      expect(listed.get(second.id)).toMatchObject({ lead_table: 'contact_messages', name: second.name });
      expect(listed.has(released.id)).toBe(false);
      expect(digest.released).toBeGreaterThanOrEqual(1);
      expect(digest.held).toBe(digest.leads.length + digest.released);
      expect(digest.retention_days).toBe(14);
      const token = listed.get(first.id)!.release_token;
      expect(token).toMatch(/^[0-9a-f]{64}$/);
      // Stored hashed, never as it is.
      const [stored] = await api.sql<{ hash: string; plain: number }>(
        `select release_token_hash as hash,
                (select count(*)::int from public.consultation_requests where release_token_hash = $2) as plain
           from public.consultation_requests where id = $1`,
        [first.id, token],
      );
      expect(stored).toEqual({ hash: sha256(token), plain: 0 });

      // A failed attempt and its retry: the same links.
      await api.service.rpc('fail_lead_notification', {
        job_id: job.job_id,
        claim_token: job.claim_token,
        error: 'HTTP 500',
        retry_in_seconds: 1,
      });
      await onlyDigestDue();
      const [retry] = await claimAll();
      const again = (await digestOf(retry))!;
      expect(again.leads.find((lead) => lead.lead_id === first.id)?.release_token).toBe(token);
      await api.service.rpc('complete_lead_notification', { job_id: retry.job_id, claim_token: retry.claim_token });
      const [settled] = await api.sql<{ status: string; payload: unknown }>(
        `select status, payload from private.outbox where id = $1`,
        [retry.job_id],
      );
      expect(settled).toEqual({ status: 'sent', payload: null });

      // The link: anon sees who and when with the secret, nothing without it, and releases once.
      const page = visitor();
      const rpc = async (name: 'held_lead_for_release' | 'release_held_lead_by_token', args: { token: string }) => {
        const { data, error } = await page.rpc(name, args);
        expect(error).toBeNull();
        return data as Record<string, unknown>;
      };
      for (const wrong of ['', 'x', token.slice(1), sha256(token), token.toUpperCase()]) {
        expect(await rpc('held_lead_for_release', { token: wrong })).toEqual({ status: 'not_found' });
        expect(await rpc('release_held_lead_by_token', { token: wrong })).toEqual({ status: 'not_found' });
      }
      expect(await rpc('held_lead_for_release', { token })).toMatchObject({
        status: 'held',
        name: first.name,
        company: 'Acme',
        hold_reason: 'honeypot',
      });
      expect(await rpc('held_lead_for_release', { token })).not.toHaveProperty('email');
      expect(await rpc('release_held_lead_by_token', { token })).toMatchObject({
        status: 'released',
        name: first.name,
      });
      expect(await rpc('release_held_lead_by_token', { token })).toMatchObject({ status: 'already_released' });
      expect(await rpc('held_lead_for_release', { token })).toMatchObject({ status: 'released' });
      expect(await leadJobs(first.id)).toEqual([{ status: 'pending' }]);
      const [{ released_by }] = await api.sql<{ released_by: string }>(
        `select released_by from public.consultation_requests where id = $1`,
        [first.id],
      );
      expect(released_by).toBe('release link');
    });

    test('an hour without a held lead has no digest', async () => {
      await api.sql(`delete from private.outbox where kind = 'held_digest'`);
      await visitor().from('contact_messages').insert(contact('quiet-hour'));
      expect(await api.sql(`select id from private.outbox where kind = 'held_digest'`)).toEqual([]);
      await heldLead('contact_messages', 'noisy-hour');
      await heldLead('consultation_requests', 'noisy-hour-2');
      expect(await api.sql(`select id from private.outbox where kind = 'held_digest'`)).toHaveLength(1);
    });
  });

  describe('retention', () => {
    const age = (table: LeadTable, id: string, days: number) =>
      api.sql(`update public.${table} set created_at = now() - make_interval(days => $2) where id = $1`, [id, days]);

    test('deletes only held leads never released, older than the setting, with their retries; the digest counts them', async () => {
      const old = await heldLead('contact_messages', 'old-junk');
      expect((await visitor().from('contact_messages').insert(old.lead)).error).toBeNull(); // a retry: marked
      const recent = await heldLead('contact_messages', 'recent-junk');
      const released = await heldLead('consultation_requests', 'old-released');
      await release(released.id);
      const normal = contact('old-normal');
      await visitor().from('contact_messages').insert(normal);
      const normalRow = await row('contact_messages', normal.email);
      await age('contact_messages', old.id, 15);
      await api.sql(
        `update public.contact_messages set created_at = now() - interval '15 days' where duplicate_of = $1`,
        [old.id],
      );
      await age('contact_messages', recent.id, 13);
      await age('consultation_requests', released.id, 15);
      await age('contact_messages', normalRow.id, 15);

      type Retention = { deleted: number; leads: { lead_id: string }[] };
      const dryRun = await serviceRpc<Retention>('delete_expired_held_leads', { dry_run: true });
      expect(dryRun.deleted).toBe(0);
      expect(dryRun.leads.map((lead) => lead.lead_id)).toContain(old.id);
      expect(await api.sql(`select id from public.contact_messages where email = $1`, [old.email])).toHaveLength(2);

      const real = await serviceRpc<Retention>('delete_expired_held_leads');
      expect(real.leads.map((lead) => lead.lead_id)).toEqual(dryRun.leads.map((lead) => lead.lead_id));
      expect(real.deleted).toBe(real.leads.length);
      expect(await api.sql(`select id from public.contact_messages where email = $1`, [old.email])).toEqual([]);
      for (const [table, email] of [
        ['contact_messages', recent.email],
        ['consultation_requests', released.email],
        ['contact_messages', normal.email],
      ] as const) {
        expect(await api.sql(`select id from public.${table} where email = $1`, [email])).toHaveLength(1);
      }
      const [purge] = await api.sql<{ deleted: number }>(
        `select deleted from private.held_lead_purges order by id desc limit 1`,
      );
      expect(purge.deleted).toBe(real.deleted);

      // The next digest reports the deletions since the last one, once.
      await api.sql(`delete from private.outbox where kind = 'held_digest'`);
      await heldLead('contact_messages', 'after-purge');
      await api.sql(
        `update private.outbox set status = case when kind = 'held_digest' then 'pending' else 'sent' end,
                next_attempt_at = now() - interval '1 second'
          where queue = 'lead_notification'`,
      );
      const [job] = (await api.service.rpc('claim_lead_notifications', { batch_size: 100 })).data as Claimed[];
      const digest = await serviceRpc<Digest>('held_lead_digest', { job_id: job.job_id, claim_token: job.claim_token });
      expect(digest.deleted_since_last).toBeGreaterThanOrEqual(real.deleted);
      const [{ unreported }] = await api.sql<{ unreported: number }>(
        `select count(*)::int as unreported from private.held_lead_purges where reported_in is null`,
      );
      expect(unreported).toBe(0);
    });
  });
});
