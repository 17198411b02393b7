// crm-sync (issue 46): every lead, booked call and call outcome to the sales team's CRM — HubSpot, Pipedrive and
// a signed webhook — from the crm_sync queue of the outbox. Invoked every minute by pg_cron + pg_net on a hosted
// project, by the local runner in dev. Which targets are on is the database's (private.crm_targets); their
// credentials are this function's secrets only. See docs/crm.md and README-api.md.
import { ConfigError, readConfig } from './config.ts';
import { createRpcCrmDatabase } from './database.ts';
import { syncDueChanges } from './run.ts';
import { secretsOf, targetSyncs } from './targets.ts';

Deno.serve(async (request) => {
  if (request.method !== 'POST') return new Response('Method not allowed', { status: 405 });
  let secrets: string[] = [];
  try {
    const config = readConfig(Deno.env.toObject());
    secrets = [...secretsOf(config.targets), config.serviceKey];
    const summary = await syncDueChanges({
      database: createRpcCrmDatabase(fetch, config),
      targets: targetSyncs(config.targets, { fetch, timeoutMs: config.requestTimeoutMs }),
      backoff: config.backoff,
      pauseAfterSeconds: config.pauseAfterSeconds,
      pauseAfterAttempts: config.pauseAfterAttempts,
      secrets,
      log: (line) => console.log(line),
    });
    return Response.json(summary);
  } catch (error) {
    const raw = error instanceof ConfigError ? error.message : `run failed: ${error}`;
    const message = secrets.reduce((text, secret) => text.replaceAll(secret, '[secret]'), raw);
    console.error(`crm-sync: ${message}`);
    return Response.json({ error: message }, { status: 500 });
  }
});
