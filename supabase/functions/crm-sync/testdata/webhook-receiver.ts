// A receiver of crm-sync's webhook as a team's endpoint should be: it verifies each event with the
// standardwebhooks library (signature, and the timestamp within the library's 5-minute tolerance), and takes each
// webhook-id once (a replay or a retry of a seen id is acknowledged but not processed again). Its clock is the
// test's. A plain `(Request) => Promise<Response>` handler, no Deno API.
import { Webhook } from 'npm:standardwebhooks@1.1.1';
import type { WebhookEvent } from '../webhook.ts';

/** Runs `verify` with the library reading the given clock (it reads Date.now). */
function atTime<T>(nowMs: number, verify: () => T): T {
  const realNow = Date.now;
  Date.now = () => nowMs;
  try {
    return verify();
  } finally {
    Date.now = realNow;
  }
}

export function webhookReceiver(secret: string, options: { now: () => number; status?: () => number }) {
  const verifier = new Webhook(secret);
  const state = {
    processed: [] as { id: string; event: WebhookEvent }[],
    replays: [] as string[],
    rejected: [] as string[],
  };
  const seen = new Set<string>();

  async function handler(request: Request): Promise<Response> {
    const payload = await request.text();
    const headers = Object.fromEntries(request.headers.entries());
    let event: WebhookEvent;
    try {
      event = atTime(options.now(), () => verifier.verify(payload, headers)) as WebhookEvent;
    } catch (error) {
      state.rejected.push(error instanceof Error ? error.message : String(error));
      return new Response('invalid signature', { status: 400 });
    }
    const status = options.status?.() ?? 204;
    if (status >= 300) return new Response(null, { status });
    const id = headers['webhook-id'];
    if (seen.has(id)) {
      state.replays.push(id);
      return new Response(null, { status: 204 });
    }
    seen.add(id);
    state.processed.push({ id, event });
    return new Response(null, { status });
  }

  return { handler, state };
}
