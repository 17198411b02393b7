// notify-leads: delivers the notification of every new lead to the sales team (issue 13). Invoked every
// minute by pg_cron + pg_net on a hosted project, every few seconds by `npm run backend` locally. Delivery
// state lives in the database outbox, so overlapping or crashed runs neither lose nor double a message.
import { ConfigError, readConfig } from './config.ts';
import { createRpcQueue } from './queue.ts';
import { deliverDueNotifications } from './run.ts';

Deno.serve(async (request) => {
  if (request.method !== 'POST') return new Response('Method not allowed', { status: 405 });
  try {
    const config = readConfig(Deno.env.toObject());
    const summary = await deliverDueNotifications({
      queue: createRpcQueue(fetch, config),
      config,
      fetch,
      log: (line) => console.log(line),
    });
    return Response.json(summary);
  } catch (error) {
    const message = error instanceof ConfigError ? error.message : `run failed: ${error}`;
    console.error(`notify-leads: ${message}`);
    return Response.json({ error: message }, { status: 500 });
  }
});
