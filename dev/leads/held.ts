// Held leads in `npm run leads` (issue 36): `held` lists the leads the submission guard stored and held (a filled
// trap field, no or a bad proof-of-work, a burst from one network, above the global rate) in the digest's order
// (those that took a person's time to send first, then newest first), with the reason, where each came in, how
// long it took and a masked e-mail address; `--reason` and `--hour` narrow it to what an hourly
// digest counted without listing. `release <id>` releases one (its normal notification goes out once); `retention
// --held` deletes the held leads never released within the retention setting. Through service_role functions of
// the database (supabase/migrations/20261127100000_held_leads.sql), which make a release happen exactly once.
import { HOLD_REASONS, holdReasonText } from '../../supabase/functions/notify-leads/hold-reasons';
import { heldLeadOrder, PERSON_SECONDS } from '../../supabase/functions/notify-leads/held-order';
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
  /** Seconds from its proof-of-work challenge to the lead; null without a valid one. */
  seconds_to_send: number | null;
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

/** Which held leads `held` lists: some reasons only, one clock hour only (the digest's "Not listed here"). */
export type HeldFilter = { reasons?: string[]; hourStart?: Date };

type FilteredRpc = PromiseLike<{ data: unknown; error: { message: string; code?: string } | null }> & {
  in(column: string, values: string[]): FilteredRpc;
  gte(column: string, value: string): FilteredRpc;
  lt(column: string, value: string): FilteredRpc;
};

export async function fetchHeldLeads(
  client: NodeLeadClient,
  includeReleased = false,
  filter: HeldFilter = {},
): Promise<HeldLead[]> {
  if (!filter.reasons && !filter.hourStart) {
    return (await call<HeldLead[]>(client, 'held_leads', { include_released: includeReleased })).sort(heldLeadOrder);
  }
  // Filtered by PostgREST (its filters on the function's rows), so a hosted project's row limit applies to the
  // leads asked for, not to all of them; and again here, as the local data API (dev/local-api) takes no filters on
  // a function call.
  const hourStart = filter.hourStart?.getTime();
  const hourEnd = hourStart === undefined ? undefined : hourStart + 3_600_000;
  let query = client.rpc(
    'held_leads' as never,
    { include_released: includeReleased } as never,
  ) as unknown as FilteredRpc;
  if (filter.reasons) query = query.in('hold_reason', filter.reasons);
  if (hourStart !== undefined && hourEnd !== undefined) {
    query = query
      .gte('received_at', new Date(hourStart).toISOString())
      .lt('received_at', new Date(hourEnd).toISOString());
  }
  const { data, error } = await query;
  if (error) throw Object.assign(new Error(`held_leads: ${error.message} (${error.code || 'no response'})`), error);
  return (data as HeldLead[])
    .filter((lead) => {
      const received = Date.parse(lead.received_at);
      return (
        (!filter.reasons || filter.reasons.includes(lead.hold_reason)) &&
        (hourStart === undefined || hourEnd === undefined || (received >= hourStart && received < hourEnd))
      );
    })
    .sort(heldLeadOrder);
}

/** `--reason a,b`: hold reasons as the database writes them. */
export function parseHeldReasons(value: string): string[] | string {
  const reasons = value
    .split(',')
    .map((reason) => reason.trim())
    .filter(Boolean);
  const wrong = reasons.find((reason) => !/^[a-z][a-z_]{0,39}$/.test(reason));
  if (reasons.length === 0 || wrong !== undefined) {
    return `--reason takes hold reasons separated by commas (${Object.keys(HOLD_REASONS).join(', ')}), not "${value}".`;
  }
  return reasons;
}

/** `--hour 2026-11-23T11:00Z`: the clock hour (UTC) that contains the instant given, as the digest names it. */
export function parseHeldHour(value: string): Date | string {
  const instant = Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}/.test(value) || Number.isNaN(instant)) {
    return `--hour takes an ISO time such as 2026-11-23T11:00Z (the digest's command gives it), not "${value}".`;
  }
  return new Date(instant - (((instant % 3_600_000) + 3_600_000) % 3_600_000));
}

export function formatHeldLeads(leads: HeldLead[], inert: (text: string) => string, filter: HeldFilter = {}): string {
  const which = [
    ...(filter.reasons ? [`held for ${filter.reasons.join(' or ')}`] : []),
    ...(filter.hourStart
      ? [
          `received ${utc(filter.hourStart.toISOString())} to ${utc(new Date(filter.hourStart.getTime() + 3_600_000).toISOString())}`,
        ]
      : []),
  ].join(', ');
  if (leads.length === 0) return which ? `No held leads ${which}.` : 'No held leads.';
  const lines = [
    `Held leads${which ? ` ${which}` : ''}: ${leads.length}, those sent ${PERSON_SECONDS} s or more after starting first, ` +
      'then newest first (release one with npm run leads -- release <id>)',
  ];
  for (const lead of leads) {
    const who = [lead.name, lead.company ?? ''].filter(Boolean).map(inert).join(', ');
    lines.push(
      `  ${utc(lead.received_at)}  ${sourceOf(lead)}  ${inert(maskEmail(lead.email))}  ${who}`,
      `      held: ${holdReasonText(lead.hold_reason)}` +
        (typeof lead.seconds_to_send === 'number' ? ` · sent ${lead.seconds_to_send} s after starting` : '') +
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
