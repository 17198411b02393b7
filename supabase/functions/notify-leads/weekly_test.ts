// The weekly summary (issue 44): its words and numbers, the changes on the week before, singular and plural, a week
// with nothing before, the HTML's escaping and table, the dashboard's link (or how to open it without SITE_URL), and
// its delivery through the outbox with the e-mail provider stubbed at the fetch level.
// Run: npm run test:functions
import assert from 'node:assert/strict';
import { BRAND_NAME } from '../_shared/brand.ts';
import { readConfig } from './config.ts';
import type { ClaimedJob, Queue } from './queue.ts';
import { escapeHtml } from './render.ts';
import { deliverDueNotifications } from './run.ts';
import {
  changeWords,
  renderWeeklySummary,
  weekInWords,
  type WeeklyFigures,
  type WeeklySummary,
} from './weekly-render.ts';

const SITE = 'https://brightlane.test';
const config = readConfig({
  SUPABASE_URL: 'http://db.invalid',
  SUPABASE_SERVICE_ROLE_KEY: 'service-key',
  RESEND_API_KEY: 're_test',
  RESEND_API_URL: 'https://resend.test',
  NOTIFY_TO: 'sales@brightlane.test, founder@brightlane.test',
  NOTIFY_FROM: 'Brightlane leads <leads@brightlane.test>',
  SLACK_WEBHOOK_URL: 'https://chat.test/hook',
  SITE_URL: SITE,
  NOTIFY_PROVIDER_TIMEOUT_MS: '50',
});

const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** Figures as private.insights_figures returns them, the rates worked out as it does. */
function figures(
  visitors: number,
  engaged: number,
  leads: number,
  booked: number,
  attended: number,
  extra: Partial<WeeklyFigures> = {},
): WeeklyFigures {
  return {
    visitors,
    engaged,
    leads,
    booked,
    attended,
    cancelled: 0,
    awaiting_outcome: 0,
    rates: {
      engaged: rate(engaged, visitors),
      leads: rate(leads, visitors),
      booked: rate(booked, leads),
      attended: rate(attended, booked),
    },
    funnel: { visits: visitors, engaged, leads, booked, attended, leads_without_visit: 0 },
    left_out: { bot_events: 0, flood_held_events: 0, held_leads: 0 },
    rollup_days: 0,
    ...extra,
  };
}

const WEEK: WeeklySummary = {
  time_zone: 'Australia/Sydney',
  week_start: '2026-11-16',
  week_end: '2026-11-22',
  current: figures(240, 31, 8, 3, 2, { cancelled: 1, awaiting_outcome: 1 }),
  previous: figures(214, 34, 6, 0, 2),
};

Deno.test("the subject names the brand from content/site.json and the week's visitors, leads and booked calls", () => {
  const { subject } = renderWeeklySummary(WEEK, SITE);
  assert.equal(subject, `Last week at ${BRAND_NAME}: 240 visitors, 8 leads, 3 booked calls`);
});

Deno.test("the week in words, in the team's days, within a month, across months and across years", () => {
  assert.equal(weekInWords('2026-11-16', '2026-11-22'), 'Monday 16 to Sunday 22 November 2026');
  assert.equal(weekInWords('2026-11-30', '2026-12-06'), 'Monday 30 November to Sunday 6 December 2026');
  assert.equal(weekInWords('2026-12-28', '2027-01-03'), 'Monday 28 December 2026 to Sunday 3 January 2027');
  // The week of the end of daylight saving in Sydney (Sunday 5 April 2026) is still Monday to Sunday.
  assert.equal(weekInWords('2026-03-30', '2026-04-05'), 'Monday 30 March to Sunday 5 April 2026');
  assert.throws(() => weekInWords('16 November', '2026-11-22'), /not a day/);
});

Deno.test('a sentence per step with its rate and the change on the week before; the table; the link', () => {
  const { text } = renderWeeklySummary(WEEK, SITE);
  const lines = text.split('\n');
  assert.equal(
    lines[0],
    "The week from Monday 16 to Sunday 22 November 2026 (Sydney time), compared with the week before: the Insights dashboard's figures for these seven days.",
  );
  assert.deepEqual(lines.slice(2, 7), [
    // 26 more than 214 is 12.1%: a share from 20 the week before on.
    '240 visitors came to the site, up 12% on the week before (214).',
    // 34 the week before: 31 is down 8.8%, said as 9%.
    '31 visitors opened the chat or started a form (12.9% of visitors), down 9% on the week before (34).',
    // 6 the week before: below 20, the change in numbers.
    '8 leads came in (3.3% of visitors), up 2 on the week before (6).',
    '3 calls were booked (37.5% of leads), none the week before. Not counted: 1 cancelled call.',
    '2 booked calls were attended (66.7% of booked calls), the same as the week before. 1 booked call has no outcome recorded yet.',
  ]);
  const table = [
    '                Last week  Week before       Change',
    '--------------  ---------  -----------  -----------',
    'Visitors              240          214       up 12%',
    'Engaged visits         31           34      down 9%',
    'Leads                   8            6         up 2',
    'Booked calls            3            0  none before',
    'Attended calls          2            2         same',
  ].join('\n');
  assert.ok(text.includes(`\n\n${table}\n\n`), text);
  assert.ok(text.includes(`Sources, pages and every day of the week are on the dashboard: ${SITE}/insights`));
  assert.ok(text.endsWith('This summary comes every Monday at 8:00 am Sydney time, for the week before.'));
});

Deno.test('changes: up and down as a share or in numbers, the same, and nothing the week before', () => {
  assert.equal(changeWords(240, 214), 'up 12% on the week before (214)');
  assert.equal(changeWords(8, 11), 'down 3 on the week before (11)');
  assert.equal(changeWords(19, 20), 'down 5% on the week before (20)');
  assert.equal(changeWords(1_004, 1_000), 'up 4 on the week before (1,000)', 'a share that rounds to 0% in numbers');
  assert.equal(changeWords(12_500, 10_000), 'up 25% on the week before (10,000)');
  assert.equal(changeWords(5, 5), 'the same as the week before');
  assert.equal(changeWords(4, 0), 'none the week before');
  assert.equal(changeWords(0, 0), 'none the week before either');
  assert.equal(changeWords(0, 3), 'down 3 on the week before (3)');
});

Deno.test('singular and plural: one of each, and none', () => {
  const one = renderWeeklySummary(
    { ...WEEK, current: figures(1, 1, 1, 1, 1, { cancelled: 1, awaiting_outcome: 2 }), previous: WEEK.previous },
    SITE,
  );
  assert.equal(one.subject, `Last week at ${BRAND_NAME}: 1 visitor, 1 lead, 1 booked call`);
  for (const sentence of [
    // 213 fewer than 214 rounds to 100%: said as 99% while one is left.
    '1 visitor came to the site, down 99% on the week before (214).',
    '1 visitor opened the chat or started a form (100% of visitors), down 97% on the week before (34).',
    '1 lead came in (100% of visitors), down 5 on the week before (6).',
    '1 call was booked (100% of leads), none the week before. Not counted: 1 cancelled call.',
    '1 booked call was attended (100% of booked calls), down 1 on the week before (2). 2 booked calls have no outcome recorded yet.',
  ]) {
    assert.ok(one.text.includes(sentence), sentence);
  }
  const none = renderWeeklySummary({ ...WEEK, current: figures(0, 0, 0, 0, 0), previous: WEEK.previous }, SITE);
  assert.equal(none.subject, `Last week at ${BRAND_NAME}: 0 visitors, 0 leads, 0 booked calls`);
  assert.ok(none.text.includes('No visitors came to the site, down 100% on the week before (214).'));
  // No rate where there is nothing to divide by, as on the dashboard.
  assert.ok(none.text.includes('No leads came in, down 6 on the week before (6).'));
  assert.ok(none.text.includes('No booked calls were attended, down 2 on the week before (2).'));
  assert.ok(!none.text.includes('Not counted'));
});

Deno.test('a first week (nothing the week before): "none the week before", "none before" in the table', () => {
  const first = renderWeeklySummary(
    { ...WEEK, current: figures(50, 5, 2, 0, 0), previous: figures(0, 0, 0, 0, 0) },
    SITE,
  );
  assert.ok(first.text.includes('50 visitors came to the site, none the week before.'));
  assert.ok(first.text.includes('2 leads came in (4% of visitors), none the week before.'));
  assert.ok(first.text.includes('No calls were booked (0% of leads), none the week before either.'));
  assert.ok(first.text.includes('No booked calls were attended, none the week before either.'));
  assert.match(first.text, /^Visitors {15}50 {12}0 {2}none before$/m);
  assert.match(first.text, /^Booked calls {12}0 {12}0 {9}same$/m);
});

Deno.test('held leads and approximate days are said under the sentences', () => {
  const { text } = renderWeeklySummary(
    {
      ...WEEK,
      current: figures(240, 31, 8, 3, 2, {
        left_out: { bot_events: 9, flood_held_events: 0, held_leads: 4 },
        rollup_days: 1,
      }),
    },
    SITE,
  );
  assert.ok(
    text.includes('Not counted: 4 leads held as suspected spam and not released (the held-lead digests list them).'),
  );
  assert.ok(text.includes('1 day of the week is older than the raw visits'));
});

Deno.test('the HTML: the sentences, a table of the five steps, the link, every value escaped', () => {
  const { subject, html } = renderWeeklySummary(WEEK, SITE);
  assert.ok(html.includes(`<h1 style="font-size:18px">${escapeHtml(subject)}</h1>`));
  assert.ok(html.includes('<li>240 visitors came to the site, up 12% on the week before (214).</li>'));
  assert.ok(
    html.includes(
      '<tr><th align="left" style="padding:4px 12px 4px 0">Visitors</th>' +
        '<td align="right" style="padding:4px 12px 4px 0">240</td>' +
        '<td align="right" style="padding:4px 12px 4px 0">214</td>' +
        '<td align="right" style="padding:4px 12px 4px 0">up 12%</td></tr>',
    ),
  );
  assert.equal(html.match(/<tr>/g)?.length, 6, 'the header and the five steps');
  assert.ok(html.includes(`<a href="${SITE}/insights">Open the Insights dashboard</a>`));
  // Values that are not the summary's own words are escaped: the brand (escapeHtml of the subject above), the zone,
  // the site's address.
  const odd = renderWeeklySummary({ ...WEEK, time_zone: 'Test/<b>&Zone' }, 'https://x.test/"><script>');
  assert.ok(!odd.html.includes('<script>'));
  assert.ok(!odd.html.includes('<b>'));
  assert.ok(odd.html.includes('(&lt;b&gt;&amp;Zone time)'));
  assert.ok(odd.html.includes('<a href="https://x.test/&quot;&gt;&lt;script&gt;/insights">'));
});

Deno.test('without SITE_URL the summary says how to open the dashboard instead of a link', () => {
  const { text, html } = renderWeeklySummary(WEEK, undefined);
  const how =
    'Sources, pages and every day of the week are on the Insights dashboard: open /insights on the website and ' +
    'sign in with your work e-mail. (This e-mail cannot link to it: the notify-leads function has no SITE_URL.)';
  assert.ok(text.includes(how));
  assert.ok(html.includes(`<p>${escapeHtml(how)}</p>`));
  assert.ok(!text.includes('http'));
  assert.ok(!html.includes('<a '));
});

// The outbox in memory: weekly jobs without a lead whose figures only the current claim may read.
function memoryQueue(summary: WeeklySummary | null) {
  const job = {
    job_id: 'job-weekly',
    token: '',
    attempts: 0,
    status: 'pending' as 'pending' | 'sending' | 'sent' | 'dead',
    dueAt: 0,
    providerId: undefined as string | undefined,
    errors: [] as string[],
    reads: { digest: 0, weekly: 0 },
  };
  let clock = 0;
  const current = (claimed: ClaimedJob) =>
    claimed.job_id === job.job_id && claimed.claim_token === job.token && job.status === 'sending';
  const queue: Queue = {
    claim(batchSize) {
      if (batchSize < 1 || job.status === 'sent' || job.status === 'dead' || job.dueAt > clock) {
        return Promise.resolve([]);
      }
      Object.assign(job, { status: 'sending', attempts: job.attempts + 1, token: crypto.randomUUID() });
      job.dueAt = clock + 120;
      const claimed: ClaimedJob = {
        job_id: job.job_id,
        claim_token: job.token,
        lead_table: null,
        lead_id: null,
        attempts: job.attempts,
        queued_at: '',
        lead: null,
        kind: 'weekly_summary',
      };
      return Promise.resolve([claimed]);
    },
    complete(claimed, id) {
      if (!current(claimed)) return Promise.resolve(false);
      Object.assign(job, { status: 'sent', token: '', providerId: id });
      return Promise.resolve(true);
    },
    fail(claimed, error, retryIn) {
      if (!current(claimed)) return Promise.resolve(false);
      job.errors.push(error);
      Object.assign(job, { status: retryIn === null ? 'dead' : 'pending', token: '', dueAt: clock + (retryIn ?? 0) });
      return Promise.resolve(true);
    },
    // Not a digest: held_lead_digest answers null for any other kind of job.
    digest() {
      job.reads.digest += 1;
      return Promise.resolve(null);
    },
    weeklySummary(claimed) {
      job.reads.weekly += 1;
      return Promise.resolve(current(claimed) ? summary : null);
    },
  };
  return { queue, job, advance: (seconds = 10_000) => (clock += seconds) };
}

type Call = { url: string; headers: Headers; payload: Record<string, unknown> };

/** Resend (and the chat webhook) at the fetch level; `fate` decides each e-mail's answer. */
function providerStub(fate: (call: number) => 'ok' | 500 | 422 = () => 'ok') {
  const calls: Call[] = [];
  let emails = 0;
  const stub = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    calls.push({ url, headers: new Headers(init?.headers), payload: JSON.parse(String(init?.body)) });
    if (url !== 'https://resend.test/emails') return Promise.resolve(new Response('ok'));
    emails += 1;
    const answer = fate(emails);
    if (answer !== 'ok') return Promise.resolve(new Response('{"message":"nope"}', { status: answer }));
    return Promise.resolve(Response.json({ id: `email-${emails}` }));
  };
  return { fetch: stub as typeof fetch, calls, emails: () => calls.filter((call) => call.url.includes('resend')) };
}

Deno.test('a claimed weekly summary: exactly one e-mail, to the team only, and the job completed', async () => {
  const { queue, job } = memoryQueue(WEEK);
  const provider = providerStub();
  const summary = await deliverDueNotifications({ queue, config, fetch: provider.fetch });
  assert.deepEqual(summary, { claimed: 1, sent: 1, retrying: 0, dead: 0 });
  assert.equal(provider.calls.length, 1, 'one e-mail and no chat post');
  const [{ url, headers, payload }] = provider.calls;
  assert.equal(url, 'https://resend.test/emails');
  assert.equal(headers.get('Idempotency-Key'), 'job-weekly');
  assert.deepEqual(payload.to, ['sales@brightlane.test', 'founder@brightlane.test']);
  assert.equal(payload.from, 'Brightlane leads <leads@brightlane.test>');
  assert.equal(payload.subject, `Last week at ${BRAND_NAME}: 240 visitors, 8 leads, 3 booked calls`);
  assert.ok(String(payload.text).includes(`${SITE}/insights`));
  assert.deepEqual([job.status, job.providerId, job.reads], ['sent', 'email-1', { digest: 0, weekly: 1 }]);
  assert.equal((await deliverDueNotifications({ queue, config, fetch: provider.fetch })).claimed, 0);
  assert.equal(provider.emails().length, 1);
});

Deno.test('a failed send goes the fail path: retried with backoff after a 500, then sent once', async () => {
  const { queue, job, advance } = memoryQueue(WEEK);
  const provider = providerStub((call) => (call === 1 ? 500 : 'ok'));
  const first = await deliverDueNotifications({ queue, config, fetch: provider.fetch, random: () => 0.5 });
  assert.deepEqual(first, { claimed: 1, sent: 0, retrying: 1, dead: 0 });
  assert.equal(job.status, 'pending');
  assert.match(job.errors[0], /^HTTP 500/);
  advance();
  const second = await deliverDueNotifications({ queue, config, fetch: provider.fetch, random: () => 0.5 });
  assert.deepEqual(second, { claimed: 1, sent: 1, retrying: 0, dead: 0 });
  assert.deepEqual([job.status, job.attempts, job.reads.weekly], ['sent', 2, 2]);
});

Deno.test('a permanent refusal marks the weekly summary dead with the error', async () => {
  const { queue, job } = memoryQueue(WEEK);
  const provider = providerStub(() => 422);
  const summary = await deliverDueNotifications({ queue, config, fetch: provider.fetch });
  assert.deepEqual(summary, { claimed: 1, sent: 0, retrying: 0, dead: 1 });
  assert.equal(job.status, 'dead');
  assert.match(job.errors[0], /^HTTP 422/);
});

Deno.test('a weekly summary whose claim was lost is left to the run that holds it: nothing sent', async () => {
  const { queue, job } = memoryQueue(null);
  const provider = providerStub();
  const summary = await deliverDueNotifications({ queue, config, fetch: provider.fetch });
  assert.deepEqual(summary, { claimed: 1, sent: 0, retrying: 1, dead: 0 });
  assert.equal(provider.calls.length, 0);
  assert.deepEqual([job.status, job.errors], ['sending', []]);
});

Deno.test('a summary that cannot be rendered is given up with the reason, nothing sent', async () => {
  const { queue, job } = memoryQueue({ ...WEEK, week_start: 'last Monday' });
  const provider = providerStub();
  const summary = await deliverDueNotifications({ queue, config, fetch: provider.fetch });
  assert.deepEqual(summary, { claimed: 1, sent: 0, retrying: 0, dead: 1 });
  assert.equal(provider.calls.length, 0);
  assert.match(job.errors[0], /^cannot render the weekly summary: Error: not a day: last Monday/);
});
