// The team's e-mail when a CRM target stops (issue 46, crm-failed-render.ts): which CRM, what happened, what to fix,
// the command that resumes it (or turns the webhook on again after a 410), no credential however the error reads,
// the HTML escaped, a payload that names no target still told; and its delivery through the outbox with the e-mail
// provider stubbed at the fetch level. The wording is not the specification's: only what matters is pinned.
// Run: npm run test:functions
import assert from 'node:assert/strict';
import { BRAND_NAME } from '../_shared/brand.ts';
import { readConfig } from './config.ts';
import { causeOf, crmFailureOf, inertError, renderCrmFailed } from './crm-failed-render.ts';
import type { ClaimedJob, Queue } from './queue.ts';
import { escapeHtml } from './render.ts';
import { deliverDueNotifications } from './run.ts';

const config = readConfig({
  SUPABASE_URL: 'http://db.invalid',
  SUPABASE_SERVICE_ROLE_KEY: 'service-key',
  RESEND_API_KEY: 're_test',
  RESEND_API_URL: 'https://resend.test',
  NOTIFY_TO: 'sales@brightlane.test',
  NOTIFY_FROM: 'Brightlane leads <leads@brightlane.test>',
  SLACK_WEBHOOK_URL: 'https://chat.test/hook',
  NOTIFY_PROVIDER_TIMEOUT_MS: '50',
});

const JOB_ID = '0b7c8f0e-2f43-4c5e-9a39-6f1e6d2b9a10';
const payload = (target: string, error: string, extra: Record<string, unknown> = {}) => ({
  target,
  error,
  job_id: JOB_ID,
  change: 'lead.created',
  ...extra,
});
const render = (value: unknown) => renderCrmFailed(crmFailureOf(value));
const all = ({ subject, text, html }: { subject: string; text: string; html: string }) =>
  `${subject}\n${text}\n${html}`;

Deno.test(
  'HubSpot refusing the token: named, "reconnect HubSpot" with HUBSPOT_ACCESS_TOKEN, the resume command',
  () => {
    const message = render(payload('hubspot', 'HTTP 401: {"status":"error","category":"INVALID_AUTHENTICATION"}'));
    assert.match(message.subject, /HubSpot/);
    assert.ok(message.subject.includes(BRAND_NAME), 'the brand from content/site.json');
    assert.match(message.text, /reconnect HubSpot/i);
    assert.ok(message.text.includes('HUBSPOT_ACCESS_TOKEN'));
    assert.ok(message.text.includes('npm run leads -- crm resume hubspot'));
    assert.ok(message.text.includes('INVALID_AUTHENTICATION'), 'the error, as inert text');
    assert.ok(message.text.includes(JOB_ID) && message.text.includes('lead.created'), 'the change that stopped it');
    assert.match(message.text, /nothing is lost/i);
    assert.ok(message.html.includes('<code>npm run leads -- crm resume hubspot</code>'));
    assert.equal(message.replyTo, undefined);
  },
);

Deno.test(
  'Pipedrive refusing the token: the token was regenerated or revoked, PIPEDRIVE_API_TOKEN, its command',
  () => {
    const message = render(payload('pipedrive', 'HTTP 401: {"success":false,"error":"unauthorized access"}'));
    assert.match(message.subject, /Pipedrive/);
    assert.match(message.text, /Pipedrive API token was regenerated or revoked/);
    assert.ok(message.text.includes('PIPEDRIVE_API_TOKEN'));
    assert.ok(message.text.includes('npm run leads -- crm resume pipedrive'));
    assert.ok(!message.text.includes('crm resume hubspot'));
  },
);

Deno.test(
  'a paused webhook is resumed; a webhook turned off by 410 Gone is turned on again, nothing claimed lost',
  () => {
    const paused = render(payload('webhook', 'HTTP 401: invalid signature'));
    assert.match(paused.subject, /webhook/);
    assert.ok(paused.text.includes('CRM_WEBHOOK_SECRET'));
    assert.ok(paused.text.includes('npm run leads -- crm resume webhook'));

    const off = render(payload('webhook', 'HTTP 410: Gone', { turned_off: true }));
    assert.match(off.subject, /turned off/);
    assert.match(off.text, /410 Gone, so the webhook is turned off/);
    assert.ok(off.text.includes('CRM_WEBHOOK_URL'));
    assert.ok(off.text.includes('npm run leads -- crm on webhook'));
    assert.ok(!off.text.includes('crm resume'), 'a webhook turned off is not paused: resuming would not turn it on');
    assert.doesNotMatch(off.text, /nothing is lost/i, 'its waiting changes were given up');
  },
);

Deno.test('what to fix follows the failure: a missing permission, a missing setting, a day without answers', () => {
  assert.match(render(payload('hubspot', 'HTTP 403: MISSING_SCOPES')).text, /permission \(scope\)/);
  const unset = 'set the HUBSPOT_ACCESS_TOKEN secret (a HubSpot service key)';
  assert.match(render(payload('hubspot', unset)).text, /Set HUBSPOT_ACCESS_TOKEN/);
  assert.match(render(payload('webhook', 'CRM_WEBHOOK_URL must be an https address')).text, /Set CRM_WEBHOOK_URL/);
  assert.match(render(payload('pipedrive', 'HTTP 404: company not found')).text, /PIPEDRIVE_COMPANY_DOMAIN/);
  assert.match(render(payload('hubspot', 'HTTP 503 for a day')).text, /status\.hubspot\.com/);
  assert.deepEqual(
    [
      'POST /crm/v3/objects/contacts/batch/upsert answered HTTP 401 (INVALID_AUTHENTICATION: expired)',
      'HTTP/1.1 403 Forbidden',
      'status 404',
      '422',
      'GET /api/v2/persons/search timed out',
      'HTTP 502',
      'odd',
    ].map(causeOf),
    ['unauthorized', 'forbidden', 'not_found', 'bad_request', 'unavailable', 'unavailable', 'other'],
  );
  assert.equal(causeOf('contact 401234 not found'), 'other', 'a number in the text is not a status');
});

Deno.test('no credential reaches the e-mail, whatever the error echoes', () => {
  const secrets = [
    'pat-na1-11111111-2222-3333-4444-555555555555',
    '0123456789abcdef0123456789abcdef01234567',
    'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    'sk_live_token_value',
  ];
  const error =
    `HTTP 401 for POST https://api.hubapi.com/crm/v3/objects/contacts (Authorization: Bearer ${secrets[0]}); ` +
    `GET https://acme.pipedrive.com/api/v1/persons/search?term=a&api_token=${secrets[1]}; x-api-token: ${secrets[1]}; ` +
    `secret ${secrets[2]}; {"authorization":"${secrets[3]}"}`;
  for (const target of ['hubspot', 'pipedrive', 'webhook']) {
    const rendered = all(render(payload(target, error)));
    for (const secret of secrets) assert.ok(!rendered.includes(secret), `${target}: ${secret}`);
    assert.ok(rendered.includes('https://api.hubapi.com/crm/v3/objects/contacts'), 'the rest of the error stays');
  }
});

Deno.test('the error is inert text and escaped in the HTML; the subject stays one line', () => {
  const error = 'HTTP 400: <script>alert(1)</script> \u001b[31mred\u0007 "quoted" & more\r\nBcc: x@example.com';
  const message = render(payload('hubspot', error, { change: 'booking.created<b>' }));
  assert.ok(!message.html.includes('<script>'));
  assert.ok(!message.html.includes('<b>'));
  assert.ok(message.html.includes(escapeHtml('<script>alert(1)</script>')));
  const controls = [...message.text].filter((character) => character < ' ' && character !== '\n');
  assert.deepEqual(controls, [], 'no control characters but line breaks');
  assert.ok(message.text.includes('\\u{1b}[31mred\\u{7}'));
  assert.ok(!message.subject.includes('\n'));
  assert.equal(inertError('x'.repeat(5000)).length, 1000);
});

Deno.test('a crm_failed job without a payload (or naming no target) still tells the team, without a name', () => {
  for (const value of [undefined, null, {}, { target: 'salesforce', error: 'HTTP 401' }]) {
    const message = render(value);
    assert.match(message.subject, /CRM sync paused/);
    assert.ok(message.text.includes('npm run leads -- crm resume <target>'));
    assert.ok(message.text.includes('npm run leads'));
    assert.ok(!/HubSpot|Pipedrive/.test(message.subject));
  }
});

// The outbox in memory: one crm_failed job, as public.claim_lead_notifications returns it.
function memoryQueue(claimedPayload: Record<string, unknown> | undefined) {
  const job = { status: 'pending', attempts: 0, token: '', providerId: undefined as string | undefined, errors: [] };
  const current = (claimed: ClaimedJob) => claimed.claim_token === job.token && job.status === 'sending';
  const queue: Queue = {
    claim() {
      if (job.status !== 'pending') return Promise.resolve([]);
      Object.assign(job, { status: 'sending', attempts: job.attempts + 1, token: crypto.randomUUID() });
      const claimed: ClaimedJob = {
        job_id: 'job-crm',
        claim_token: job.token,
        kind: 'crm_failed',
        lead_table: null,
        lead_id: null,
        attempts: job.attempts,
        queued_at: '',
        lead: null,
        ...(claimedPayload === undefined ? {} : { payload: claimedPayload }),
      };
      return Promise.resolve([claimed]);
    },
    complete(claimed, id) {
      if (!current(claimed)) return Promise.resolve(false);
      Object.assign(job, { status: 'sent', providerId: id });
      return Promise.resolve(true);
    },
    fail(claimed, error, retryIn) {
      if (!current(claimed)) return Promise.resolve(false);
      Object.assign(job, { status: retryIn === null ? 'dead' : 'pending', errors: [...job.errors, error] });
      return Promise.resolve(true);
    },
    digest: () => Promise.resolve(null),
    weeklySummary: () => Promise.resolve(null),
  };
  return { queue, job };
}

type Call = { url: string; headers: Headers; payload: Record<string, unknown> };

function providerStub() {
  const calls: Call[] = [];
  const stub = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    calls.push({ url: String(input), headers: new Headers(init?.headers), payload: JSON.parse(String(init?.body)) });
    return Promise.resolve(String(input).includes('resend') ? Response.json({ id: 'email-1' }) : new Response('ok'));
  };
  return { fetch: stub as typeof fetch, calls };
}

Deno.test('a claimed crm_failed job: one e-mail to the team and one chat post, the job completed once', async () => {
  const { queue, job } = memoryQueue(payload('hubspot', 'HTTP 401: expired'));
  const provider = providerStub();
  const summary = await deliverDueNotifications({ queue, config, fetch: provider.fetch });
  assert.deepEqual(summary, { claimed: 1, sent: 1, retrying: 0, dead: 0 });
  const [email, chat] = provider.calls;
  assert.equal(email.url, 'https://resend.test/emails');
  assert.equal(email.headers.get('Idempotency-Key'), 'job-crm');
  assert.deepEqual(email.payload.to, ['sales@brightlane.test']);
  assert.match(String(email.payload.subject), /HubSpot/);
  assert.ok(String(email.payload.text).includes('npm run leads -- crm resume hubspot'));
  assert.equal(chat.url, 'https://chat.test/hook');
  assert.ok(String(chat.payload.text).includes('npm run leads -- crm resume hubspot'));
  assert.deepEqual([job.status, job.providerId], ['sent', 'email-1']);
  assert.equal((await deliverDueNotifications({ queue, config, fetch: provider.fetch })).claimed, 0);
  assert.equal(provider.calls.length, 2);
});

Deno.test('a claim without the payload column (the shape before the CRM migration) is sent, not given up', async () => {
  const { queue, job } = memoryQueue(undefined);
  const provider = providerStub();
  assert.deepEqual(await deliverDueNotifications({ queue, config, fetch: provider.fetch }), {
    claimed: 1,
    sent: 1,
    retrying: 0,
    dead: 0,
  });
  assert.equal(job.status, 'sent');
});
