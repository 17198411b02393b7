// The CRM sync in `npm run leads` (issue 46, docs/crm.md): under each lead and each of its calls, every change queued
// for a CRM target (HubSpot, Pipedrive, the webhook) with its state, attempts, last error and the ids it has in the
// CRM, from public.crm_sync_state; nothing at all while no target was ever turned on. And the operator commands
// `crm on|off|resume <target>` and `crm retry <job id>` (public.set_crm_target, resume_crm_target,
// retry_crm_change; service_role only). Credentials are never taken here: they are the crm-sync function's secrets.
import { CRM_TARGETS, isCrmTarget, type CrmTarget } from '../../supabase/functions/_shared/crm-targets';
import type { NodeLeadClient } from '../local-api/node-client';
import { call, type OperatorResult } from './bookings';

const TARGET_NAMES: Record<CrmTarget, string> = { hubspot: 'HubSpot', pipedrive: 'Pipedrive', webhook: 'webhook' };
const SECRETS: Record<CrmTarget, string> = {
  hubspot: 'HUBSPOT_ACCESS_TOKEN',
  pipedrive: 'PIPEDRIVE_API_TOKEN and PIPEDRIVE_COMPANY_DOMAIN',
  webhook: 'CRM_WEBHOOK_URL and CRM_WEBHOOK_SECRET',
};

/** One CRM job as public.crm_sync_state returns it. */
export type CrmSyncState = {
  lead_table: string;
  lead_id: string;
  /** The call the change is about; null for lead.created. */
  booking_id: string | null;
  target: string;
  job_id: string;
  change: string;
  /** pending, sending, sent or dead; paused while its target is paused. */
  status: string;
  attempts: number;
  last_error: string | null;
  queued_at: string;
  sent_at: string | null;
  /** The ids this lead (and this call) have in the target's CRM: contact, note, meeting, person, lead, activity. */
  remote: Record<string, string> | null;
};

export const CRM_USAGE =
  'Usage: npm run leads -- crm on <target>  |  crm off <target>  |  crm resume <target>  |  crm retry <job id>\n' +
  `  <target>: ${CRM_TARGETS.join(', ')}`;

const NO_CRM_SYNC = 'This database has no CRM sync yet: apply the migrations (supabase db push), then try again.';
const missingFunction = (error: unknown) => (error as { code?: string }).code === 'PGRST202';

/** Every CRM job of these leads, by lead id; an empty map where the database has no CRM sync. */
export async function fetchCrmStates(client: NodeLeadClient, leadIds: string[]): Promise<Map<string, CrmSyncState[]>> {
  const byLead = new Map<string, CrmSyncState[]>();
  if (leadIds.length === 0) return byLead;
  let rows: CrmSyncState[];
  try {
    rows = await call<CrmSyncState[]>(client, 'crm_sync_state', { lead_ids: leadIds });
  } catch (error) {
    if (missingFunction(error)) return byLead;
    throw error;
  }
  for (const row of rows ?? []) byLead.set(row.lead_id, [...(byLead.get(row.lead_id) ?? []), row]);
  return byLead;
}

/** One target as public.crm_targets_state returns it. */
export type CrmTargetState = {
  target: string;
  state: 'on' | 'paused' | 'off';
  since: string;
  reason: string | null;
  waiting: number;
  given_up: number;
};

/** Every target ever turned on; none where the database has no CRM sync. */
export async function fetchCrmTargets(client: NodeLeadClient): Promise<CrmTargetState[]> {
  try {
    return (await call<CrmTargetState[]>(client, 'crm_targets_state', {})) ?? [];
  } catch (error) {
    if (missingFunction(error)) return [];
    throw error;
  }
}

/**
 * The CRM targets at the top of the listing, one line each: on, paused (why, and the command once it is fixed) or
 * off, with how many changes wait and were given up. Nothing while no target was ever turned on.
 */
export function describeCrmTargets(targets: CrmTargetState[], inert: (text: string) => string): string[] {
  if (targets.length === 0) return [];
  const counts = (target: CrmTargetState) =>
    [
      ...(target.waiting > 0 ? [`${target.waiting} change${target.waiting === 1 ? '' : 's'} waiting`] : []),
      ...(target.given_up > 0 ? [`${target.given_up} given up`] : []),
    ]
      .map((part) => `, ${part}`)
      .join('');
  return [
    'CRM sync:',
    ...targets.map((target) => {
      const name = targetName(target.target);
      const since = utc(target.since);
      const reason = target.reason ? `: ${inert(target.reason)}` : '';
      if (target.state === 'paused')
        return `  ${name}: paused since ${since}${reason}${counts(target)}. Once fixed: npm run leads -- crm resume ${target.target}`;
      if (target.state === 'off') return `  ${name}: off since ${since}${reason}${counts(target)}`;
      return `  ${name}: on since ${since}${counts(target)}`;
    }),
  ];
}

const utc = (timestamp: string) => `${new Date(timestamp).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const attempts = (count: number) => `${count} failed attempt${count === 1 ? '' : 's'}`;
const targetName = (target: string) => TARGET_NAMES[target as CrmTarget] ?? target;

function stateOf(row: CrmSyncState, inert: (text: string) => string): string {
  const error = row.last_error ? `: ${inert(row.last_error)}` : '';
  switch (row.status) {
    case 'sent':
      return `sent ${utc(row.sent_at ?? row.queued_at)}${row.attempts > 1 ? `, after ${attempts(row.attempts - 1)}` : ''}`;
    case 'sending':
      return `sending (attempt ${row.attempts})`;
    case 'dead':
      return `given up after ${row.attempts} attempt${row.attempts === 1 ? '' : 's'}${error}`;
    case 'paused':
      return `waiting: ${targetName(row.target)} is paused${row.attempts > 0 ? `, ${attempts(row.attempts)}` : ''}${error}`;
    default:
      return row.attempts > 0 ? `pending, ${attempts(row.attempts)}${error}` : 'pending';
  }
}

function remoteIds(remote: CrmSyncState['remote'], inert: (text: string) => string): string {
  const ids = Object.entries(remote ?? {}).filter(([, id]) => typeof id === 'string' && id !== '');
  return ids.length === 0 ? '' : `; in the CRM: ${ids.map(([kind, id]) => `${kind} ${inert(id)}`).join(', ')}`;
}

/** What to type for a job that is not sent: resume its target, or retry it. */
function nextStep(row: CrmSyncState): string {
  if (row.status === 'paused') return ` (job ${row.job_id}; npm run leads -- crm resume ${row.target})`;
  if (row.status === 'dead' || (row.status === 'pending' && row.attempts > 0))
    return ` (job ${row.job_id}; npm run leads -- crm retry ${row.job_id})`;
  return '';
}

/**
 * A lead's CRM lines: its own changes (lead.created) first, then each call's, oldest first within each; one line per
 * target and change with its state and the ids it has in the CRM. No lines without a CRM job.
 */
export function describeCrmStates(rows: CrmSyncState[], inert: (text: string) => string): string[] {
  if (rows.length === 0) return [];
  const ordered = [...rows].sort(
    (a, b) =>
      Number(a.booking_id !== null) - Number(b.booking_id !== null) ||
      (a.booking_id ?? '').localeCompare(b.booking_id ?? '') ||
      a.queued_at.localeCompare(b.queued_at) ||
      a.target.localeCompare(b.target),
  );
  const lines = ['    CRM sync:'];
  for (const row of ordered) {
    const about = row.booking_id ? `call ${row.booking_id} ${row.change}` : row.change;
    lines.push(
      `      ${targetName(row.target)}: ${about}: ${stateOf(row, inert)}${remoteIds(row.remote, inert)}${nextStep(row)}`,
    );
  }
  return lines;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type CrmCommandOutcome = OperatorResult | { usage: string };

/** `npm run leads -- crm …`: turns a target on or off, resumes a paused one, or makes one change due now. */
export async function runCrmCommand(client: NodeLeadClient, args: string[]): Promise<CrmCommandOutcome> {
  const [action, argument, ...extra] = args;
  if (extra.length > 0 || argument === undefined) return { usage: CRM_USAGE };
  const target = argument.trim().toLowerCase();
  try {
    if ((action === 'on' || action === 'off') && isCrmTarget(target)) {
      await call<null>(client, 'set_crm_target', { target, turned_on: action === 'on' });
      const name = TARGET_NAMES[target];
      return {
        ok: true,
        lines:
          action === 'on'
            ? [
                `${name} is on: each new lead, booked, moved or cancelled call and call outcome is queued for it from ` +
                  'now on (earlier ones are not sent).',
                `The crm-sync function sends them with its ${SECRETS[target]} secret${target === 'hubspot' ? '' : 's'}; ` +
                  'until it has them, the changes wait and the team is told once. Check: npm run leads (docs/crm.md).',
              ]
            : [
                `${name} is off: no change is queued for it from now on, and the changes that were waiting for it ` +
                  `are given up (npm run leads lists them). npm run leads -- crm on ${target} turns it on again.`,
              ],
      };
    }
    if (action === 'resume' && isCrmTarget(target)) {
      const due = await call<number>(client, 'resume_crm_target', { target });
      return {
        ok: true,
        lines: [
          `${TARGET_NAMES[target]} resumed: ${due} waiting change${due === 1 ? ' is' : 's are'} due now and go${due === 1 ? 'es' : ''} ` +
            'out in order with the next run of the sync (each minute on a hosted project). npm run leads shows each one.',
        ],
      };
    }
    if (action === 'retry') {
      if (!UUID.test(argument.trim())) return { usage: `"${argument}" is not a job id.\n${CRM_USAGE}` };
      const done = await call<boolean>(client, 'retry_crm_change', { job_id: argument.trim() });
      return done
        ? { ok: true, lines: [`CRM change ${argument.trim()} is due now: the next run of the sync sends it.`] }
        : {
            ok: false,
            lines: [
              `No CRM change ${argument.trim()} to retry: it was sent already, there is no such job, or its target is ` +
                'off (turn it on first: npm run leads -- crm on <target>).',
            ],
          };
    }
  } catch (error) {
    if (missingFunction(error)) return { ok: false, lines: [NO_CRM_SYNC] };
    throw error;
  }
  if (action === 'on' || action === 'off' || action === 'resume')
    return { usage: `"${argument}" is not a CRM target.\n${CRM_USAGE}` };
  return { usage: CRM_USAGE };
}
