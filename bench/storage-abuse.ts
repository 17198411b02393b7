// `npx tsx bench/storage-abuse.ts`: measures how lead storage holds under abuse, for docs/security.md.
// A real PostgreSQL server prepared like a hosted Supabase project (__tests__/helpers/real-postgres.ts),
// the migrations applied, and the local data API in front of it (a pool of 10 connections, like PostgREST's
// default), taking the client address from the cf-connecting-ip header so one machine can play many clients.
// Writes bench/results/storage-abuse.json and prints a summary. Nothing here asserts: the tests do that.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LOCAL_SUPABASE_PUBLISHABLE_KEY } from '../dev/local-api/local-keys';
import { startLocalApi } from '../dev/local-api/server';
import { startRealPostgres, type RealPostgres } from '../__tests__/helpers/real-postgres';

type Answer = { status: number; message?: string; ms: number };

let sequence = 0;
const lead = () => {
  sequence += 1;
  return { name: 'Bench', email: `bench${sequence}@example.com`, message: `Lead ${sequence}` };
};

async function post(url: string, client: string, body: unknown): Promise<Answer> {
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
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round = (value: number) => Math.round(value * 10) / 10;

async function storedRows(pg: RealPostgres): Promise<number> {
  return (await pg.sql<{ count: number }>('select count(*)::int as count from public.contact_messages'))[0].count;
}
const reset = (pg: RealPostgres) => pg.sql('delete from public.contact_messages');

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

    // 4. Floods: what the ceiling lets through, and whether a real visitor sending during the flood gets in.
    const floods: Record<string, unknown>[] = [];
    for (const { label, clients, perClient } of [
      { label: '100 connections x 10 requests', clients: 100, perClient: 10 },
      { label: '20 connections x 50 requests', clients: 20, perClient: 50 },
      { label: '1,000 connections x 1 request (botnet, or a spoofable header)', clients: 1000, perClient: 1 },
    ]) {
      await reset(pg);
      const started = performance.now();
      const requests: Promise<Answer>[] = [];
      for (let round = 0; round < perClient; round++) {
        for (let client = 0; client < clients; client++) {
          requests.push(post(api.url, `10.${client >> 8}.${client & 255}.1`, lead()));
        }
      }
      const visitorDuring = post(api.url, '192.0.2.10', lead());
      const answers = await Promise.all(requests);
      const visitor = await visitorDuring;
      const visitorAfter = await post(api.url, '192.0.2.11', lead());
      floods.push({
        flood: label,
        requests: answers.length,
        stored: answers.filter((answer) => answer.status === 201).length,
        refused: answers.filter((answer) => answer.status === 400).length,
        failedOtherwise: answers.filter((answer) => answer.status !== 201 && answer.status !== 400).length,
        seconds: round((performance.now() - started) / 1000),
        visitorDuringFlood: visitor.status,
        visitorRightAfter: visitorAfter.status,
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
