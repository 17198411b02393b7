// `npx tsx bench/storage-abuse.ts`: measures how lead storage holds under abuse, for docs/security.md.
// A real PostgreSQL server prepared like a hosted Supabase project (__tests__/helpers/real-postgres.ts),
// the migrations applied, and the local data API in front of it (a pool of 10 connections, like PostgREST's
// default), taking the client address from the cf-connecting-ip header so one machine can play many clients.
// Writes bench/results/storage-abuse.json and prints a summary. Nothing here asserts: the tests do that.
// Since issue 36 nothing refuses a visitor for other people's traffic: the floods report what was stored, held
// (kept out of the per-lead notifications), refused by a limit tied to the sender, and what real visitors got.
// Every flood lead and every visitor carries a valid proof-of-work solution, minted with the database's secret (read
// as its owner, as the contract tests do: the solving itself is bench/lead-flood.ts's), so the floods show the
// volume rules, as a flood that pays for its challenges meets them; without one every lead would be held
// `no_challenge` whatever the volume. The requests of sections 1-3 carry none (they are about size and rate).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LOCAL_SUPABASE_PUBLISHABLE_KEY } from '../dev/local-api/local-keys';
import { startLocalApi } from '../dev/local-api/server';
import { startRealPostgres, type RealPostgres } from '../__tests__/helpers/real-postgres';
import { mintChallenge, readChallengeSecret } from '../__tests__/helpers/lead-challenge';

type Answer = { status: number; message?: string; ms: number; email?: string };

let sequence = 0;
const lead = () => {
  sequence += 1;
  return { name: 'Bench', email: `bench${sequence}@example.com`, message: `Lead ${sequence}` };
};

/** A real visitor's lead: stored (and whether held) or refused, and how. */
async function visitorOutcome(pg: RealPostgres, answer: Answer): Promise<string> {
  if (answer.status !== 201) return `${answer.status} ${answer.message ?? ''}`.trim();
  const [row] = await pg.sql<{ hold_reason: string | null }>(
    'select hold_reason from public.contact_messages where email = $1',
    [answer.email],
  );
  return row ? `201, stored${row.hold_reason ? `, held (${row.hold_reason})` : ''}` : '201, not found';
}

async function post(url: string, client: string, body: unknown): Promise<Answer> {
  const email =
    typeof body === 'object' && body && !Array.isArray(body) ? (body as { email?: string }).email : undefined;
  const started = performance.now();
  const response = await fetch(`${url}/rest/v1/contact_messages`, {
    method: 'POST',
    headers: {
      apikey: LOCAL_SUPABASE_PUBLISHABLE_KEY,
      'Content-Type': 'application/json',
      'cf-connecting-ip': client,
      Prefer: 'return=minimal',
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  return {
    status: response.status,
    message: text ? (JSON.parse(text) as { message?: string }).message : undefined,
    ms,
    email,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const percentile95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1];
const round = (value: number) => Math.round(value * 10) / 10;

async function storedRows(pg: RealPostgres): Promise<number> {
  return (await pg.sql<{ count: number }>('select count(*)::int as count from public.contact_messages'))[0].count;
}
const reset = async (pg: RealPostgres) => {
  await pg.sql('delete from public.contact_messages');
  await pg.sql(`delete from private.outbox where kind = 'held_digest'`);
};

async function main(): Promise<void> {
  const pg = await startRealPostgres();
  const api = await startLocalApi({
    port: 0,
    dataDir: undefined,
    postgres: { authenticator: pg.connectionString('authenticator'), owner: pg.connectionString(), poolSize: 10 },
    trustClientAddressHeader: true,
    logError: () => undefined,
  });
  const results: Record<string, unknown> = { measuredAt: new Date().toISOString() };
  try {
    // 1. Rows stored per request.
    const arrays: Record<string, unknown>[] = [];
    for (const size of [1, 2, 2000]) {
      await reset(pg);
      const body = size === 1 ? lead() : Array.from({ length: size }, lead);
      const answer = await post(api.url, '198.51.100.1', body);
      arrays.push({ rowsSent: size, status: answer.status, rowsStored: await storedRows(pg), ms: round(answer.ms) });
    }
    results.rowsPerRequest = arrays;

    // 2. Requests one client can make in a minute before it is refused.
    await reset(pg);
    let accepted = 0;
    let refusal: Answer | undefined;
    for (let attempt = 0; attempt < 50 && !refusal; attempt++) {
      const answer = await post(api.url, '198.51.100.2', lead());
      if (answer.status === 201) accepted += 1;
      else refusal = answer;
    }
    results.perClientPerMinute = { accepted, refusedWith: refusal && `${refusal.status} ${refusal.message}` };

    // 3. Time to refuse a body over 1 MB (413 from the local API) and a 2,000-lead array under 1 MB (the database).
    const oversized = JSON.stringify({ ...lead(), message: 'x'.repeat(1024 * 1024) });
    const bodyTimes: number[] = [];
    let oversizedStatus = 0;
    for (let run = 0; run < 20; run++) {
      const answer = await post(api.url, '198.51.100.3', oversized);
      oversizedStatus = answer.status;
      bodyTimes.push(answer.ms);
    }
    results.oneMegabyteBody = { status: oversizedStatus, medianMs: round(median(bodyTimes)), runs: bodyTimes.length };

    // 4. Floods: what is stored, held, refused by the limits tied to the sender, and what real visitors get: one
    // from a fresh address during the flood and one right after, and one inside the flood's own network block.
    const secret = await readChallengeSecret(pg.sql);
    const solved = () => ({ ...lead(), challenge: mintChallenge(secret, { maxNumber: 50_000 }).payload });
    const floods: Record<string, unknown>[] = [];
    for (const { label, clients, perClient, address } of [
      {
        label: '100 connections x 10 requests',
        clients: 100,
        perClient: 10,
        address: (client: number) => `10.${client >> 8}.${client & 255}.1`,
      },
      {
        label: '20 connections x 50 requests',
        clients: 20,
        perClient: 50,
        address: (client: number) => `10.${client >> 8}.${client & 255}.1`,
      },
      {
        label: '1,000 connections x 1 request, each in its own /24 (botnet, or a spoofable header)',
        clients: 1000,
        perClient: 1,
        address: (client: number) => `10.${client >> 8}.${client & 255}.1`,
      },
      {
        label: '1,000 connections x 1 request from four /24 networks (one /22)',
        clients: 1000,
        perClient: 1,
        address: (client: number) => `10.200.${client >> 8}.${(client & 255) + 1}`,
      },
    ]) {
      await reset(pg);
      const started = performance.now();
      const requests: Promise<Answer>[] = [];
      for (let round = 0; round < perClient; round++) {
        for (let client = 0; client < clients; client++) {
          requests.push(post(api.url, address(client), solved()));
        }
      }
      const visitorDuring = post(api.url, '192.0.2.10', solved());
      const visitorInFloodNetwork = post(api.url, address(0).replace(/\.\d+$/, '.250'), solved());
      const answers = await Promise.all(requests);
      const visitor = await visitorDuring;
      const neighbour = await visitorInFloodNetwork;
      const visitorAfter = await post(api.url, '192.0.2.11', solved());
      const [rows] = await pg.sql<{ stored: number; held: number; jobs: number; digests: number }>(
        `select count(*)::int as stored, count(*) filter (where hold_reason is not null)::int as held,
                (select count(*)::int from private.outbox n where n.lead_table = 'contact_messages'
                    and n.lead_id in (select id from public.contact_messages)) as jobs,
                (select count(*)::int from private.outbox where kind = 'held_digest') as digests
           from public.contact_messages`,
      );
      const refusals: Record<string, number> = {};
      for (const answer of answers.filter((answer) => answer.status === 400)) {
        refusals[answer.message ?? ''] = (refusals[answer.message ?? ''] ?? 0) + 1;
      }
      floods.push({
        flood: label,
        requests: answers.length,
        answered201: answers.filter((answer) => answer.status === 201).length,
        refused: refusals,
        failedOtherwise: answers.filter((answer) => answer.status !== 201 && answer.status !== 400).length,
        storedWithVisitors: rows.stored,
        heldWithVisitors: rows.held,
        perLeadNotifications: rows.jobs,
        digestJobs: rows.digests,
        insertMs: {
          p50: round(median(answers.map((answer) => answer.ms))),
          p95: round(percentile95(answers.map((answer) => answer.ms))),
        },
        seconds: round((performance.now() - started) / 1000),
        visitorDuringFlood: await visitorOutcome(pg, visitor),
        visitorRightAfter: await visitorOutcome(pg, visitorAfter),
        visitorInFloodNetwork: await visitorOutcome(pg, neighbour),
      });
    }
    results.floods = floods;
  } finally {
    await api.close();
    await pg.close();
  }
  const file = path.join(__dirname, 'results', 'storage-abuse.json');
  await writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
  console.log(JSON.stringify(results, null, 2));
  console.log(`Written to ${path.relative(process.cwd(), file)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
