/** @jest-environment node */
// How crm-sync works through the CRM changes (issue 46, supabase/schemas/crm/functions/crm_sync.sql) on a real
// PostgreSQL server prepared like a hosted project: what a claim carries; the order per person and target (two
// requests with the same address in different case, a cancel behind its create); remote ids stored only by the
// claim's holder and handed back; retries; a pause that tells the team once and waits for a resume; a 410 that turns
// a target off; the sync state and a retry for `npm run leads`; and two runners at once never taking the same change.
import { EVERY_HOUR_OF_EVERY_DAY, setAvailability } from '../helpers/booking';
import { resetBookingClock, setBookingClock } from '../helpers/booking-clock';
import {
  bookCall,
  claimChanges,
  completeChange,
  crmJobs,
  drain,
  failChange,
  resetCrm,
  sendLead,
  serviceRpc,
  turnOn,
  type ClaimedChange,
} from '../helpers/crm-outbox';
import { POSTGRES_ONLY, startTestApi, uniqueEmail, type TestApi } from '../helpers/local-api';
import type { CrmSyncState, CrmTargetState } from '../../dev/leads/crm';

jest.setTimeout(60_000);

type LeadNotification = { job_id: string; kind: string; payload: Record<string, unknown> | null };

const summary = (claimed: ClaimedChange[]) => claimed.map((job) => `${job.target}:${job.change}`);

describe.each(POSTGRES_ONLY)('crm-sync’s calls on %s', (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ backend });
    await setAvailability(api, { weeklyHours: EVERY_HOUR_OF_EVERY_DAY, minimumNotice: '0', maxCallsPerDay: 100 });
    await api.sql('update private.booking_settings set flood_after_requests = 1000');
    // Every lead goes at once (no minute's wait to be judged: crm-outbox.test.ts covers that).
    await api.sql('update private.lead_guard_settings set settle_after_per_minute = 1000');
  }, 90_000);
  afterAll(() => api?.close());
  beforeEach(async () => {
    await resetBookingClock(api);
    await resetCrm(api);
  });

  const syncState = (leadId: string | null = null) =>
    serviceRpc<CrmSyncState[]>(api, 'crm_sync_state', leadId === null ? {} : { lead_ids: [leadId] });
  const crmFailedMessages = () =>
    api.sql<{ id: string; idempotency_key: string; payload: Record<string, unknown> }>(
      `select id, idempotency_key, payload from private.outbox
        where queue = 'lead_notification' and kind = 'crm_failed' order by queue_position`,
    );
  const target = (name: string) =>
    api
      .sql<{
        paused_at: Date | null;
        paused_reason: string | null;
        turned_off_at: Date | null;
        turned_off_reason: string | null;
      }>(
        'select paused_at, paused_reason, turned_off_at, turned_off_reason from private.crm_targets where target = $1',
        [name],
      )
      .then((rows) => rows[0]);

  test('a claim carries the lead, the call as it is now, the change as it was written and the remote ids', async () => {
    await turnOn(api, 'hubspot');
    const contactEmail = uniqueEmail('crm-claim');
    const contactId = await sendLead(api, 'contact_messages', contactEmail, {
      attribution: { utm_source: 'newsletter' },
    });
    const [contact] = await claimChanges(api);
    expect(contact).toMatchObject({
      target: 'hubspot',
      change: 'lead.created',
      attempts: 1,
      booking: null,
      remote: {},
      snapshot: {
        sequence: null,
        starts_at: null,
        ends_at: null,
        previous_starts_at: null,
        outcome: null,
        recorded_at: null,
      },
    });
    expect(contact.lead).toEqual({
      table: 'contact_messages',
      id: contactId,
      created_at: expect.any(String),
      request: 'demo',
      name: 'Grace Hopper',
      email: contactEmail,
      company: null,
      phone: null,
      message: 'Problem: Other',
      attribution: { utm_source: 'newsletter' },
    });
    expect(await completeChange(api, contact)).toBe(true);

    const call = await bookCall(api);
    await api.sql(`update private.booking_hosts set email = 'host@example.com', time_zone = 'Europe/London'`);
    const [lead] = await claimChanges(api);
    expect(lead.lead).toMatchObject({ table: 'consultation_requests', request: 'strategy_call', company: 'Acme' });
    expect(lead.lead.phone).toBeNull();
    expect(await completeChange(api, lead)).toBe(true);
    // The call moved after its booking.created was written: the claim carries the call as it is now, the snapshot
    // as it was.
    await api.sql(
      `update private.bookings set starts_at = starts_at + interval '1 hour', ends_at = ends_at + interval '1 hour',
              blocked = private.blocked_range(starts_at + interval '1 hour') where id = $1`,
      [call.bookingId],
    );
    const [created] = await claimChanges(api);
    expect(created.change).toBe('booking.created');
    expect(created.snapshot).toMatchObject({ sequence: 0, previous_starts_at: null, outcome: null });
    expect(new Date(created.snapshot.starts_at as string).getTime()).toBe(new Date(call.startsAt).getTime());
    expect(created.booking).toMatchObject({
      id: call.bookingId,
      status: 'booked',
      sequence: 1,
      visitor_time_zone: 'America/New_York',
      host: { name: 'The Brightlane team', email: 'host@example.com', time_zone: 'Europe/London' },
      outcome: null,
    });
    expect(new Date(created.booking!.starts_at as string).getTime()).toBe(new Date(call.startsAt).getTime() + 3600_000);
  });

  test('two requests with the same address in different case share the person’s order: the later waits for the earlier', async () => {
    await turnOn(api, 'hubspot', 'webhook');
    const local = `Same.Person.${Date.now()}`;
    const firstId = await sendLead(api, 'consultation_requests', `${local}@Example.COM`);
    const secondId = await sendLead(api, 'contact_messages', `${local.toLowerCase()}@example.com`);
    const jobs = await crmJobs(api, [firstId, secondId]);
    const keys = new Map(jobs.map((job) => [`${job.crm_target}:${job.lead_id}`, job.ordering_key]));
    expect(keys.get(`hubspot:${firstId}`)).toBe(keys.get(`hubspot:${secondId}`));
    expect(keys.get(`webhook:${firstId}`)).toBe(keys.get(`webhook:${secondId}`));

    const first = await claimChanges(api);
    expect(first.map((job) => [job.target, job.lead.id])).toEqual([
      ['hubspot', firstId],
      ['webhook', firstId],
    ]);
    // Being sent: the later is not handed out.
    expect(await claimChanges(api)).toEqual([]);
    // Failed and waiting to be retried: still not.
    const hubspotFirst = first.find((job) => job.target === 'hubspot')!;
    expect(await failChange(api, hubspotFirst, 'HTTP 503', { retry_in_seconds: 30 })).toBe(true);
    expect(
      await completeChange(
        api,
        first.find((job) => job.target === 'webhook')!,
      ),
    ).toBe(true);
    const afterWebhook = await claimChanges(api);
    expect(afterWebhook.map((job) => [job.target, job.lead.id])).toEqual([['webhook', secondId]]);
    expect(await completeChange(api, afterWebhook[0])).toBe(true);

    await setBookingClock(api, Date.now() + 31_000);
    const retried = await claimChanges(api);
    expect(retried.map((job) => [job.target, job.lead.id, job.attempts])).toEqual([['hubspot', firstId, 2]]);
    expect(await completeChange(api, retried[0])).toBe(true);
    expect((await claimChanges(api)).map((job) => [job.target, job.lead.id])).toEqual([['hubspot', secondId]]);
  });

  test('a cancel is not claimable while its create is pending', async () => {
    await turnOn(api, 'pipedrive');
    const call = await bookCall(api);
    expect((await call.visitor.call('cancel_booking', { token: call.token })).status).toBe('cancelled');
    const [lead] = await claimChanges(api);
    expect(lead.change).toBe('lead.created');
    expect(await completeChange(api, lead)).toBe(true);
    const [created, ...rest] = await claimChanges(api);
    expect([created.change, rest]).toEqual(['booking.created', []]);
    expect(await failChange(api, created, 'timeout', { retry_in_seconds: 60 })).toBe(true);
    expect(await claimChanges(api)).toEqual([]);

    await setBookingClock(api, Date.now() + 61_000);
    expect(summary(await claimChanges(api))).toEqual(['pipedrive:booking.created']);
    expect(await claimChanges(api)).toEqual([]);
    const [state] = (await syncState(call.leadId)).filter((row) => row.change === 'booking.created');
    expect(state).toMatchObject({ status: 'sending', attempts: 2, last_error: 'timeout' });
  });

  test('a remote id is stored only by the claim’s holder and handed back with the next change', async () => {
    await turnOn(api, 'hubspot');
    const call = await bookCall(api);
    const [lead] = await claimChanges(api);
    const record = (job: ClaimedChange, kind: string, remoteId: string, claimToken = job.claim_token) =>
      serviceRpc<boolean>(api, 'record_crm_remote_id', {
        job_id: job.job_id,
        claim_token: claimToken,
        kind,
        remote_id: remoteId,
      });
    expect(await record(lead, 'contact', 'contact-1', '00000000-0000-4000-8000-000000000000')).toBe(false);
    expect(await record(lead, 'contact', 'contact-0')).toBe(true);
    expect(await record(lead, 'contact', 'contact-1')).toBe(true);
    expect(await completeChange(api, lead)).toBe(true);
    expect(await record(lead, 'note', 'note-1')).toBe(false);

    const [created] = await claimChanges(api);
    expect(created.change).toBe('booking.created');
    expect(created.remote).toEqual({ contact: 'contact-1' });
    expect(await record(created, 'meeting', 'meeting-1')).toBe(true);
    // The claim's lease ran out and another run took the change: the first run's late calls no longer count.
    await api.sql(`update private.outbox set lease_expires_at = now(), next_attempt_at = now() where id = $1`, [
      created.job_id,
    ]);
    const [again] = await claimChanges(api);
    expect(again.job_id).toBe(created.job_id);
    expect(again.remote).toEqual({ contact: 'contact-1', meeting: 'meeting-1' });
    expect(await record(created, 'meeting', 'meeting-2')).toBe(false);
    expect(await completeChange(api, created)).toBe(false);
    expect(await completeChange(api, again)).toBe(true);

    expect((await call.visitor.call('cancel_booking', { token: call.token })).status).toBe('cancelled');
    const [cancelled] = await claimChanges(api);
    expect([cancelled.change, cancelled.remote]).toEqual([
      'booking.cancelled',
      { contact: 'contact-1', meeting: 'meeting-1' },
    ]);
    const [state] = (await syncState(call.leadId)).filter((row) => row.change === 'booking.cancelled');
    expect(state.remote).toEqual({ contact: 'contact-1', meeting: 'meeting-1' });
  });

  test('a pause: the target’s changes wait (not lost), the team is told once per pause, a resume makes them due', async () => {
    await turnOn(api, 'hubspot', 'webhook');
    const firstId = await sendLead(api, 'contact_messages', uniqueEmail('crm-pause-1'));
    const secondId = await sendLead(api, 'contact_messages', uniqueEmail('crm-pause-2'));
    const claimed = await claimChanges(api);
    expect(summary(claimed).sort()).toEqual([
      'hubspot:lead.created',
      'hubspot:lead.created',
      'webhook:lead.created',
      'webhook:lead.created',
    ]);
    const [hubspotFirst, hubspotSecond] = claimed.filter((job) => job.target === 'hubspot');
    expect(await failChange(api, hubspotFirst, 'HTTP 401: reconnect HubSpot', { stop: 'pause' })).toBe(true);
    expect(await failChange(api, hubspotSecond, 'HTTP 401: reconnect HubSpot', { stop: 'pause' })).toBe(true);
    for (const job of claimed.filter((change) => change.target === 'webhook')) {
      expect(await completeChange(api, job)).toBe(true);
    }
    const paused = await target('hubspot');
    expect(paused.paused_reason).toBe('HTTP 401: reconnect HubSpot');
    const pausedAt = paused.paused_at!;

    // Still queued while paused, never claimed.
    const thirdId = await sendLead(api, 'contact_messages', uniqueEmail('crm-pause-3'));
    const fromThird = await claimChanges(api);
    expect(fromThird.map((job) => [job.target, job.lead.id])).toEqual([['webhook', thirdId]]);
    expect(await completeChange(api, fromThird[0])).toBe(true);
    await setBookingClock(api, Date.now() + 3600_000 * 2);
    expect(await claimChanges(api)).toEqual([]);
    const states = await syncState();
    expect(
      states.filter((row) => row.target === 'hubspot').map((row) => [row.lead_id, row.status, row.attempts]),
    ).toEqual([
      [firstId, 'paused', 1],
      [secondId, 'paused', 1],
      [thirdId, 'paused', 0],
    ]);
    expect(states.filter((row) => row.target === 'webhook').map((row) => row.status)).toEqual(['sent', 'sent', 'sent']);

    // Told once, with what to fix; notify-leads's claim hands the message over with its payload.
    const told = await crmFailedMessages();
    expect(told).toHaveLength(1);
    const micros = (
      await api.sql<{ micros: string }>(
        `select (extract(epoch from paused_at) * 1000000)::bigint::text as micros from private.crm_targets where target = 'hubspot'`,
      )
    )[0].micros;
    expect(told[0].idempotency_key).toBe(`crm_failed:hubspot:${micros}`);
    await api.sql(
      `update private.outbox set next_attempt_at = case when kind = 'crm_failed' then now() - interval '1 second' else now() + interval '1 day' end
        where queue = 'lead_notification' and status = 'pending'`,
    );
    const notifications = await serviceRpc<LeadNotification[]>(api, 'claim_lead_notifications', { batch_size: 10 });
    expect(notifications.map((job) => [job.kind, job.payload])).toEqual([
      [
        'crm_failed',
        {
          target: 'hubspot',
          error: 'HTTP 401: reconnect HubSpot',
          job_id: hubspotFirst.job_id,
          change: 'lead.created',
        },
      ],
    ]);

    // What the team is shown of the targets: HubSpot paused since the failure, why, and what waits.
    const targetsWhilePaused = await serviceRpc<CrmTargetState[]>(api, 'crm_targets_state');
    expect(
      targetsWhilePaused.map(({ target, state, reason, waiting }) => ({ target, state, reason, waiting })),
    ).toEqual([
      { target: 'hubspot', state: 'paused', reason: expect.stringContaining('HTTP 401'), waiting: 3 },
      { target: 'webhook', state: 'on', reason: null, waiting: 0 },
    ]);

    // Resumed: the three are due now and go in order, their failed attempts counted afresh.
    expect(await serviceRpc<number>(api, 'resume_crm_target', { target: 'hubspot' })).toBe(3);
    expect((await target('hubspot')).paused_at).toBeNull();
    expect((await serviceRpc<CrmTargetState[]>(api, 'crm_targets_state'))[0]).toMatchObject({
      state: 'on',
      reason: null,
    });
    const resumed = await claimChanges(api);
    expect(resumed.map((job) => [job.target, job.lead.id, job.attempts]).sort()).toEqual(
      [
        ['hubspot', firstId, 1],
        ['hubspot', secondId, 1],
        ['hubspot', thirdId, 1],
      ].sort(),
    );
    // Paused again: a new pause, told again (once).
    expect(await failChange(api, resumed[0], 'HTTP 403: missing scope', { stop: 'pause' })).toBe(true);
    expect(await failChange(api, resumed[1], 'HTTP 403: missing scope', { stop: 'pause' })).toBe(true);
    const toldAgain = await crmFailedMessages();
    expect(toldAgain).toHaveLength(2);
    expect(toldAgain[1].payload).toMatchObject({ target: 'hubspot', error: 'HTTP 403: missing scope' });
    expect(new Date((await target('hubspot')).paused_at!).getTime()).toBeGreaterThan(new Date(pausedAt).getTime());
  });

  test('a 410 turns the target off: its pending changes are dead, the team is told once, nothing more is queued', async () => {
    await turnOn(api, 'hubspot', 'webhook');
    const firstId = await sendLead(api, 'contact_messages', uniqueEmail('crm-gone-1'));
    const secondId = await sendLead(api, 'contact_messages', uniqueEmail('crm-gone-2'));
    // The first lead's two changes are being sent; the second lead's wait.
    const batch = await claimChanges(api, 2);
    expect(batch.map((job) => [job.target, job.lead.id])).toEqual([
      ['hubspot', firstId],
      ['webhook', firstId],
    ]);
    const gone = batch[1];
    expect(await failChange(api, gone, 'HTTP 410 Gone', { stop: 'off' })).toBe(true);

    const off = await target('webhook');
    expect(off.turned_off_reason).toBe('HTTP 410 Gone');
    const webhookJobs = (await crmJobs(api, [firstId, secondId])).filter((job) => job.crm_target === 'webhook');
    expect(webhookJobs.map((job) => [job.lead_id, job.status, job.last_error])).toEqual([
      [firstId, 'dead', 'HTTP 410 Gone'],
      [secondId, 'dead', 'HTTP 410 Gone'],
    ]);
    const told = await crmFailedMessages();
    expect(told.map((message) => message.payload)).toEqual([
      { target: 'webhook', error: 'HTTP 410 Gone', job_id: gone.job_id, change: 'lead.created', turned_off: true },
    ]);
    const thirdId = await sendLead(api, 'contact_messages', uniqueEmail('crm-gone-3'));
    expect((await crmJobs(api, [thirdId])).map((job) => job.crm_target)).toEqual(['hubspot']);
    // A dead change of a target that is off is not revived.
    expect(await serviceRpc<boolean>(api, 'retry_crm_change', { job_id: gone.job_id })).toBe(false);
    // Turned on again by the team: queued again from then on.
    await turnOn(api, 'webhook');
    const fourthId = await sendLead(api, 'contact_messages', uniqueEmail('crm-gone-4'));
    expect((await crmJobs(api, [fourthId])).map((job) => job.crm_target)).toEqual(['hubspot', 'webhook']);
    expect(await crmFailedMessages()).toHaveLength(1);
  });

  test('the sync state lists each change per target; a dead change is retried (attempts kept)', async () => {
    await turnOn(api, 'hubspot', 'pipedrive');
    const call = await bookCall(api);
    const leadChanges = await claimChanges(api);
    const hubspot = leadChanges.find((job) => job.target === 'hubspot')!;
    const pipedrive = leadChanges.find((job) => job.target === 'pipedrive')!;
    expect(await completeChange(api, hubspot)).toBe(true);
    expect(await failChange(api, pipedrive, 'HTTP 422: invalid field')).toBe(true);

    const state = await syncState(call.leadId);
    expect(
      state.map((row) => [row.target, row.change, row.booking_id, row.status, row.attempts, row.last_error]),
    ).toEqual([
      ['hubspot', 'lead.created', null, 'sent', 1, null],
      ['pipedrive', 'lead.created', null, 'dead', 1, 'HTTP 422: invalid field'],
      ['hubspot', 'booking.created', call.bookingId, 'pending', 0, null],
      ['pipedrive', 'booking.created', call.bookingId, 'pending', 0, null],
    ]);
    expect(state.every((row) => row.lead_id === call.leadId && row.lead_table === 'consultation_requests')).toBe(true);
    expect(state[0].sent_at).not.toBeNull();
    // Another lead's changes are not this lead's.
    await sendLead(api, 'contact_messages', uniqueEmail('crm-state-other'));
    expect(await syncState(call.leadId)).toHaveLength(4);
    expect(await syncState()).toHaveLength(6);
    // A null list is SQL's null, as PostgREST passes it: every lead's changes, not none.
    expect(await serviceRpc<CrmSyncState[]>(api, 'crm_sync_state', { lead_ids: null })).toHaveLength(6);
    expect(await serviceRpc<CrmSyncState[]>(api, 'crm_sync_state', { lead_ids: [] })).toHaveLength(0);

    expect(await serviceRpc<boolean>(api, 'retry_crm_change', { job_id: pipedrive.job_id })).toBe(true);
    const [revived] = (await syncState(call.leadId)).filter((row) => row.job_id === pipedrive.job_id);
    expect([revived.status, revived.attempts]).toEqual(['pending', 1]);
    const drained = await drain(api);
    expect(drained.sort()).toEqual(
      [
        'hubspot:booking.created',
        'hubspot:lead.created',
        'pipedrive:booking.created',
        'pipedrive:lead.created',
        'pipedrive:lead.created',
      ].sort(),
    );
    expect(await serviceRpc<boolean>(api, 'retry_crm_change', { job_id: '00000000-0000-4000-8000-000000000000' })).toBe(
      false,
    );
  });
});

describe('on a real multi-connection PostgreSQL server', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ backend: 'postgres' });
    await api.sql('update private.lead_guard_settings set settle_after_per_minute = 1000');
  }, 90_000);
  afterAll(() => api?.close());

  test('two runners claiming at once never take the same change, and together take every one', async () => {
    await resetCrm(api);
    await turnOn(api, 'hubspot', 'pipedrive', 'webhook');
    for (let index = 0; index < 10; index++) {
      await sendLead(api, index % 2 ? 'contact_messages' : 'consultation_requests', uniqueEmail(`crm-race-${index}`));
    }
    const total = (await crmJobs(api)).length;
    expect(total).toBe(30);

    const taken: string[] = [];
    const runner = async () => {
      let idle = 0;
      while (idle < 3) {
        const claimed = await claimChanges(api, 4);
        if (claimed.length === 0) {
          idle += 1;
          continue;
        }
        idle = 0;
        for (const job of claimed) {
          taken.push(job.job_id);
          expect(await completeChange(api, job)).toBe(true);
        }
      }
    };
    await Promise.all([runner(), runner()]);
    expect(new Set(taken).size).toBe(taken.length);
    expect(taken).toHaveLength(total);
    const [{ sent }] = await api.sql<{ sent: number }>(
      `select count(*)::int as sent from private.outbox where queue = 'crm_sync' and status = 'sent' and attempts = 1`,
    );
    expect(sent).toBe(total);
  });
});
