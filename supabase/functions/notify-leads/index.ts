// notify-leads: delivers the notification of every new lead to the sales team (issue 13), and every booking's
// invitations, updates, cancellations and reminders to the visitor and the team (issue 33). Invoked every
// minute by pg_cron + pg_net on a hosted project, every few seconds by `npm run backend` locally. Delivery
// state lives in the database outbox, so overlapping or crashed runs neither lose nor double a message.
import { ConfigError, readConfig } from './config.ts';
import { createRpcBookingQueue, createRpcQueue } from './queue.ts';
import { deliverDueBookingMessages, deliverDueNotifications } from './run.ts';

Deno.serve(async (request) => {
  if (request.method !== 'POST') return new Response('Method not allowed', { status: 405 });
  try {
    const config = readConfig(Deno.env.toObject());
    const log = (line: string) => console.log(line);
    // Leads, and the booking messages (issue 33: invitations, their updates and cancellations, the reminders due
    // by now), side by side: a backlog of one never holds the other up.
    const [leads, bookings] = await Promise.all([
      deliverDueNotifications({ queue: createRpcQueue(fetch, config), config, fetch, log }),
      deliverDueBookingMessages({ queue: createRpcBookingQueue(fetch, config), config, fetch, log }),
    ]);
    return Response.json({ ...leads, bookings });
  } catch (error) {
    const message = error instanceof ConfigError ? error.message : `run failed: ${error}`;
    console.error(`notify-leads: ${message}`);
    return Response.json({ error: message }, { status: 500 });
  }
});
