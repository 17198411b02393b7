// Held leads in `npm run leads` (issue 36): `held` lists the leads the submission guard stored and held (a filled
// trap field, a burst from one network, above the global rate), newest first, with the reason, where each came in
// and a masked e-mail address; `release <id>` releases one (its normal notification goes out once); `retention
// --held` deletes the held leads never released within the retention setting. Through service_role functions of
// the database (supabase/migrations/20261127100000_held_leads.sql), which make a release happen exactly once.
import { holdReasonText } from '../../supabase/functions/notify-leads/hold-reasons';
import type { NodeLeadClient } from '../local-api/node-client';
import { call, type OperatorResult } from './bookings';

export type HeldLead = {
  lead_table: string;
  lead_id: string;
  received_at: string;
  name: string;
  company: string | null;
  email: string;
  hold_reason: string;
  surface: string | null;
  released_at: string | null;
  released_by: string | null;
  /** When the retention deletes it unless it is released; null once released. */
  deleted_after: string | null;
};

type Answer = { status: string; [key: string]: unknown };
export type HeldRetention = {
  dry_run: boolean;
  retention_days: number;
  cutoff: string;
  deleted: number;
  leads: { lead_table: string; lead_id: string; received_at: string; email: string; hold_reason: string }[];
};

const SURFACES: Record<string, string> = {
  contact_form: '/contact form',
  booking_form: '/book form',
  chat: 'chat',
};

/** Where a held lead came in: its surface when it said, else its table. */
export function sourceOf(lead: Pick<HeldLead, 'lead_table' | 'surface'>): string {
  if (lead.surface && SURFACES[lead.surface]) return SURFACES[lead.surface];
  return lead.lead_table === 'contact_messages' ? 'demo request' : 'strategy-call request';
}

/** a***@example.com: enough to recognise a person or a junk domain, not the whole address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${[...email.slice(0, at)][0]}***${email.slice(at)}`;
}

const utc = (timestamp: string) => `${new Date(timestamp).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export function fetchHeldLeads(client: NodeLeadClient, includeReleased = false): Promise<HeldLead[]> {
  return call<HeldLead[]>(client, 'held_leads', { include_released: includeReleased });
}

export function formatHeldLeads(leads: HeldLead[], inert: (text: string) => string): string {
  if (leads.length === 0) return 'No held leads.';
  const lines = [`Held leads: ${leads.length}, newest first (release one with npm run leads -- release <id>)`];
  for (const lead of leads) {
    const who = [lead.name, lead.company ?? ''].filter(Boolean).map(inert).join(', ');
    lines.push(
      `  ${utc(lead.received_at)}  ${sourceOf(lead)}  ${inert(maskEmail(lead.email))}  ${who}`,
      `      held: ${holdReasonText(lead.hold_reason)}` +
        (lead.released_at
          ? ` · released ${utc(lead.released_at)} by ${inert(lead.released_by ?? '')}`
          : lead.deleted_after
            ? ` · deleted ${utc(lead.deleted_after)} unless released`
            : ''),
      `      ${lead.lead_id}`,
    );
  }
  return lines.join('\n');
}

const RELEASE_REFUSALS: Record<string, string> = {
  not_found: 'No lead with that id (npm run leads -- held lists the held ones).',
  not_held: 'That lead was never held: its notification went out when it arrived.',
};

/** Releases a held lead by id: its notification is queued once; releasing again changes nothing. */
export async function releaseHeldLead(
  client: NodeLeadClient,
  leadId: string,
  releasedBy: string,
): Promise<OperatorResult> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(leadId.trim())) {
    return { ok: false, lines: [`"${leadId}" is not a lead id (npm run leads -- held lists them).`] };
  }
  const answer = await call<Answer>(client, 'release_held_lead', {
    lead_table: null,
    lead_id: leadId.trim(),
    released_by: releasedBy,
  });
  if (answer.status === 'released') {
    return {
      ok: true,
      lines: [
        `Released ${String(answer.lead_table)} ${String(answer.lead_id)} (held: ${holdReasonText(String(answer.hold_reason))}).`,
        'Its notification is queued and goes to the team like any new lead.',
      ],
    };
  }
  if (answer.status === 'already_released') {
    return {
      ok: true,
      lines: [
        `Already released ${utc(String(answer.released_at))} by ${String(answer.released_by)}: nothing changed, no second notification.`,
      ],
    };
  }
  return { ok: false, lines: [RELEASE_REFUSALS[answer.status] ?? `Refused: ${answer.status}.`] };
}

/** Deletes (or, dry, lists) the held leads never released within the retention setting. */
export function applyHeldRetention(client: NodeLeadClient, dryRun: boolean): Promise<HeldRetention> {
  return call<HeldRetention>(client, 'delete_expired_held_leads', { dry_run: dryRun });
}

export function formatHeldRetention(result: HeldRetention, target: string, inert: (text: string) => string): string {
  const count = result.dry_run ? result.leads.length : result.deleted;
  const lines = [
    `${result.dry_run ? 'Would delete' : 'Deleted'} ${count} held lead(s) never released, received before ${new Date(result.cutoff).toISOString()} (held leads are kept ${result.retention_days} days) at ${target}`,
  ];
  for (const lead of result.leads) {
    lines.push(`  ${utc(lead.received_at)}  ${lead.lead_table}  ${inert(maskEmail(lead.email))}  ${lead.hold_reason}`);
  }
  return lines.join('\n');
}
