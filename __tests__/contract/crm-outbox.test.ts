/** @jest-environment node */
// The CRM changes written to the outbox (issue 46, queue crm_sync, supabase/schemas/crm/) on a real PostgreSQL server
// prepared like a hosted project: with no target on nothing changes; with targets on, each lead, booked call, move,
// cancellation and outcome writes one job per target in the same transaction; a duplicate writes none; a held lead
// reaches no CRM until it is released, and a flood seen with hindsight takes its leads' changes with their
// notifications; erasing a call or a lead erases its changes and remote ids.
import { createHash } from 'node:crypto';
import { EVERY_HOUR_OF_EVERY_DAY, freeSlots, setAvailability } from '../helpers/booking';
import { resetBookingClock, setBookingClock } from '../helpers/booking-clock';
import {
  bookCall,
  changes,
  claimChanges,
  completeChange,
  crmJobs,
  resetCrm,
  sendLead,
  serviceRpc,
  turnOn,
  type CrmJob,
} from '../helpers/crm-outbox';
import { POSTGRES_ONLY, signJwt, startTestApi, uniqueEmail, type TestApi } from '../helpers/local-api';

jest.setTimeout(60_000);

const ms = (value: string | Date | null) => new Date(value ?? 0).getTime();

describe.each(POSTGRES_ONLY)('CRM changes queued on %s', (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ backend });
    await setAvailability(api, { weeklyHours: EVERY_HOUR_OF_EVERY_DAY, minimumNotice: '0', maxCallsPerDay: 100 });
    // These tests book many calls within the hour; the flood rules (in_flood) are not what they are about but one.
    await api.sql('update private.booking_settings set flood_after_requests = 1000');
  }, 90_000);
  afterAll(() => api?.close());
  beforeEach(async () => {
    await resetCrm(api);
    // A lead alone in its minute goes at once (the tests about a flood's minute set 0: every lead waits).
    await api.sql('update private.lead_guard_settings set settle_after_per_minute = 1000, global_hold_per_minute = 60');
  });

  test('with no target on, a lead, a call, its move, cancellation and outcome queue no CRM change, and nothing else changes', async () => {
    const contactId = await sendLead(api, 'contact_messages', uniqueEmail('crm-none'));
    const call = await bookCall(api);
    const [target] = await freeSlots(call.visitor, { from_time: new Date(Date.now() + 100 * 3600_000).toISOString() });
    expect((await call.visitor.call('move_booking', { token: call.token, starts_at: target.starts_at })).status).toBe(
      'booked',
    );
    const other = await bookCall(api, 200);
    await setBookingClock(api, ms(other.startsAt) + 600_000);
    try {
      const outcome = await serviceRpc<{ status: string }>(api, 'operator_record_call_outcome', {
        booking_id: other.bookingId,
        outcome: 'attended',
      });
      expect(outcome.status).toBe('recorded');
    } finally {
      await resetBookingClock(api);
    }
    expect((await call.visitor.call('cancel_booking', { token: call.token })).status).toBe('cancelled');

    expect(await crmJobs(api)).toEqual([]);
    const [queued] = await api.sql<{ leads: number; messages: number }>(
      `select count(*) filter (where queue = 'lead_notification' and lead_id = any ($1::uuid[]))::int as leads,
              count(*) filter (where queue = 'booking_message' and booking_id = $2)::int as messages
         from private.outbox`,
      [[contactId, call.leadId, other.leadId], call.bookingId],
    );
    expect(queued.leads).toBe(3);
    expect(queued.messages).toBe(6);
  });

  test('a lead writes one lead.created per target that is on, with its key, its person’s ordering key and no copy of its data', async () => {
    await turnOn(api, 'hubspot', 'webhook');
    const email = uniqueEmail('Crm-Lead');
    const leadId = await sendLead(api, 'contact_messages', email);
    const jobs = await crmJobs(api, [leadId]);
    expect(changes(jobs)).toEqual(['hubspot:lead.created', 'webhook:lead.created']);
    const person = createHash('md5').update(email.trim().toLowerCase()).digest('hex');
    expect(jobs.map((job) => [job.idempotency_key, job.ordering_key, job.status, job.settle_until])).toEqual([
      [`hubspot:lead.created:contact_messages:${leadId}`, `hubspot:${person}`, 'pending', null],
      [`webhook:lead.created:contact_messages:${leadId}`, `webhook:${person}`, 'pending', null],
    ]);
    // Turned off again: the next lead is queued for the other target only.
    await serviceRpc(api, 'set_crm_target', { target: 'webhook', turned_on: false });
    const nextId = await sendLead(api, 'consultation_requests', uniqueEmail('crm-next'));
    expect(changes(await crmJobs(api, [nextId]))).toEqual(['hubspot:lead.created']);
  });

  test('the jobs are written in the lead’s transaction: a lead rolled back leaves none', async () => {
    await turnOn(api, 'hubspot', 'pipedrive');
    const email = uniqueEmail('crm-rollback');
    const rolledBack = api.sql(
      `do $$
       declare
         written integer;
       begin
         insert into public.contact_messages (name, email, message) values ('Rolled Back', '${email}', 'Problem: Other');
         select count(*) into written from private.outbox o join public.contact_messages m on m.id = o.lead_id
          where o.queue = 'crm_sync' and m.email = '${email}';
         raise exception 'rolled back after % crm jobs', written;
       end $$`,
    );
    await expect(rolledBack).rejects.toThrow('rolled back after 2 crm jobs');
    const [left] = await api.sql<{ leads: number; jobs: number }>(
      `select (select count(*) from public.contact_messages where email = $1)::int as leads,
              (select count(*) from private.outbox where queue = 'crm_sync')::int as jobs`,
      [email],
    );
    expect(left).toEqual({ leads: 0, jobs: 0 });
  });

  test('a retried identical submission, stored as a duplicate, is no new lead: no CRM change', async () => {
    await turnOn(api, 'hubspot');
    const email = uniqueEmail('crm-retry');
    const address = '203.0.113.77';
    const firstId = await sendLead(api, 'contact_messages', email, {}, address);
    await sendLead(api, 'contact_messages', email, {}, address);
    const [{ duplicates }] = await api.sql<{ duplicates: number }>(
      `select count(*)::int as duplicates from public.contact_messages where email = $1 and duplicate_of is not null`,
      [email],
    );
    expect(duplicates).toBe(1);
    const jobs = await api.sql<CrmJob>(
      `select o.lead_id from private.outbox o join public.contact_messages m on m.id = o.lead_id
        where o.queue = 'crm_sync' and m.email = $1`,
      [email],
    );
    expect(jobs.map((job) => job.lead_id)).toEqual([firstId]);
  });

  test('a held lead reaches no CRM until it is released, then as a lead like any other', async () => {
    await turnOn(api, 'hubspot', 'pipedrive');
    const heldId = await sendLead(api, 'consultation_requests', uniqueEmail('crm-held'), {
      honeypot: 'https://spam.example',
    });
    const [held] = await api.sql<{ hold_reason: string }>(
      'select hold_reason from public.consultation_requests where id = $1',
      [heldId],
    );
    expect(held.hold_reason).toBe('honeypot');
    expect(await crmJobs(api, [heldId])).toEqual([]);
    expect(await claimChanges(api)).toEqual([]);

    const released = await serviceRpc<{ status: string }>(api, 'release_held_lead', {
      lead_table: null,
      lead_id: heldId,
    });
    expect(released.status).toBe('released');
    expect(changes(await crmJobs(api, [heldId]))).toEqual(['hubspot:lead.created', 'pipedrive:lead.created']);
    // Released again: nothing more.
    await serviceRpc(api, 'release_held_lead', { lead_table: null, lead_id: heldId });
    expect(await crmJobs(api, [heldId])).toHaveLength(2);
  });

  describe("a flood's first minute, judged a minute later", () => {
    beforeEach(() => api.sql('update private.lead_guard_settings set settle_after_per_minute = 0'));

    /** As if the minute after these leads had passed: their notifications are due to be judged. */
    const minutePasses = (leadIds: string[]) =>
      api.sql(
        `update private.outbox set settle_until = now() - interval '1 second', next_attempt_at = now() - interval '1 second'
          where queue = 'lead_notification' and settle_until is not null and lead_id = any ($1::uuid[])`,
        [leadIds],
      );

    test('a lead’s changes wait with its notification and go once it is judged no flood', async () => {
      await turnOn(api, 'hubspot');
      const leadId = await sendLead(api, 'contact_messages', uniqueEmail('crm-wait'));
      const [notification] = await api.sql<{ settle_until: Date; next_attempt_at: Date }>(
        `select settle_until, next_attempt_at from private.outbox where queue = 'lead_notification' and lead_id = $1`,
        [leadId],
      );
      const [job] = await crmJobs(api, [leadId]);
      expect(ms(job.settle_until)).toBe(ms(notification.settle_until));
      expect(ms(job.next_attempt_at)).toBe(ms(notification.next_attempt_at));
      expect(await claimChanges(api)).toEqual([]);

      await minutePasses([leadId]);
      await api.sql(`update private.outbox set next_attempt_at = now() where id = $1`, [job.id]);
      const claimed = await claimChanges(api);
      expect(claimed.map((change) => [change.change, change.lead.id])).toEqual([['lead.created', leadId]]);
    });

    test('a lead held with hindsight takes its changes (its call’s too) with its notification; released, its lead and each call arrive', async () => {
      await turnOn(api, 'hubspot', 'webhook');
      const call = await bookCall(api);
      const otherId = await sendLead(api, 'consultation_requests', uniqueEmail('crm-flood-other'));
      expect(changes(await crmJobs(api, [call.leadId]))).toEqual([
        'hubspot:lead.created',
        'webhook:lead.created',
        'hubspot:booking.created',
        'webhook:booking.created',
      ]);
      // The booking waits behind its lead's change, which waits to be judged: nothing is claimed before.
      expect(await claimChanges(api)).toEqual([]);

      // Judged with one other lead in the minute: a flood, at this threshold.
      await api.sql('update private.lead_guard_settings set global_hold_per_minute = 1');
      const leadIds = [call.leadId, otherId];
      await minutePasses(leadIds);
      expect(await claimChanges(api)).toEqual([]);
      const [lead] = await api.sql<{ hold_reason: string }>(
        'select hold_reason from public.consultation_requests where id = $1',
        [call.leadId],
      );
      expect(lead.hold_reason).toBe('over_global_rate');
      const [left] = await api.sql<{ count: number }>(
        `select count(*)::int as count from private.outbox
          where lead_id = any ($1::uuid[]) and queue in ('crm_sync', 'lead_notification')`,
        [leadIds],
      );
      expect(left.count).toBe(0);

      // While held, its call's changes are not written either.
      expect((await call.visitor.call('cancel_booking', { token: call.token })).status).toBe('cancelled');
      expect(await crmJobs(api, [call.leadId])).toEqual([]);

      await serviceRpc(api, 'release_held_lead', { lead_table: 'consultation_requests', lead_id: call.leadId });
      const released = await crmJobs(api, [call.leadId]);
      expect(changes(released)).toEqual([
        'hubspot:lead.created',
        'webhook:lead.created',
        'hubspot:booking.created',
        'webhook:booking.created',
      ]);
      expect(released.filter((job) => job.booking_id).map((job) => [job.booking_id, job.sequence])).toEqual([
        [call.bookingId, 1],
        [call.bookingId, 1],
      ]);
      const claimed = await claimChanges(api);
      expect(claimed.map((change) => `${change.target}:${change.change}`).sort()).toEqual([
        'hubspot:lead.created',
        'webhook:lead.created',
      ]);
      for (const change of claimed) expect(await completeChange(api, change)).toBe(true);
      // The handler syncs the call as it is now: cancelled.
      const bookings = await claimChanges(api);
      expect(bookings.map((change) => [change.change, change.booking?.status])).toEqual([
        ['booking.created', 'cancelled'],
        ['booking.created', 'cancelled'],
      ]);
    });
  });

  test('a call booked, moved (its time, then its host), cancelled: one change each per target, with what it was', async () => {
    await turnOn(api, 'hubspot', 'pipedrive');
    const call = await bookCall(api);
    const [target] = await freeSlots(call.visitor, { from_time: new Date(Date.now() + 120 * 3600_000).toISOString() });
    expect((await call.visitor.call('move_booking', { token: call.token, starts_at: target.starts_at })).status).toBe(
      'booked',
    );
    const [secondHost] = await api.sql<{ id: string }>(
      `insert into private.booking_hosts (name, position) values ('Second host', 9) returning id`,
    );
    try {
      await api.sql('update private.bookings set host_id = $2 where id = $1', [call.bookingId, secondHost.id]);
      expect((await call.visitor.call('cancel_booking', { token: call.token })).status).toBe('cancelled');
      // Cancelling again changes nothing.
      expect((await call.visitor.call('cancel_booking', { token: call.token })).status).toBe('cancelled');

      const jobs = (await crmJobs(api, [call.leadId])).filter((job) => job.crm_target === 'hubspot');
      expect(jobs.map((job) => [job.kind, job.sequence])).toEqual([
        ['lead.created', null],
        ['booking.created', 0],
        ['booking.moved', 1],
        ['booking.moved', 1],
        ['booking.cancelled', 2],
      ]);
      const [created, moved, reassigned, cancelled] = jobs.slice(1);
      expect(ms(created.starts_at)).toBe(ms(call.startsAt));
      expect([ms(moved.starts_at), ms(moved.previous_starts_at)]).toEqual([ms(target.starts_at), ms(call.startsAt)]);
      expect(ms(reassigned.starts_at)).toBe(ms(target.starts_at));
      expect(ms(cancelled.starts_at)).toBe(ms(target.starts_at));
      expect(new Set(jobs.map((job) => job.ordering_key)).size).toBe(1);
      expect(await crmJobs(api, [call.leadId])).toHaveLength(10);
    } finally {
      await api.sql('delete from private.bookings where host_id = $1', [secondHost.id]);
      await api.sql('delete from private.booking_hosts where id = $1', [secondHost.id]);
    }
  });

  test('a call booked while a flood was on (in_flood) is a real call: it and its cancellation reach the CRM', async () => {
    await turnOn(api, 'hubspot');
    await api.sql('update private.booking_settings set flood_after_requests = 0');
    let call;
    try {
      call = await bookCall(api, 300);
    } finally {
      await api.sql('update private.booking_settings set flood_after_requests = 1000');
    }
    const [booking] = await api.sql<{ in_flood: boolean }>('select in_flood from private.bookings where id = $1', [
      call.bookingId,
    ]);
    expect(booking.in_flood).toBe(true);
    expect((await call.visitor.call('cancel_booking', { token: call.token })).status).toBe('cancelled');
    expect(changes(await crmJobs(api, [call.leadId]))).toEqual([
      'hubspot:lead.created',
      'hubspot:booking.created',
      'hubspot:booking.cancelled',
    ]);
  });

  test('an outcome recorded, changed and changed back: a call.outcome for each change, none for the same answer again', async () => {
    await turnOn(api, 'webhook');
    const call = await bookCall(api, 150);
    await setBookingClock(api, ms(call.startsAt) + 600_000);
    try {
      for (const outcome of ['attended', 'no_show', 'moved', 'attended', 'attended']) {
        const answer = await serviceRpc<{ status: string }>(api, 'operator_record_call_outcome', {
          booking_id: call.bookingId,
          outcome,
        });
        expect(answer.status).toBe('recorded');
      }
    } finally {
      await resetBookingClock(api);
    }
    const outcomes = (await crmJobs(api, [call.leadId])).filter((job) => job.kind === 'call.outcome');
    expect(outcomes.map((job) => job.payload?.outcome)).toEqual(['attended', 'no_show', 'moved', 'attended']);
    expect(new Set(outcomes.map((job) => job.idempotency_key)).size).toBe(4);
    for (const job of outcomes) {
      expect(job.booking_id).toBe(call.bookingId);
      const [prefix, micros] = splitKey(job.idempotency_key);
      expect(prefix).toBe(`webhook:call.outcome:${call.bookingId}:${job.payload?.outcome}`);
      expect(Math.floor(micros / 1000)).toBe(ms(job.payload!.recorded_at));
    }
  });

  test('erasing a call erases its changes and remote ids; erasing the lead erases the rest', async () => {
    await turnOn(api, 'hubspot');
    const call = await bookCall(api);
    await api.sql(
      `insert into private.crm_remote_ids (target, lead_table, lead_id, booking_id, kind, remote_id)
       values ('hubspot', 'consultation_requests', $1, null, 'contact', 'c-1'),
              ('hubspot', 'consultation_requests', $1, $2, 'meeting', 'm-1')`,
      [call.leadId, call.bookingId],
    );
    const remoteIds = () =>
      api.sql<{ kind: string }>('select kind from private.crm_remote_ids where lead_id = $1 order by kind', [
        call.leadId,
      ]);
    await api.sql('delete from private.bookings where id = $1', [call.bookingId]);
    expect(changes(await crmJobs(api, [call.leadId]))).toEqual(['hubspot:lead.created']);
    expect((await remoteIds()).map((row) => row.kind)).toEqual(['contact']);

    await api.sql('delete from public.consultation_requests where id = $1', [call.leadId]);
    expect(await crmJobs(api, [call.leadId])).toEqual([]);
    expect(await remoteIds()).toEqual([]);

    const contactId = await sendLead(api, 'contact_messages', uniqueEmail('crm-erase'));
    await api.sql(
      `insert into private.crm_remote_ids (target, lead_table, lead_id, kind, remote_id)
       values ('hubspot', 'contact_messages', $1, 'contact', 'c-2')`,
      [contactId],
    );
    await api.sql('delete from public.contact_messages where id = $1', [contactId]);
    expect(await crmJobs(api, [contactId])).toEqual([]);
    expect(await api.sql('select 1 from private.crm_remote_ids where lead_id = $1', [contactId])).toEqual([]);
  });

  test('visitors can neither call a CRM function nor read its tables; service_role can', async () => {
    const functions = await api.sql<{ signature: string }>(
      `select p.oid::regprocedure::text as signature from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname in ('public', 'private') and p.proname like '%crm%' order by 1`,
    );
    expect(functions.map((row) => row.signature)).toEqual(
      expect.arrayContaining([
        'claim_crm_changes(integer,integer)',
        'complete_crm_change(uuid,uuid)',
        'crm_sync_state(uuid[])',
        'crm_targets_state()',
        'fail_crm_change(uuid,uuid,text,integer,text)',
        'record_crm_remote_id(uuid,uuid,text,text)',
        'resume_crm_target(text)',
        'retry_crm_change(uuid)',
        'set_crm_target(text,boolean)',
      ]),
    );
    for (const role of ['anon', 'authenticated']) {
      const callable = await api.sql<{ signature: string }>(
        `select p.oid::regprocedure::text as signature from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname in ('public', 'private') and p.proname like '%crm%'
            and has_function_privilege($1, p.oid, 'execute')`,
        [role],
      );
      expect(callable).toEqual([]);
      const [tables] = await api.sql<Record<string, boolean>>(
        `select has_table_privilege($1, 'private.crm_targets', 'select,insert,update,delete') as targets,
                has_table_privilege($1, 'private.crm_remote_ids', 'select,insert,update,delete') as remote_ids`,
        [role],
      );
      expect(tables).toEqual({ targets: false, remote_ids: false });
    }
    const [service] = await api.sql<Record<string, boolean>>(
      `select has_table_privilege('service_role', 'private.crm_targets', 'select') as targets,
              has_table_privilege('service_role', 'private.crm_remote_ids', 'select') as remote_ids,
              bool_and(has_function_privilege('service_role', p.oid, 'execute')) as functions
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.proname like '%crm%'`,
    );
    expect(service).toEqual({ targets: true, remote_ids: true, functions: true });

    const authenticated = api.clientFor(signJwt({ role: 'authenticated', sub: 'someone' }));
    for (const client of [api.anon, authenticated]) {
      const claimed = await client.rpc('claim_crm_changes' as never, { batch_size: 10 } as never);
      expect((claimed.error as { code?: string } | null)?.code).toBe('42501');
      const turned = await client.rpc('set_crm_target' as never, { target: 'webhook', turned_on: true } as never);
      expect((turned.error as { code?: string } | null)?.code).toBe('42501');
      const direct = await client
        .schema('private' as 'public')
        .from('crm_targets' as 'contact_messages')
        .select();
      expect(direct.data).toBeNull();
    }
  });
});

/** A call.outcome key's `<target>:call.outcome:<booking>:<outcome>` and its recorded_at in epoch microseconds. */
function splitKey(key: string): [string, number] {
  const cut = key.lastIndexOf(':');
  return [key.slice(0, cut), Number(key.slice(cut + 1))];
}
