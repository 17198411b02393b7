/** @jest-environment node */
// The CRM sync in `npm run leads` (issue 46, dev/leads/crm.ts) on a real PostgreSQL server: nothing about CRMs until
// a target is turned on; then, under each lead and each of its calls, every change per target with its state,
// attempts, last error (inert) and the ids it has in the CRM, from public.crm_sync_state; and the operator commands
// `crm on|off|resume <target>` and `crm retry <job id>` (set_crm_target, resume_crm_target, retry_crm_change).
// The crm-sync function's side (claim, record a remote id, complete, fail) is played through its RPCs.
import { fetchLeads, formatListing } from '../../dev/leads';
import { toInertText } from '../../supabase/functions/_shared/inert-text';
import { fetchDeadLetters, formatDeadLetters } from '../../dev/leads/dead-letters';
import {
  CRM_USAGE,
  describeCrmTargets,
  fetchCrmTargets,
  runCrmCommand,
  type CrmCommandOutcome,
} from '../../dev/leads/crm';
import { runDevCommand } from '../helpers/dev-command';
import { EVERY_HOUR_OF_EVERY_DAY, setAvailability } from '../helpers/booking';
import {
  bookCall,
  claimChanges,
  completeChange,
  failChange,
  resetCrm,
  sendLead,
  serviceRpc,
  type ClaimedChange,
} from '../helpers/crm-outbox';
import { POSTGRES_ONLY, startTestApi, uniqueEmail, type TestApi } from '../helpers/local-api';

jest.setTimeout(90_000);

describe.each(POSTGRES_ONLY)('the CRM sync in npm run leads on %s', (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ backend });
    await setAvailability(api, { weeklyHours: EVERY_HOUR_OF_EVERY_DAY, minimumNotice: '0' });
  }, 90_000);
  afterAll(() => api?.close());
  beforeEach(async () => {
    await resetCrm(api);
    // A lead alone in its minute goes at once (a flood's first minute is the lead-flood and crm-outbox suites').
    await api.sql('update private.lead_guard_settings set settle_after_per_minute = 1000, global_hold_per_minute = 60');
  });

  /** The listing of one table as `npm run leads` prints it, and the lines under the given lead's row. */
  async function listing(table: 'consultation_requests' | 'contact_messages', leadId: string) {
    const result = await fetchLeads(api.service, table, 50);
    const row = result.rows.find((candidate) => candidate.id === leadId);
    if (!row) throw new Error(`lead ${leadId} not listed`);
    return { text: formatListing(result), crm: (row.crm_lines as string[] | undefined) ?? [] };
  }

  const ok = (outcome: CrmCommandOutcome) => {
    if ('usage' in outcome) throw new Error(`usage: ${outcome.usage}`);
    expect(outcome.ok).toBe(true);
    return outcome.lines.join('\n');
  };

  test('before any target is on: no CRM job and no CRM line; the commands refuse what is not a target or a job', async () => {
    const leadId = await sendLead(api, 'contact_messages', uniqueEmail('no-crm'));
    const { text, crm } = await listing('contact_messages', leadId);
    expect(crm).toEqual([]);
    expect(text).not.toContain('CRM');
    expect(describeCrmTargets(await fetchCrmTargets(api.service), toInertText)).toEqual([]);

    for (const args of [['on', 'salesforce'], ['resume'], ['retry', 'not-a-job'], ['sync', 'hubspot'], []]) {
      expect(await runCrmCommand(api.service, args)).toEqual({ usage: expect.stringContaining(CRM_USAGE) });
    }
  });

  test('crm on hubspot: a new lead and its call are listed per change, then sent with their ids in HubSpot', async () => {
    expect(ok(await runCrmCommand(api.service, ['on', 'HubSpot']))).toMatch(/^HubSpot is on/);
    const call = await bookCall(api);

    const waiting = await listing('consultation_requests', call.leadId);
    expect(waiting.crm).toEqual([
      '    CRM sync:',
      '      HubSpot: lead.created: pending',
      `      HubSpot: call ${call.bookingId} booking.created: pending`,
    ]);

    // The crm-sync function's part: the contact and its note for the lead, the meeting for the call.
    // The call's change waits for its lead's: one person's changes go out in order.
    const [lead] = await claimChanges(api);
    expect(lead.change).toBe('lead.created');
    const record = (job: ClaimedChange, kind: string, remoteId: string) =>
      serviceRpc<boolean>(api, 'record_crm_remote_id', {
        job_id: job.job_id,
        claim_token: job.claim_token,
        kind,
        remote_id: remoteId,
      });
    expect(await record(lead, 'contact', '90001')).toBe(true);
    expect(await record(lead, 'note', '70001')).toBe(true);
    expect(await completeChange(api, lead)).toBe(true);
    const [booking] = await claimChanges(api);
    expect(booking.change).toBe('booking.created');
    expect(await record(booking, 'meeting', '50001')).toBe(true);
    expect(await completeChange(api, booking)).toBe(true);

    const sent = await listing('consultation_requests', call.leadId);
    expect(sent.crm).toHaveLength(3);
    expect(sent.crm[1]).toMatch(/^ {6}HubSpot: lead\.created: sent \d{4}-\d\d-\d\d \d\d:\d\d UTC; in the CRM: /);
    expect(sent.crm[1]).toContain('contact 90001');
    expect(sent.crm[1]).toContain('note 70001');
    expect(sent.crm[2]).toContain(`HubSpot: call ${call.bookingId} booking.created: sent `);
    expect(sent.crm[2]).toContain('meeting 50001');
    expect(sent.text).toContain('    CRM sync:');
  });

  test('a failure only people can fix: paused with the inert error and the command; resume makes it due again', async () => {
    ok(await runCrmCommand(api.service, ['on', 'pipedrive']));
    const leadId = await sendLead(api, 'contact_messages', uniqueEmail('paused'));
    const [job] = await claimChanges(api);
    expect(job).toMatchObject({ target: 'pipedrive', change: 'lead.created' });
    const error = 'GET /api/v2/persons/search answered HTTP 401 (\u001b[31munauthorized access)';
    expect(await failChange(api, job, error, { stop: 'pause' })).toBe(true);

    const paused = await listing('contact_messages', leadId);
    expect(paused.crm[1]).toBe(
      `      Pipedrive: lead.created: waiting: Pipedrive is paused, 1 failed attempt: ` +
        `GET /api/v2/persons/search answered HTTP 401 (\\u{1b}[31munauthorized access) ` +
        `(job ${job.job_id}; npm run leads -- crm resume pipedrive)`,
    );
    // At the top of the listing: the target paused, why (inert), and what to type once it is fixed.
    expect(describeCrmTargets(await fetchCrmTargets(api.service), toInertText)).toEqual([
      'CRM sync:',
      expect.stringMatching(
        /^ {2}Pipedrive: paused since \d{4}-\d\d-\d\d \d\d:\d\d UTC: GET \/api\/v2\/persons\/search answered HTTP 401 \(\\u\{1b\}\[31munauthorized access\), 1 change waiting\. Once fixed: npm run leads -- crm resume pipedrive$/,
      ),
    ]);
    // The team is told once, by the notification this e-mail renders (notify-leads/crm-failed-render.ts).
    const notices = await api.sql<{ payload: Record<string, unknown> }>(
      `select payload from private.outbox where queue = 'lead_notification' and kind = 'crm_failed'`,
    );
    expect(notices).toEqual([{ payload: expect.objectContaining({ target: 'pipedrive', job_id: job.job_id }) }]);

    expect(ok(await runCrmCommand(api.service, ['resume', 'pipedrive']))).toMatch(
      /^Pipedrive resumed: 1 waiting change /,
    );
    // Its failed attempts count afresh from the fix.
    const resumed = await listing('contact_messages', leadId);
    expect(resumed.crm[1]).toBe('      Pipedrive: lead.created: pending');
    expect(describeCrmTargets(await fetchCrmTargets(api.service), toInertText)[1]).toMatch(
      /^ {2}Pipedrive: on since \d{4}-\d\d-\d\d \d\d:\d\d UTC, 1 change waiting$/,
    );
    const [again] = await claimChanges(api);
    expect(again).toMatchObject({ job_id: job.job_id, attempts: 1 });
  });

  test('crm retry makes a waiting change due now; crm off gives the waiting ones up, and retry then refuses', async () => {
    ok(await runCrmCommand(api.service, ['on', 'webhook']));
    const leadId = await sendLead(api, 'contact_messages', uniqueEmail('retry'));
    const [job] = await claimChanges(api);
    expect(
      await failChange(api, job, 'POST https://hooks.example.com/x answered HTTP 503', { retry_in_seconds: 3600 }),
    ).toBe(true);
    expect(await claimChanges(api)).toEqual([]);

    expect(ok(await runCrmCommand(api.service, ['retry', job.job_id]))).toContain(job.job_id);
    const [retried] = await claimChanges(api);
    expect(retried.job_id).toBe(job.job_id);
    expect(
      await failChange(api, retried, 'POST https://hooks.example.com/x answered HTTP 503', { retry_in_seconds: 3600 }),
    ).toBe(true);

    expect(ok(await runCrmCommand(api.service, ['off', 'webhook']))).toMatch(/^webhook is off/);
    const off = await listing('contact_messages', leadId);
    expect(off.crm[1]).toMatch(/^ {6}webhook: lead\.created: given up after 2 attempts: /);
    expect(off.crm[1]).toContain(`npm run leads -- crm retry ${job.job_id}`);
    // The report of what the outbox gave up, at the end of npm run leads, lists it with its command too.
    const givenUp = formatDeadLetters(await fetchDeadLetters(api.service), toInertText);
    expect(givenUp).toContain('CRM change lead.created: dead after 2 attempt(s): ');
    expect(givenUp).toContain(`(npm run leads -- crm retry ${job.job_id})`);
    // Off: nothing more is queued for it, and a given-up change is not sent until it is on again.
    const later = await sendLead(api, 'contact_messages', uniqueEmail('after-off'));
    expect((await listing('contact_messages', later)).crm).toEqual([]);
    expect(await runCrmCommand(api.service, ['retry', job.job_id])).toEqual({
      ok: false,
      lines: [expect.stringContaining(`No CRM change ${job.job_id} to retry`)],
    });
    expect(await runCrmCommand(api.service, ['retry', '00000000-0000-4000-8000-000000000000'])).toMatchObject({
      ok: false,
    });
  });

  test('the command line: crm on prints what it did; a mistake prints the usage and exits 2; the help lists crm', async () => {
    const on = await runDevCommand('dev/leads.ts', ['crm', 'on', 'hubspot'], api.url);
    expect(on.code).toBe(0);
    expect(on.stdout).toMatch(/^HubSpot is on/);
    expect(on.stdout).toContain('HUBSPOT_ACCESS_TOKEN');
    const wrong = await runDevCommand('dev/leads.ts', ['crm', 'on', 'salesforce'], api.url);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('"salesforce" is not a CRM target.');
    const help = await runDevCommand('dev/leads.ts', ['--help'], api.url);
    for (const command of ['crm on <target>', 'crm resume <target>', 'crm retry <job id>'])
      expect(help.stdout).toContain(command);
  });
});
