/** @jest-environment node */
// The notification outbox (supabase/migrations/20261123110000_lead_notifications.sql): one job per stored
// lead, none for a retried duplicate, closed to visitors, and the claim/complete/fail protocol the
// notify-leads Edge Function uses through the data API with the service key.
import { fetchLeads, formatListing } from '../../dev/leads';
import {
  LOCAL_SUPABASE_PUBLISHABLE_KEY,
  signJwt,
  startTestApi,
  uniqueEmail,
  type Backend,
  type TestApi,
} from '../helpers/local-api';

type Job = { id: string; lead_table: string; lead_id: string; status: string; attempts: number };

function booking(label: string) {
  return { name: 'Ada Lovelace', email: uniqueEmail(label), company: 'Analytical Engines', phone: '', message: '' };
}

async function jobsFor(api: TestApi, leadIds: string[]) {
  return api.sql<Job>(
    `select id, lead_table, lead_id, status, attempts from private.outbox where lead_id = any ($1::uuid[])`,
    [leadIds],
  );
}

async function idsOf(api: TestApi, table: string, email: string): Promise<string[]> {
  const rows = await api.sql<{ id: string }>(`select id from public.${table} where email = $1 order by created_at`, [
    email,
  ]);
  return rows.map((row) => row.id);
}

/**
 * Makes every job due now except those of other tests, so a claim takes exactly the given leads' jobs. A job that
 * waits for its lead's next minute (leads sent in quick succession) is due as if the minute had passed.
 */
async function onlyDue(api: TestApi, leadIds: string[]) {
  await api.sql(
    `update private.outbox set status = case when lead_id = any ($1::uuid[]) then 'pending' else 'sent' end,
            next_attempt_at = now() - interval '1 second',
            settle_until = case when settle_until is null then null else now() - interval '1 second' end
      where queue = 'lead_notification' and (status <> 'sent' or lead_id = any ($1::uuid[]))`,
    [leadIds],
  );
}

describe('on the local API (PGlite)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ backend: 'pglite' });
  }, 60_000);
  afterAll(() => api?.close());

  test('every stored lead gets exactly one job, from the forms and the chat alike, without personal data', async () => {
    const consultation = booking('NotifyBook');
    const contact = { name: 'Grace Hopper', email: uniqueEmail('NotifyContact'), message: 'Problem: Other' };
    expect((await api.anon.from('consultation_requests').insert(consultation)).error).toBeNull();
    expect((await api.anon.from('contact_messages').insert(contact)).error).toBeNull();
    const [bookingId] = await idsOf(api, 'consultation_requests', consultation.email);
    const [contactId] = await idsOf(api, 'contact_messages', contact.email);

    const jobs = await jobsFor(api, [bookingId, contactId]);
    expect(
      jobs.map(({ lead_table, lead_id, status, attempts }) => ({ lead_table, lead_id, status, attempts })),
    ).toEqual(
      expect.arrayContaining([
        { lead_table: 'consultation_requests', lead_id: bookingId, status: 'pending', attempts: 0 },
        { lead_table: 'contact_messages', lead_id: contactId, status: 'pending', attempts: 0 },
      ]),
    );
    expect(jobs).toHaveLength(2);
    const columns = await api.sql<{ column_name: string }>(
      `select column_name from information_schema.columns
        where table_schema = 'private' and table_name = 'outbox'`,
    );
    const personal = /^(name|email|company|phone|message)$/;
    expect(columns.map((column) => column.column_name).filter((name) => personal.test(name))).toEqual([]);
  });

  test('a retried identical submission, stored as a duplicate, enqueues nothing', async () => {
    const lead = booking('NotifyRetry');
    const visitor = api.clientFor(LOCAL_SUPABASE_PUBLISHABLE_KEY, { clientAddress: '203.0.113.41' });
    expect((await visitor.from('consultation_requests').insert(lead)).error).toBeNull();
    expect((await visitor.from('consultation_requests').insert(lead)).error).toBeNull();
    const ids = await idsOf(api, 'consultation_requests', lead.email);
    const jobs = await jobsFor(api, ids);
    expect(jobs).toHaveLength(1);
    const [original] = await api.sql<{ id: string }>(
      `select id from public.consultation_requests where email = $1 and duplicate_of is null`,
      [lead.email],
    );
    expect(jobs[0].lead_id).toBe(original.id);
  });

  test('deleting a lead deletes its job', async () => {
    const lead = booking('NotifyErase');
    expect((await api.anon.from('consultation_requests').insert(lead)).error).toBeNull();
    const ids = await idsOf(api, 'consultation_requests', lead.email);
    expect(await jobsFor(api, ids)).toHaveLength(1);
    await api.sql(`delete from public.consultation_requests where email = $1`, [lead.email]);
    expect(await jobsFor(api, ids)).toEqual([]);
  });

  test('visitors can neither read, write nor claim the outbox', async () => {
    const visitors = {
      anon: api.anon,
      authenticated: api.clientFor(signJwt({ role: 'authenticated', sub: 'someone' })),
    };
    for (const [role, client] of Object.entries(visitors)) {
      const [privileges] = await api.sql<Record<string, boolean>>(
        `select has_schema_privilege($1, 'private', 'usage') as usage,
                has_table_privilege($1, 'private.outbox', 'select,insert,update,delete') as any_table,
                has_function_privilege($1, 'public.claim_lead_notifications(integer, integer)', 'execute') as claim,
                has_function_privilege($1, 'public.complete_lead_notification(uuid, uuid, text)', 'execute') as complete,
                has_function_privilege($1, 'public.fail_lead_notification(uuid, uuid, text, integer)', 'execute') as fail,
                has_function_privilege($1, 'public.lead_notification_statuses(uuid[])', 'execute') as statuses,
                has_function_privilege($1, 'public.weekly_summary(uuid, uuid)', 'execute') as weekly_summary,
                has_function_privilege($1, 'private.queue_weekly_summary()', 'execute') as queue_weekly_summary`,
        [role],
      );
      // Usage on the private schema was given to visitors with the booking functions (issue 33,
      // 20261125100000_booking.sql), which they call there; no privilege on the outbox or its functions is (nor on
      // the weekly summary's, 20261202140000_weekly_summary.sql).
      expect(privileges).toEqual({
        usage: true,
        any_table: false,
        claim: false,
        complete: false,
        fail: false,
        statuses: false,
        weekly_summary: false,
        queue_weekly_summary: false,
      });
      const claim = await client.rpc('claim_lead_notifications', { batch_size: 100 });
      expect(claim.error?.code).toBe('42501');
      expect(claim.data).toBeNull();
      const statuses = await client.rpc('lead_notification_statuses', {});
      expect(statuses.error?.code).toBe('42501');
      const direct = await client
        .schema('private' as 'public')
        .from('outbox' as 'contact_messages')
        .select();
      expect(direct.error).not.toBeNull();
      expect(direct.data).toBeNull();
    }
  });

  test('claim, fail with backoff, re-claim after the lease expires, complete once', async () => {
    const lead = booking('NotifyFlow');
    expect((await api.anon.from('consultation_requests').insert(lead)).error).toBeNull();
    const ids = await idsOf(api, 'consultation_requests', lead.email);
    await onlyDue(api, ids);

    const first = await api.service.rpc('claim_lead_notifications', { batch_size: 10, lease_seconds: 60 });
    expect(first.error).toBeNull();
    expect(first.data).toHaveLength(1);
    const [job] = first.data ?? [];
    expect(job).toMatchObject({ lead_table: 'consultation_requests', lead_id: ids[0], attempts: 1 });
    expect(job.lead).toMatchObject({ id: ids[0], name: lead.name, email: lead.email, company: lead.company });
    // Claimed: a second run finds nothing.
    expect((await api.service.rpc('claim_lead_notifications', {})).data).toEqual([]);

    // A failure schedules a retry; the job is not due before then.
    const failed = await api.service.rpc('fail_lead_notification', {
      job_id: job.job_id,
      claim_token: job.claim_token,
      error: 'HTTP 503 from the e-mail API',
      retry_in_seconds: 30,
    });
    expect(failed).toMatchObject({ error: null, data: true });
    const [pending] = await api.sql<{ status: string; wait: number; last_error: string }>(
      `select status, extract(epoch from next_attempt_at - now())::int as wait, last_error
         from private.outbox where id = $1`,
      [job.job_id],
    );
    expect(pending).toEqual({
      status: 'pending',
      wait: expect.any(Number),
      last_error: 'HTTP 503 from the e-mail API',
    });
    expect(pending.wait).toBeGreaterThan(25);
    expect((await api.service.rpc('claim_lead_notifications', {})).data).toEqual([]);

    // Due again; this run "crashes" after claiming (never completes); after its lease another run takes it.
    await onlyDue(api, ids);
    const crashed = (await api.service.rpc('claim_lead_notifications', { lease_seconds: 60 })).data ?? [];
    expect(crashed).toHaveLength(1);
    expect((await api.service.rpc('claim_lead_notifications', {})).data).toEqual([]);
    await api.sql(`update private.outbox set next_attempt_at = now() - interval '1 second' where id = $1`, [
      job.job_id,
    ]);
    const reclaimed = (await api.service.rpc('claim_lead_notifications', { lease_seconds: 60 })).data ?? [];
    expect(reclaimed).toHaveLength(1);
    expect(reclaimed[0]).toMatchObject({ job_id: job.job_id, attempts: 3 });
    expect(reclaimed[0].claim_token).not.toBe(crashed[0].claim_token);

    // The crashed run's late answer no longer counts; the current claimer's does, once.
    const late = await api.service.rpc('complete_lead_notification', {
      job_id: job.job_id,
      claim_token: crashed[0].claim_token,
      provider_message_id: 'late',
    });
    expect(late.data).toBe(false);
    const done = { job_id: job.job_id, claim_token: reclaimed[0].claim_token, provider_message_id: 'msg_1' };
    expect((await api.service.rpc('complete_lead_notification', done)).data).toBe(true);
    expect((await api.service.rpc('complete_lead_notification', done)).data).toBe(false);

    const statuses = await api.service.rpc('lead_notification_statuses', { lead_ids: ids });
    expect(statuses.error).toBeNull();
    expect(statuses.data).toEqual([
      expect.objectContaining({ lead_id: ids[0], status: 'sent', attempts: 3, sent_at: expect.any(String) }),
    ]);
    // `npm run leads` shows it: sent (when), after two failed attempts.
    const listing = await fetchLeads(api.service, 'consultation_requests', 50);
    const row = listing.rows.find((candidate) => candidate.id === ids[0]);
    expect(row?.notification).toMatch(/^sent \d{4}-\d\d-\d\d \d\d:\d\d:\d\d, after 2 failed attempts$/);
    expect(formatListing(listing)).toContain('Notification');
  });

  test('a job is marked dead with its last error after 24 hours of retries, or at once on a permanent failure', async () => {
    const old = booking('NotifyDead');
    const invalid = booking('NotifyPermanent');
    for (const lead of [old, invalid]) {
      expect((await api.anon.from('consultation_requests').insert(lead)).error).toBeNull();
    }
    const [oldId] = await idsOf(api, 'consultation_requests', old.email);
    const [invalidId] = await idsOf(api, 'consultation_requests', invalid.email);
    await api.sql(
      `update private.outbox set created_at = now() - interval '24 hours 1 second', deliver_by = now() - interval '1 second'
        where lead_id = $1`,
      [oldId],
    );
    await onlyDue(api, [oldId, invalidId]);
    const jobs = (await api.service.rpc('claim_lead_notifications', {})).data ?? [];
    expect(jobs).toHaveLength(2);
    for (const job of jobs) {
      const permanent = job.lead_id === invalidId;
      const { data } = await api.service.rpc('fail_lead_notification', {
        job_id: job.job_id,
        claim_token: job.claim_token,
        error: permanent ? 'HTTP 422: invalid from address' : 'network error',
        retry_in_seconds: permanent ? null : 60,
      });
      expect(data).toBe(true);
    }
    const rows = await api.sql<{ lead_id: string; status: string; last_error: string }>(
      `select lead_id, status, last_error from private.outbox where lead_id = any ($1::uuid[]) order by 3`,
      [[oldId, invalidId]],
    );
    expect(rows).toEqual([
      { lead_id: invalidId, status: 'dead', last_error: 'HTTP 422: invalid from address' },
      { lead_id: oldId, status: 'dead', last_error: 'network error' },
    ]);
    const listing = await fetchLeads(api.service, 'consultation_requests', 50);
    const shown = (id: string) => listing.rows.find((row) => row.id === id)?.notification;
    expect(shown(invalidId)).toBe('dead after 1 failed attempt: HTTP 422: invalid from address');
    expect(shown(oldId)).toBe('dead after 1 failed attempt: network error');
  });

  test('the hosted scheduling migration applies cleanly where pg_cron and pg_net are not available', async () => {
    const applied = await api.sql<{ name: string }>(`select name from local_api.applied_migrations order by name`);
    expect(applied.map((row) => row.name)).toContain('20261123110100_lead_notifications_schedule.sql');
  });
});

describe.each<Backend>(['postgres'])('on a real multi-connection PostgreSQL server (%s)', (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ backend });
  }, 90_000);
  afterAll(() => api?.close());

  test('concurrent claimers never take the same job', async () => {
    const leads = Array.from({ length: 40 }, (_, index) => booking(`NotifyConcurrent${index}`));
    for (const lead of leads) expect((await api.anon.from('consultation_requests').insert(lead)).error).toBeNull();
    const ids = (
      await api.sql<{ id: string }>(`select id from public.consultation_requests where email = any ($1::text[])`, [
        leads.map((lead) => lead.email),
      ])
    ).map((row) => row.id);
    await onlyDue(api, ids);

    // A run that has claimed and not yet finished leaves its jobs to nobody else: the next run gets others.
    const firstRun = (await api.service.rpc('claim_lead_notifications', { batch_size: 3 })).data ?? [];
    const secondRun = (await api.service.rpc('claim_lead_notifications', { batch_size: 3 })).data ?? [];
    expect(firstRun).toHaveLength(3);
    expect(secondRun).toHaveLength(3);
    const claimedFirst = [...firstRun, ...secondRun].map((job) => String(job.lead_id));
    expect(new Set(claimedFirst).size).toBe(6);

    // Eight runs at once, each claiming small batches until the queue is empty. How the work is shared between
    // them is the scheduler's business; what counts is that no job is taken twice and none is left.
    const runs = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const taken: string[] = [];
        for (;;) {
          const { data, error } = await api.service.rpc('claim_lead_notifications', { batch_size: 3 });
          expect(error).toBeNull();
          if (!data || data.length === 0) return taken;
          taken.push(...data.map((job) => String(job.lead_id)));
        }
      }),
    );
    const all = [...claimedFirst, ...runs.flat()];
    expect(new Set(all).size).toBe(all.length);
    expect([...all].sort()).toEqual([...ids].sort());
  });
});
