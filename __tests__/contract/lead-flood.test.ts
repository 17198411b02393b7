/** @jest-environment node */
// The flood benchmark's shorter version (issue 36; the full one is bench/lead-flood.ts, same generator in
// bench/lib/flood*.ts): on a real PostgreSQL server behind the local data API, a flood of 320 leads in 4 s from 200
// addresses (/24s, two IPv6 /48s, some in the real visitors' own /24, two hot addresses) and then a burst of 200 at
// once, with valid, missing, replayed, expired and badly signed challenges, while 6 real visitors (valid
// challenges, each from an address of their own, 2 inside the flood's block) send to both tables. Real visitors
// are all stored and reach the team exactly once (their own notification job, or held and listed in the hour's
// digest); no held lead gets a job, and judged a minute later no flood lead has one, its very first included; no
// replayed, expired, badly signed or missing challenge is stored unheld; what is refused is refused by a limit tied
// to the sender. Valid challenges are minted with the database's secret (no search: the bench solves real ones).
import { readChallengeSecret, mintChallenge } from '../helpers/lead-challenge';
import { startTestApi, type TestApi } from '../helpers/local-api';
import { floodAddresses } from '../../bench/lib/flood-addresses';
import { challengeDrawer, DEFAULT_MIX, mintedSource } from '../../bench/lib/flood-challenges';
import {
  leadBody,
  postLead,
  runFlood,
  seededRandom,
  type Answer,
  type FloodResult,
  type LeadTable,
} from '../../bench/lib/flood';
import { byChallengeKind, refusals, SENDER_LIMITS, storedLeads, type StoredLead } from '../../bench/lib/flood-report';

jest.setTimeout(60_000);

type Claimed = { job_id: string; claim_token: string };
type Visitor = { email: string; table: LeadTable; address: string; inFloodBlock: boolean; answer?: Answer };

const RUN = `t${Date.now().toString(36)}`;
const VISITOR_OFFSETS_MS = [300, 900, 1600, 2300, 3100];

let api: TestApi;
let flood: FloodResult;
let visitors: Visitor[];
let floodRows: StoredLead[];
let visitorRows: StoredLead[];

beforeAll(async () => {
  api = await startTestApi({ backend: 'postgres' });
  const secret = await readChallengeSecret(api.sql);
  const random = seededRandom(36);
  const addresses = floodAddresses({
    count: 200,
    ipv6Blocks: 2,
    perIpv6Block: 30,
    inVisitorBlock: 8,
    perIpv4Block: 7,
    hotClients: 2,
  });
  visitors = Array.from({ length: 6 }, (_, index) => ({
    email: `real-${RUN}-${index}@example.com`,
    table: index % 2 === 0 ? 'contact_messages' : 'consultation_requests',
    inFloodBlock: index < 2,
    address: index < 2 ? addresses.visitorAddressInBlock(index) : addresses.visitorAddressElsewhere(index),
  }));
  const send = async (visitor: Visitor) => {
    const body = leadBody(visitor.table, {
      email: visitor.email,
      name: 'Real Visitor',
      company: 'Honest Co',
      challenge: mintChallenge(secret, { maxNumber: 50_000 }).payload,
    });
    visitor.answer = await postLead(api.url, visitor.table, visitor.address, body);
  };
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const during = VISITOR_OFFSETS_MS.map((offset, index) => sleep(offset).then(() => send(visitors[index])));
  let inBurst: Promise<void> | undefined;
  flood = await runFlood({
    apiUrl: api.url,
    run: RUN,
    addresses,
    hotShare: 0.1,
    ratePerMinute: 4800,
    durationMs: 4000,
    burst: 200,
    drawer: challengeDrawer(mintedSource(secret), DEFAULT_MIX, random),
    maxRequests: 600,
    deadline: Date.now() + 40_000,
    random,
    // The last visitor sends as the burst leaves.
    beforeBurst: async () => {
      inBurst = send(visitors[5]);
    },
  });
  await Promise.all([...during, inBurst]);
  // A minute later, as the team's notifications see it: the leads that waited are judged (the claim does this
  // first), and those that arrived in the flood's minutes are held.
  await api.sql(`update private.outbox set settle_until = now() - interval '1 second' where settle_until is not null`);
  await api.sql('select private.hold_leads_a_flood_followed()');
  floodRows = await storedLeads(
    api.sql,
    flood.answers.map((answer) => answer.email),
  );
  visitorRows = await storedLeads(
    api.sql,
    visitors.map((visitor) => visitor.email),
  );
}, 120_000);
afterAll(() => api?.close());

/** The hour's digests as the notification function gets them: made due, claimed, read (their leads' e-mails). */
async function digestedEmails(): Promise<string[]> {
  await api.sql(
    `update private.outbox
        set next_attempt_at = case when kind = 'held_digest' then now() - interval '1 second' else now() + interval '1 day' end
      where queue = 'lead_notification'`,
  );
  const { data, error } = await api.service.rpc('claim_lead_notifications', { batch_size: 100 });
  expect(error).toBeNull();
  const emails: string[] = [];
  for (const { job_id, claim_token } of (data ?? []) as Claimed[]) {
    const digest = await api.service.rpc('held_lead_digest' as never, { job_id, claim_token } as never);
    expect(digest.error).toBeNull();
    emails.push(...(digest.data as unknown as { leads: { email: string }[] }).leads.map((lead) => lead.email));
  }
  return emails;
}

test('the flood ran as planned: every challenge kind sent, both phases, nothing timed out', () => {
  expect(flood.stoppedBy).toBe('plan');
  expect(flood.answers.filter((answer) => answer.phase === 'flood').length).toBe(320);
  expect(flood.answers.filter((answer) => answer.phase === 'burst').length).toBe(200);
  const kinds = byChallengeKind(flood.answers, floodRows);
  for (const kind of ['valid', 'missing', 'replayed', 'expired', 'bad_signature']) {
    expect(kinds[kind]?.sent).toBeGreaterThan(0);
  }
  expect(flood.answers.filter((answer) => answer.status !== 201 && answer.status !== 400)).toEqual([]);
});

test('real visitors are all stored, none refused, each reaching the team exactly once', async () => {
  expect(visitors.map((visitor) => visitor.answer?.status)).toEqual(Array(6).fill(201));
  expect(visitorRows.map((row) => row.email).sort()).toEqual(visitors.map((visitor) => visitor.email).sort());
  expect(visitorRows.filter((row) => row.duplicate)).toEqual([]);
  const digested = await digestedEmails();
  for (const row of visitorRows) {
    const times = row.jobs + digested.filter((email) => email === row.email).length;
    expect({ email: row.email, hold: row.hold_reason, times }).toEqual({
      email: row.email,
      hold: row.hold_reason,
      times: 1,
    });
  }
  // Held ones only by the volume reasons: their challenges were valid.
  for (const row of visitorRows) expect([null, 'over_global_rate', 'network_burst']).toContain(row.hold_reason);
});

test('no held flood lead has a notification job of its own, and one digest at most per clock hour', async () => {
  expect(floodRows.filter((row) => row.hold_reason !== null && row.jobs > 0)).toEqual([]);
  const digests = await api.sql<{ hour: string; jobs: number }>(
    `select digest_hour::text as hour, count(*)::int as jobs from private.outbox
      where kind = 'held_digest' group by digest_hour`,
  );
  expect(digests.length).toBeGreaterThanOrEqual(1);
  for (const digest of digests) expect(digest.jobs).toBe(1);
});

test('judged a minute later, no flood lead has a notification of its own, its very first included', () => {
  expect(floodRows.filter((row) => row.jobs > 0)).toEqual([]);
  expect(floodRows.filter((row) => row.hold_reason === null)).toEqual([]);
});

test('no replayed, expired, badly signed or missing challenge is stored unheld', () => {
  const kinds = byChallengeKind(flood.answers, floodRows);
  for (const kind of ['missing', 'replayed', 'expired', 'bad_signature']) {
    expect({ kind, storedNotHeld: kinds[kind].storedNotHeld }).toEqual({ kind, storedNotHeld: 0 });
  }
  expect(kinds.missing.heldBy).toEqual({ no_challenge: kinds.missing.stored });
  for (const kind of ['replayed', 'expired', 'bad_signature']) {
    expect(kinds[kind].heldBy).toEqual({ bad_challenge: kinds[kind].stored });
  }
});

test('what is refused is refused by a limit tied to the sender', () => {
  const refused = refusals([...flood.answers, ...visitors.map((visitor) => visitor.answer!)]);
  for (const reason of Object.keys(refused)) expect(Object.keys(SENDER_LIMITS)).toContain(reason);
  // Every 201 stored a row; every refusal stored none.
  const answered = flood.answers.filter((answer) => answer.status === 201).map((answer) => answer.email);
  expect(floodRows.map((row) => row.email).sort()).toEqual(answered.sort());
});
