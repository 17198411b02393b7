// `npx tsx bench/notifications.ts [--leads 60] [--interval-ms 1000]`: local submission → notification
// delivered, for docs/notifications.md. The local data API (PGlite, in memory) and the notify-leads Edge
// Function under Deno invoked every second, exactly as `npm run backend` runs them, with the local mail sink.
// Leads arrive one every 150 ms (both tables, each from its own client address); for each, the time from
// the insert's 201 answer to the sink receiving its e-mail. Writes bench/results/notifications.json.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { LOCAL_SUPABASE_PUBLISHABLE_KEY, LOCAL_SUPABASE_SERVICE_ROLE_KEY } from '../dev/local-api/local-keys';
import { startLocalApi } from '../dev/local-api/server';
import { startNotificationRunner } from '../dev/notifications/runner';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { leads: { type: 'string', default: '60' }, 'interval-ms': { type: 'string', default: '1000' } },
  });
  const count = Number(values.leads);
  const intervalMs = Number(values['interval-ms']);
  const mailDir = await mkdtemp(path.join(tmpdir(), 'bench-mail-'));
  const api = await startLocalApi({ port: 0, dataDir: undefined, trustClientAddressHeader: true });
  const runner = await startNotificationRunner({
    apiUrl: api.url,
    serviceKey: LOCAL_SUPABASE_SERVICE_ROLE_KEY,
    mailDir,
    intervalMs,
    log: () => undefined,
  });
  const stored = new Map<string, number>();
  try {
    for (let index = 0; index < count; index++) {
      const email = `bench-${index}-${Date.now().toString(36)}@example.com`;
      const table = index % 2 === 0 ? 'consultation_requests' : 'contact_messages';
      const row =
        table === 'consultation_requests'
          ? { name: 'Bench', email, company: `Company ${index}`, phone: '', message: '' }
          : { name: 'Bench', email, company: `Company ${index}`, message: 'Problem: Other' };
      const response = await fetch(`${api.url}/rest/v1/${table}`, {
        method: 'POST',
        headers: {
          apikey: LOCAL_SUPABASE_PUBLISHABLE_KEY,
          'Content-Type': 'application/json',
          'cf-connecting-ip': `198.51.100.${index % 250}`,
          Prefer: 'return=minimal',
        },
        body: JSON.stringify(row),
      });
      if (response.status !== 201) throw new Error(`insert ${index}: HTTP ${response.status} ${await response.text()}`);
      stored.set(email, Date.now());
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    const deadline = Date.now() + 60_000;
    while (runner.sink.messages.length < count && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await runner.close();
    await api.close();
    await rm(mailDir, { recursive: true, force: true });
  }
  const latencies = runner.sink.messages
    .map((message) => message.receivedAt - (stored.get(message.replyTo ?? '') ?? NaN))
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  const perLead = new Map<string, number>();
  for (const message of runner.sink.messages)
    perLead.set(message.replyTo ?? '', (perLead.get(message.replyTo ?? '') ?? 0) + 1);
  const result = {
    measuredAt: new Date().toISOString(),
    leads: count,
    delivered: latencies.length,
    deliveredMoreThanOnce: [...perLead.values()].filter((n) => n > 1).length,
    invocationIntervalMs: intervalMs,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    maxMs: latencies[latencies.length - 1],
  };
  await writeFile(path.join(__dirname, 'results', 'notifications.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(
    `${result.delivered}/${count} delivered (${result.deliveredMoreThanOnce} more than once); ` +
      `submission → delivered p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms, max ${result.maxMs} ms`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
