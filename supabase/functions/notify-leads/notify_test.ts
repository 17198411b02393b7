// deno test: the function's delivery logic with the e-mail provider stubbed at the fetch level.
// Run: npm run test:functions
import assert from 'node:assert/strict';
import { retryDelaySeconds } from '../_shared/backoff.ts';
import { readConfig, type NotifyConfig } from './config.ts';
import type { ClaimedJob, Queue } from './queue.ts';
import type { HeldDigest } from './digest-render.ts';
import { headerText, renderNotification, type LeadTable } from './render.ts';
import { deliverDueNotifications } from './run.ts';

const config: NotifyConfig = readConfig({
  SUPABASE_URL: 'http://db.invalid',
  SUPABASE_SERVICE_ROLE_KEY: 'service-key',
  RESEND_API_KEY: 're_test',
  RESEND_API_URL: 'https://resend.test',
  NOTIFY_TO: 'sales@brightlane.test, founder@brightlane.test',
  NOTIFY_FROM: 'Brightlane leads <leads@brightlane.test>',
  NOTIFY_PROVIDER_TIMEOUT_MS: '50',
});

const BOOKING = {
  id: '7d0c3f5e-2b1a-4c57-9a55-0f3f9e2c1a01',
  created_at: '2026-11-23T03:04:05.000Z',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: 'Acme Pty Ltd',
  phone: '+61 2 1234 5678',
  message: 'We get 300 leads a month.',
};

/**
 * The outbox's rules in memory: due jobs are claimed with a fresh token; only that token may finish them. `digests`
 * are the hourly digests of held leads: jobs without a lead whose content only the current claim may read.
 */
function memoryQueue(leads: [LeadTable, Record<string, unknown>][], digests: HeldDigest[] = []) {
  let clock = 0;
  const entries: [LeadTable | null, Record<string, unknown> | null, HeldDigest | null][] = [
    ...leads.map(([table, lead]): [LeadTable, Record<string, unknown>, null] => [table, lead, null]),
    ...digests.map((digest): [null, null, HeldDigest] => [null, null, digest]),
  ];
  const jobs = entries.map(([table, lead, digest], index) => ({
    job_id: `job-${index + 1}`,
    lead_table: table,
    lead_id: lead ? String(lead.id) : null,
    lead,
    digest,
    digestReads: 0,
    attempts: 0,
    status: 'pending' as 'pending' | 'sending' | 'sent' | 'dead',
    dueAt: 0,
    token: '',
    providerId: undefined as string | undefined,
    errors: [] as string[],
  }));
  const queue: Queue = {
    claim(batchSize) {
      const due = jobs.filter((job) => (job.status === 'pending' || job.status === 'sending') && job.dueAt <= clock);
      return Promise.resolve(
        due.slice(0, batchSize).map((job): ClaimedJob => {
          job.status = 'sending';
          job.attempts += 1;
          job.token = crypto.randomUUID();
          job.dueAt = clock + 120;
          return {
            job_id: job.job_id,
            lead_table: job.lead_table,
            lead_id: job.lead_id,
            attempts: job.attempts,
            claim_token: job.token,
            queued_at: '',
            lead: job.lead,
            kind: job.lead_table === null ? 'held_digest' : 'lead',
          };
        }),
      );
    },
    complete(claimed, id) {
      const job = jobs.find(
        (candidate) => candidate.job_id === claimed.job_id && candidate.token === claimed.claim_token,
      );
      if (!job) return Promise.resolve(false);
      Object.assign(job, { status: 'sent', token: '', providerId: id });
      return Promise.resolve(true);
    },
    fail(claimed, error, retryIn) {
      const job = jobs.find(
        (candidate) => candidate.job_id === claimed.job_id && candidate.token === claimed.claim_token,
      );
      if (!job) return Promise.resolve(false);
      job.errors.push(error);
      Object.assign(job, { status: retryIn === null ? 'dead' : 'pending', token: '', dueAt: clock + (retryIn ?? 0) });
      return Promise.resolve(true);
    },
    digest(claimed) {
      const job = jobs.find(
        (candidate) =>
          candidate.job_id === claimed.job_id &&
          candidate.token === claimed.claim_token &&
          candidate.status === 'sending',
      );
      if (job) job.digestReads += 1;
      return Promise.resolve(job?.digest ?? null);
    },
    // This queue holds leads and digests only (weekly_test.ts has the summaries).
    weeklySummary: () => Promise.resolve(null),
  };
  /** Lets time pass so that every scheduled retry is due. */
  const advance = (seconds = 10_000) => (clock += seconds);
  return { queue, jobs, advance };
}

type Sent = { headers: Headers; payload: Record<string, unknown> };

/**
 * Resend at the fetch level: POST /emails, keyed by Idempotency-Key as Resend does (a repeated key returns
 * the first result and sends nothing). `script` decides each call's fate before or after "sending".
 */
function resendStub(script: (call: number) => 'ok' | 429 | 500 | 422 | 'hang' | 'lost' = () => 'ok') {
  const inbox: Sent[] = [];
  const byKey = new Map<string, string>();
  let calls = 0;
  const fetchStub = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    assert.equal(String(input), 'https://resend.test/emails');
    const call = ++calls;
    const fate = script(call);
    const headers = new Headers(init?.headers);
    const payload = JSON.parse(String(init?.body)) as Record<string, unknown>;
    if (fate === 'hang') {
      return new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      );
    }
    if (typeof fate === 'number') return Promise.resolve(new Response('{"message":"nope"}', { status: fate }));
    const key = headers.get('Idempotency-Key') ?? '';
    let id = byKey.get(key);
    if (!id) {
      id = `email-${inbox.length + 1}`;
      byKey.set(key, id);
      inbox.push({ headers, payload });
    }
    if (fate === 'lost') return Promise.reject(new TypeError('connection reset by peer'));
    return Promise.resolve(Response.json({ id }));
  };
  return { fetch: fetchStub as typeof fetch, inbox, calls: () => calls };
}

async function runUntilSettled(queue: Queue, fetchStub: typeof fetch, advance: () => void, runs = 10) {
  for (let run = 0; run < runs; run++) {
    await deliverDueNotifications({ queue, config, fetch: fetchStub, random: () => 0.5 });
    advance();
  }
}

Deno.test(
  'success: one e-mail to the team with subject, every field, Reply-To and the job id as idempotency key',
  async () => {
    const { queue, jobs } = memoryQueue([['consultation_requests', BOOKING]]);
    const resend = resendStub();
    const summary = await deliverDueNotifications({ queue, config, fetch: resend.fetch });
    assert.deepEqual(summary, { claimed: 1, sent: 1, retrying: 0, dead: 0 });
    assert.equal(resend.inbox.length, 1);
    const [{ headers, payload }] = resend.inbox;
    assert.equal(headers.get('Idempotency-Key'), 'job-1');
    assert.equal(headers.get('Authorization'), 'Bearer re_test');
    assert.deepEqual(payload.to, ['sales@brightlane.test', 'founder@brightlane.test']);
    assert.equal(payload.from, 'Brightlane leads <leads@brightlane.test>');
    assert.equal(payload.subject, 'New strategy call request — Acme Pty Ltd');
    assert.equal(payload.reply_to, 'ada@example.com');
    for (const value of [BOOKING.name, BOOKING.email, BOOKING.company, BOOKING.phone, BOOKING.message]) {
      assert.ok(String(payload.text).includes(value), `text has ${value}`);
      assert.ok(String(payload.html).includes(value), `html has ${value}`);
    }
    // 03:04 UTC on 23 November is 2:04 pm daylight time in Sydney.
    assert.match(String(payload.text), /Received: Monday, 23 November 2026 at 2:04:05 pm AEDT \(Australia\/Sydney\)/);
    assert.deepEqual([jobs[0].status, jobs[0].providerId], ['sent', 'email-1']);
  },
);

Deno.test('429, 500 and a timeout are retried later with backoff, then delivered exactly once', async () => {
  for (const failure of [429, 500, 'hang'] as const) {
    const { queue, jobs, advance } = memoryQueue([['consultation_requests', BOOKING]]);
    const resend = resendStub((call) => (call <= 2 ? failure : 'ok'));
    const first = await deliverDueNotifications({ queue, config, fetch: resend.fetch, random: () => 0.5 });
    assert.deepEqual(first, { claimed: 1, sent: 0, retrying: 1, dead: 0 }, String(failure));
    assert.equal(jobs[0].status, 'pending');
    assert.match(jobs[0].errors[0], failure === 'hang' ? /timed out after 50 ms/ : new RegExp(`HTTP ${failure}`));
    // Not due again before its backoff has passed.
    assert.equal((await deliverDueNotifications({ queue, config, fetch: resend.fetch })).claimed, 0);
    await runUntilSettled(queue, resend.fetch, advance);
    assert.equal(resend.inbox.length, 1, String(failure));
    assert.equal(jobs[0].status, 'sent');
    assert.equal(jobs[0].attempts, 3);
  }
});

Deno.test('a lost response followed by a retry sends exactly one e-mail', async () => {
  const { queue, jobs, advance } = memoryQueue([['contact_messages', { ...BOOKING, phone: undefined }]]);
  const resend = resendStub((call) => (call === 1 ? 'lost' : 'ok'));
  await runUntilSettled(queue, resend.fetch, advance);
  assert.equal(resend.calls(), 2);
  assert.equal(resend.inbox.length, 1);
  assert.deepEqual([jobs[0].status, jobs[0].providerId], ['sent', 'email-1']);
  assert.match(jobs[0].errors[0], /network error/);
});

Deno.test('a permanent refusal marks the job dead with the error instead of retrying', async () => {
  const { queue, jobs, advance } = memoryQueue([['consultation_requests', BOOKING]]);
  const resend = resendStub(() => 422);
  await runUntilSettled(queue, resend.fetch, advance);
  assert.equal(resend.calls(), 1);
  assert.equal(jobs[0].status, 'dead');
  assert.match(jobs[0].errors[0], /HTTP 422/);
});

Deno.test('no header injection through name, company or e-mail', async () => {
  const hostile = {
    ...BOOKING,
    name: 'Eve\r\nBcc: victim@example.com',
    company: 'Evil Corp\r\nBcc: victim@example.com\u2028X-Injected: 1',
    email: 'eve@example.com\r\nBcc: victim@example.com',
  };
  const { queue } = memoryQueue([['consultation_requests', hostile]]);
  const resend = resendStub();
  await deliverDueNotifications({ queue, config, fetch: resend.fetch });
  const [{ payload }] = resend.inbox;
  assert.equal(payload.subject, 'New strategy call request — Evil Corp Bcc: victim@example.com X-Injected: 1');
  assert.doesNotMatch(String(payload.subject), /[\r\n\u2028]/);
  assert.equal(payload.reply_to, undefined, 'an address with a line break is not used as Reply-To');
  assert.deepEqual(payload.to, config.to);
  assert.deepEqual(Object.keys(payload).sort(), ['from', 'html', 'subject', 'text', 'to']);
  assert.equal(headerText('a\u0000b\tc\u0085d'), 'a b c d');
});

Deno.test('visitor text is escaped in the HTML part', () => {
  const { html } = renderNotification('contact_messages', {
    ...BOOKING,
    name: '<img src=x onerror=alert(1)>',
    company: null,
    message: 'Problem: Other\n\nDetails: <script>alert("x")</script> & \'quotes\'',
  });
  assert.ok(!html.includes('<script>'));
  assert.ok(!html.includes('<img'));
  assert.ok(html.includes('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;'));
  assert.ok(html.includes('&lt;img src=x onerror=alert(1)&gt; (no company given)'));
});

Deno.test('subjects name the surface; chat bookings say they came from the chat; attribution when present', () => {
  assert.equal(renderNotification('contact_messages', BOOKING).subject, 'New demo request — Acme Pty Ltd');
  const chat = renderNotification('consultation_requests', {
    ...BOOKING,
    message:
      'Timezone: Australia/Sydney\nPreferred time: Tuesday morning\nWebsite: Not provided\nSource: Website chatbot',
  });
  assert.equal(chat.subject, 'New strategy call request — Acme Pty Ltd');
  assert.match(chat.text, /Received through: the chat assistant/);
  assert.match(renderNotification('consultation_requests', BOOKING).text, /Received through: the \/book form/);
  assert.doesNotMatch(renderNotification('consultation_requests', BOOKING).text, /came from/);

  const attributed = renderNotification('consultation_requests', {
    ...BOOKING,
    attribution: {
      surface: 'book',
      landing_page: '/pricing',
      utm_source: 'google',
      utm_campaign: '<spring>',
      referrer: '',
    },
  });
  assert.match(
    attributed.text,
    /Where the visitor came from:\nSurface: book\nLanding page: \/pricing\nUTM source: google\nUTM campaign: <spring>/,
  );
  assert.doesNotMatch(attributed.text, /Referrer/);
  assert.ok(attributed.html.includes('&lt;spring&gt;'));
});

Deno.test('backoff grows exponentially with jitter, capped at an hour', () => {
  const policy = { baseSeconds: 30, maxSeconds: 3600 };
  assert.equal(
    retryDelaySeconds(1, policy, () => 0),
    15,
  );
  assert.equal(
    retryDelaySeconds(1, policy, () => 0.999),
    30,
  );
  assert.equal(
    retryDelaySeconds(4, policy, () => 0),
    120,
  );
  assert.equal(
    retryDelaySeconds(20, policy, () => 0.9999999),
    3600,
  );
  const delays = new Set(Array.from({ length: 20 }, () => retryDelaySeconds(3, policy)));
  assert.ok(delays.size > 1, 'jitter spreads retries');
  for (const delay of delays) assert.ok(delay >= 60 && delay <= 120);
});

Deno.test('configuration comes from the environment and names what is missing', () => {
  assert.throws(
    () => readConfig({ SUPABASE_URL: 'http://x' }),
    /set RESEND_API_KEY, SUPABASE_SERVICE_ROLE_KEY \(or SUPABASE_SECRET_KEY\), NOTIFY_TO, NOTIFY_FROM/,
  );
});

// The hourly digest of held leads (issue 36): a job without a lead, its content read with the current claim.
const DIGEST: HeldDigest = {
  // 10:00 to 11:00 pm in Sydney (AEDT, +11) on Monday 23 November 2026.
  hour_start: '2026-11-23T11:00:00+00:00',
  hour_end: '2026-11-23T12:00:00+00:00',
  held: 3,
  released: 1,
  leads: [
    {
      lead_table: 'contact_messages',
      lead_id: '0b6f4a52-4c1e-4c3a-9a55-0f3f9e2c1a02',
      received_at: '2026-11-23T11:04:00+00:00',
      name: 'Mallory <script>alert(1)</script>',
      company: 'Junk & Co',
      email: 'bot@spam.example',
      hold_reason: 'honeypot',
      surface: 'contact_form',
      release_token: 'c'.repeat(64),
      seconds_to_send: null,
    },
    {
      lead_table: 'consultation_requests',
      lead_id: '7d0c3f5e-2b1a-4c57-9a55-0f3f9e2c1a01',
      received_at: '2026-11-23T11:30:00+00:00',
      name: 'Ada Lovelace',
      company: 'Acme Pty Ltd',
      email: 'ada@example.com',
      hold_reason: 'over_global_rate',
      surface: 'chat',
      release_token: 'd'.repeat(64),
      seconds_to_send: 73,
    },
  ],
  deleted_since_last: 12,
  retention_days: 14,
};
const SITE = { ...config, siteUrl: 'https://brightlane.test', slackWebhookUrl: 'https://hooks.test/chat' };

/** Resend as above, plus the chat webhook's calls counted. */
function withWebhook(resend: ReturnType<typeof resendStub>) {
  const webhook: string[] = [];
  const fetchStub = (input: string | URL | Request, init?: RequestInit) => {
    if (String(input) === SITE.slackWebhookUrl) {
      webhook.push(String(init?.body));
      return Promise.resolve(new Response('ok'));
    }
    return resend.fetch(input, init);
  };
  return { fetch: fetchStub as typeof fetch, webhook };
}

Deno.test(
  'the digest: one e-mail to the team listing each held lead with its release link, none to the chat',
  async () => {
    const { queue, jobs } = memoryQueue([], [DIGEST]);
    const resend = resendStub();
    const stub = withWebhook(resend);
    const summary = await deliverDueNotifications({ queue, config: SITE, fetch: stub.fetch });
    assert.deepEqual(summary, { claimed: 1, sent: 1, retrying: 0, dead: 0 });
    assert.equal(resend.inbox.length, 1);
    assert.deepEqual(stub.webhook, [], 'the release links stay out of the chat channel');
    const [{ headers, payload }] = resend.inbox;
    assert.equal(headers.get('Idempotency-Key'), 'job-1');
    assert.deepEqual(payload.to, config.to);
    assert.equal(payload.reply_to, undefined);
    assert.equal(
      payload.subject,
      'Held leads: 3 leads held 10:00 pm–11:00 pm, Monday 23 November 2026 (1 probably real)',
    );
    const body = String(payload.text);
    assert.match(body, /^3 leads were stored and held between 10:00 pm and 11:00 pm on Monday 23 November 2026/);
    // The lead held for the traffic alone first, the trap-field one after it, in their groups.
    assert.ok(
      body.includes(
        'PROBABLY REAL: 1 lead held only because of the traffic (over_global_rate: 1).' +
          ' They carried a valid proof-of-work',
      ),
      body,
    );
    assert.ok(
      body.includes(
        '1. Ada Lovelace — Acme Pty Ltd — ada@example.com\n' +
          '   Held: more submissions a minute than the form normally receives · through the chat assistant · received 10:30 pm' +
          ' · sent 1 min 13 s after starting\n',
      ),
      body,
    );
    assert.ok(body.includes('PROBABLY AUTOMATED: 1 lead held without a valid proof-of-work or with the trap field'));
    assert.ok(
      body.includes(
        [
          '2. Mallory <script>alert(1)</script> — Junk & Co — bot@spam.example',
          "   Held: the form's hidden trap field was filled · through the /contact form · received 10:04 pm",
          `   Release: https://brightlane.test/release-lead#${'c'.repeat(64)}`,
          '   (or: npm run leads -- release 0b6f4a52-4c1e-4c3a-9a55-0f3f9e2c1a02)',
        ].join('\n'),
      ),
      body,
    );
    assert.ok(body.indexOf('PROBABLY REAL') < body.indexOf('PROBABLY AUTOMATED'));
    assert.doesNotMatch(body, /Not listed here/, 'a small hour lists every lead');
    assert.match(body, /1 lead of this hour was released already\./);
    assert.match(body, /12 held leads were deleted since the last digest: held for 14 days and never released\./);
    const html = String(payload.html);
    assert.ok(!html.includes('<script>'));
    assert.ok(html.includes('Mallory &lt;script&gt;alert(1)&lt;/script&gt; — Junk &amp; Co — bot@spam.example'));
    assert.ok(html.includes(`<a href="https://brightlane.test/release-lead#${'d'.repeat(64)}">Release this lead</a>`));
    assert.equal(jobs[0].status, 'sent');
  },
);

Deno.test('the digest without SITE_URL gives the release commands; a retry sends the same digest once', async () => {
  const { queue, jobs, advance } = memoryQueue([], [DIGEST]);
  const resend = resendStub((call) => (call === 1 ? 500 : 'ok'));
  await runUntilSettled(queue, resend.fetch, advance);
  assert.equal(resend.calls(), 2);
  assert.equal(resend.inbox.length, 1);
  assert.equal(jobs[0].digestReads, 2, 'each attempt reads the digest under its own claim');
  const body = String(resend.inbox[0].payload.text);
  assert.ok(!body.includes('release-lead#'));
  assert.ok(body.includes('   Release: npm run leads -- release 7d0c3f5e-2b1a-4c57-9a55-0f3f9e2c1a01'));
  assert.equal(jobs[0].status, 'sent');
});

Deno.test(
  'a digest whose claim was lost is left to the run that holds it: nothing sent, nothing recorded',
  async () => {
    const { queue, jobs } = memoryQueue([], [DIGEST]);
    const lost: Queue = { ...queue, digest: () => Promise.resolve(null) };
    const resend = resendStub();
    const summary = await deliverDueNotifications({ queue: lost, config, fetch: resend.fetch });
    assert.deepEqual(summary, { claimed: 1, sent: 0, retrying: 1, dead: 0 });
    assert.equal(resend.calls(), 0);
    assert.equal(jobs[0].status, 'sending');
  },
);

Deno.test("a released lead's notification says it was held and when it was released", () => {
  const released = renderNotification('consultation_requests', {
    ...BOOKING,
    hold_reason: 'network_burst',
    released_at: '2026-11-23T05:00:00.000Z',
    released_by: 'release link',
  });
  assert.match(
    released.text,
    /Held: a burst of submissions from one network; released Monday, 23 November 2026 at 4:00:00 pm AEDT by release link/,
  );
  assert.doesNotMatch(
    renderNotification('consultation_requests', { ...BOOKING, hold_reason: 'honeypot' }).text,
    /Held:/,
  );
});
