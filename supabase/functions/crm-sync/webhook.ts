// Any other CRM (Zapier, Make, n8n, a Salesforce flow): one JSON event per change, POSTed to CRM_WEBHOOK_URL and
// signed the Standard Webhooks way (webhook-id, webhook-timestamp, webhook-signature) with the standardwebhooks
// library. The webhook-id is the change's job id, the same on every retry, so a receiver drops repeats. The
// payload is documented with an example in README-api.md.
import { Webhook } from 'npm:standardwebhooks@1.1.1';
import type { WebhookSettings } from './config.ts';
import type { ClaimedCrmChange, CrmSnapshot } from './database.ts';
import { requestJson, type Explain, type HttpDeps } from './http.ts';
import { cleanName, normaliseEmail, splitName } from './people.ts';
import { utcInstant, utcOrNull, type TargetSync } from './target.ts';

export type WebhookEvent = {
  type: ClaimedCrmChange['change'];
  timestamp: string;
  data: ReturnType<typeof eventData>;
};

/** The event of a change: what it was (`change`), and the lead and booking as they are now. */
export function webhookEvent(job: ClaimedCrmChange): WebhookEvent {
  return { type: job.change, timestamp: utcInstant(job.queued_at), data: eventData(job) };
}

const utcSnapshot = (snapshot: CrmSnapshot): CrmSnapshot => ({
  ...snapshot,
  starts_at: utcOrNull(snapshot.starts_at),
  ends_at: utcOrNull(snapshot.ends_at),
  previous_starts_at: utcOrNull(snapshot.previous_starts_at),
  recorded_at: utcOrNull(snapshot.recorded_at),
});

function eventData(job: ClaimedCrmChange) {
  const { lead, booking, snapshot } = job;
  const { first, last } = splitName(lead.name);
  return {
    change_id: job.job_id,
    lead: {
      id: lead.id,
      table: lead.table,
      created_at: utcInstant(lead.created_at),
      request: lead.request,
      name: cleanName(lead.name),
      first_name: first,
      last_name: last,
      email: normaliseEmail(lead.email),
      company: lead.company,
      phone: lead.phone,
      message: lead.message,
      attribution: lead.attribution,
    },
    booking: booking && {
      id: booking.id,
      status: booking.status,
      starts_at: utcInstant(booking.starts_at),
      ends_at: utcInstant(booking.ends_at),
      visitor_time_zone: booking.visitor_time_zone,
      sequence: booking.sequence,
      outcome: booking.outcome,
      host: { name: booking.host.name, email: booking.host.email, time_zone: booking.host.time_zone },
    },
    change: job.change === 'lead.created' || !snapshot ? null : utcSnapshot(snapshot),
  };
}

/** The receiver's address without its path and query, which often hold a secret (Zapier's hook URLs do). */
export const receiverName = (url: string) => new URL(url).origin;

const explain: Explain = (status, _detail, said) => {
  if (status === 410) {
    return `the webhook receiver answered 410 Gone, so the webhook is turned off: set a new CRM_WEBHOOK_URL and turn it on again — ${said}`;
  }
  if (status === 401 || status === 403) {
    return `the webhook receiver refused the signature: give it the current CRM_WEBHOOK_SECRET — ${said}`;
  }
  if (status >= 300 && status < 400) {
    return `the webhook receiver redirects: set CRM_WEBHOOK_URL to its final address — ${said}`;
  }
  return `the webhook receiver rejected the event (is CRM_WEBHOOK_URL its address?) — ${said}`;
};

export function webhookSync(settings: WebhookSettings, deps: HttpDeps): TargetSync {
  const signer = new Webhook(settings.secret);
  const where = receiverName(settings.url);
  return async (job) => {
    const payload = JSON.stringify(webhookEvent(job));
    const sentAt = deps.now?.() ?? new Date();
    await requestJson(
      deps,
      {
        method: 'POST',
        url: settings.url,
        headers: {
          'webhook-id': job.job_id,
          'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
          'webhook-signature': signer.sign(job.job_id, sentAt, payload),
          'user-agent': 'crm-sync (Standard Webhooks)',
        },
        body: payload,
        what: `webhook POST ${where}`,
        offWhenGone: true,
      },
      explain,
    );
  };
}
