// The hourly digest of held leads under a flood (issue 36): grouped by how likely a lead is real (held only for
// the traffic first, then no or a bad proof-of-work and the trap field), within a group those that took a person's
// time to send first, then newest first, at most
// DIGEST_LIST_LIMITS listed in full per group, the rest counted per reason with the command that lists them, and
// no still-held lead neither listed nor counted. The flood's hour here is about the flood benchmark's (3,780 held).
import assert from 'node:assert/strict';
import { DIGEST_LIST_LIMITS, renderHeldDigest, type HeldDigest, type HeldDigestLead } from './digest-render.ts';

const HOUR_START = Date.parse('2026-11-23T11:00:00Z'); // 10:00 pm in Sydney (AEDT)

/** A hex prefix per reason, so ids tell the reasons apart. */
const REASON_PREFIX = (reason: string) =>
  [...reason]
    .reduce((sum, c) => (sum * 31 + c.charCodeAt(0)) >>> 0, 7)
    .toString(16)
    .padStart(8, '0');

/**
 * `n` held leads for `reason`, received one a second from `startSecond` on (so the later index is newer), each sent
 * `secondsToSend` after its challenge (a script's 1 s by default; null: no valid challenge).
 */
function leads(
  reason: string,
  n: number,
  startSecond: number,
  who = reason,
  secondsToSend: number | null = ['over_global_rate', 'network_burst'].includes(reason) ? 1 : null,
): HeldDigestLead[] {
  return Array.from({ length: n }, (_, index) => {
    const second = startSecond + index;
    return {
      lead_table: index % 2 ? 'contact_messages' : 'consultation_requests',
      lead_id: `${REASON_PREFIX(reason)}-0000-4000-8000-${String(second).padStart(12, '0')}`,
      received_at: new Date(HOUR_START + second * 1000).toISOString(),
      name: `${who} ${index}`,
      company: null,
      email: `${who}-${index}@example.com`,
      hold_reason: reason,
      surface: 'contact_form',
      release_token: second.toString(16).padStart(64, '0'),
      seconds_to_send: secondsToSend,
    };
  });
}

function digestOf(held: HeldDigestLead[], released = 0): HeldDigest {
  // The database sends them oldest first; the digest must not rely on it.
  const oldestFirst = [...held].sort((a, b) => a.received_at.localeCompare(b.received_at));
  return {
    hour_start: new Date(HOUR_START).toISOString(),
    hour_end: new Date(HOUR_START + 3_600_000).toISOString(),
    held: held.length + released,
    released,
    leads: oldestFirst,
    deleted_since_last: 0,
    retention_days: 14,
  };
}

// The flood benchmark's hour, roughly: 50 real visitors (who took 40 s to fill in a form) among 284 flood leads over
// the global rate, 34 in network bursts (sent a second after their solutions), 3,446 without or with a bad
// proof-of-work. The real visitors came before most of the flood's.
const REAL = leads('over_global_rate', 50, 100, 'real', 40);
const FLOOD = [
  ...leads('over_global_rate', 284, 200),
  ...leads('network_burst', 34, 600),
  ...leads('no_challenge', 2000, 700),
  ...leads('bad_challenge', 1446, 2700),
];
const FLOOD_HOUR = digestOf([...REAL, ...FLOOD], 2);
const SITE = 'https://brightlane.test';

const listedIds = (text: string) => [...text.matchAll(/npm run leads -- release ([0-9a-f-]{36})/g)].map((m) => m[1]);

Deno.test('a flood hour: subject with the held and the probably-real count, groups in order, people first', () => {
  const { subject, text } = renderHeldDigest(FLOOD_HOUR, SITE);
  assert.equal(subject, 'Held leads: 3,816 leads held 10:00 pm–11:00 pm, Monday 23 November 2026 (368 probably real)');
  assert.match(text, /^3,816 leads were stored and held between 10:00 pm and 11:00 pm/);
  const real = text.indexOf('PROBABLY REAL: 368 leads held only because of the traffic');
  const automated = text.indexOf('PROBABLY AUTOMATED: 3,446 leads held without a valid proof-of-work');
  assert.ok(real >= 0 && automated > real, text.slice(0, 3000));
  assert.ok(text.includes('(over_global_rate: 334, network_burst: 34)'));
  assert.ok(text.includes('(no_challenge: 2,000, bad_challenge: 1,446)'));

  const ids = listedIds(text);
  assert.equal(ids.length, DIGEST_LIST_LIMITS.probablyReal + DIGEST_LIST_LIMITS.probablyAutomated);
  const byId = new Map(FLOOD_HOUR.leads.map((lead) => [lead.lead_id, lead]));
  const listed = ids.map((id) => byId.get(id)!);
  // Probably real: the 50 real visitors, who took a person's time, although the flood's leads are newer.
  const realListed = listed.slice(0, DIGEST_LIST_LIMITS.probablyReal);
  assert.deepEqual(realListed.map((lead) => lead.email).sort(), REAL.map((lead) => lead.email).sort());
  assert.ok(text.includes("50 of them took a person's time, at least 5 s from starting the form or the chat"));
  assert.ok(text.includes(' · sent 40 s after starting\n'));
  const automatedListed = listed.slice(DIGEST_LIST_LIMITS.probablyReal);
  assert.ok(automatedListed.every((lead) => ['no_challenge', 'bad_challenge'].includes(lead.hold_reason)));
  for (const group of [realListed, automatedListed]) {
    const times = group.map((lead) => Date.parse(lead.received_at));
    assert.deepEqual(
      times,
      [...times].sort((a, b) => b - a),
      'newest first',
    );
  }
  assert.equal(realListed[0].email, 'real-49@example.com');
  // Numbered across the groups, as the digest counts entries.
  assert.equal((text.match(/^\d+\. /gm) ?? []).length, 70);
  assert.ok(text.includes('\n51. '));
  assert.ok(!text.includes('\n71. '));
  assert.ok(text.includes('The first 50 of 368:'));
  assert.ok(text.includes('The first 20 of 3,446:'));
});

Deno.test('a flood hour: the unlisted are counted per reason with the command that lists them; none is lost', () => {
  const { text } = renderHeldDigest(FLOOD_HOUR, SITE);
  assert.ok(
    text.includes(
      'Not listed here: 318 more (over_global_rate: 284, network_burst: 34), still held. The whole group, in the same ' +
        'order, with the ids to ' +
        'release: npm run leads -- held --reason over_global_rate,network_burst --hour 2026-11-23T11:00Z',
    ),
    text,
  );
  assert.ok(
    text.includes(
      'Not listed here: 3,426 more (no_challenge: 2,000, bad_challenge: 1,426), still held. The whole group, in the same ' +
        'order, with the ids to release: npm run leads -- held --reason no_challenge,bad_challenge ' +
        '--hour 2026-11-23T11:00Z',
    ),
    text,
  );
  // Every still-held lead is listed or counted: 70 listed + 318 + 3,426 = 3,814 (the hour's 3,816 less 2 released).
  const unlisted = [...text.matchAll(/Not listed here: ([\d,]+) more/g)].map((m) => Number(m[1].replaceAll(',', '')));
  assert.equal(listedIds(text).length + unlisted.reduce((a, b) => a + b, 0), FLOOD_HOUR.leads.length);
  assert.match(text, /2 leads of this hour were released already\./);
  // Every real visitor is listed in the probably-real group, none counted only.
  const realPart = text.slice(0, text.indexOf('PROBABLY AUTOMATED'));
  assert.ok(REAL.every((lead) => realPart.includes(lead.email)));
  assert.ok(text.length < 40_000, `text part ${text.length} characters`);
});

Deno.test('a flood hour in HTML: the same groups, escaped, numbered on, with the counts and commands', () => {
  const hostile = leads('over_global_rate', 1, 3599, '<img src=x onerror=alert(1)>');
  const { html } = renderHeldDigest(digestOf([...FLOOD, ...hostile]), SITE);
  assert.ok(!html.includes('<img'));
  assert.ok(html.includes('&lt;img src=x onerror=alert(1)&gt; 0'));
  assert.ok(html.indexOf('<h2 style="font-size:16px">Probably real</h2>') < html.indexOf('>Probably automated</h2>'));
  assert.ok(html.includes('<ol start="1">'));
  assert.ok(html.includes('<ol start="51">'));
  assert.equal((html.match(/<li /g) ?? []).length, 70);
  assert.equal((html.match(/>Release this lead<\/a>/g) ?? []).length, 70);
  assert.ok(html.includes('npm run leads -- held --reason no_challenge,bad_challenge --hour 2026-11-23T11:00Z'));
  assert.ok(html.includes('Not listed here: 269 more (over_global_rate: 269)'));
  assert.ok(html.length < 60_000, `HTML part ${html.length} characters`);
});

Deno.test('an hour within the limits lists every lead; a reason not known yet counts as probably automated', () => {
  const hour = digestOf([
    ...leads('over_global_rate', DIGEST_LIST_LIMITS.probablyReal, 10),
    ...leads('honeypot', 3, 100),
    ...leads('some_new_reason', 2, 200),
  ]);
  const { subject, text, html } = renderHeldDigest(hour, undefined);
  assert.match(subject, /\(50 probably real\)$/);
  assert.doesNotMatch(text, /Not listed here/);
  assert.ok(text.includes('(over_global_rate: 50). They carried'));
  assert.ok(text.includes('(honeypot: 3, some_new_reason: 2)'));
  assert.equal((text.match(/All of them:/g) ?? []).length, 2);
  assert.equal(listedIds(text).length, 55);
  // Newest first: the new reason's leads (received later) lead the second group.
  assert.ok(text.includes('51. some_new_reason 1'));
  assert.ok(!html.includes('Release this lead'), 'no link without SITE_URL');
});

Deno.test('an hour of junk only: no probably-real group, the subject says none', () => {
  const { subject, text } = renderHeldDigest(digestOf(leads('no_challenge', 25, 0)), SITE);
  assert.match(subject, /^Held leads: 25 leads held .* \(0 probably real\)$/);
  assert.doesNotMatch(text, /PROBABLY REAL/);
  assert.ok(text.includes('1. no_challenge 24'));
  assert.ok(
    text.includes('Not listed here: 5 more (no_challenge: 5), still held.') &&
      text.includes('npm run leads -- held --reason no_challenge --hour 2026-11-23T11:00Z'),
  );
});

Deno.test(
  'people first, by the time they took: at the threshold yes, under it and without a challenge newest first',
  () => {
    const hour = digestOf([
      ...leads('over_global_rate', 1, 10, 'person-at-threshold', 5),
      ...leads('over_global_rate', 1, 20, 'person-slow', 754),
      ...leads('over_global_rate', 1, 30, 'script-almost', 4),
      ...leads('over_global_rate', 1, 40, 'older-database', null),
      ...leads('network_burst', 1, 50, 'script-newest', 0),
    ]);
    const { text } = renderHeldDigest(hour, SITE);
    const order = [...text.matchAll(/^\d+\. (\S+) 0/gm)].map((m) => m[1]);
    assert.deepEqual(order, ['person-slow', 'person-at-threshold', 'script-newest', 'older-database', 'script-almost']);
    assert.ok(text.includes(' · sent 12 min 34 s after starting\n'));
    assert.ok(text.includes(' · sent 4 s after starting\n'));
    assert.ok(text.includes("2 of them took a person's time"));
    // A lead without a valid challenge says nothing of its time.
    const olderLine = text.split('\n').find((line, index, lines) => lines[index - 1]?.includes('older-database 0'));
    assert.ok(olderLine && !olderLine.includes('after starting'), String(olderLine));
  },
);
