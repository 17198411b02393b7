// The release link's two database functions (supabase/migrations/20261127100000_held_leads.sql), read into what
// the page shows. Nothing throws: a lost connection is 'failed'.
import { rpcObject, type Failed } from '../../lib/rpc-object';

export const RELEASE_TIMEOUT_MS = 15_000;

export type HeldLead = {
  name: string;
  company: string;
  receivedAt: string;
  /** The guard's reason code: honeypot, no_challenge, bad_challenge, network_burst, over_global_rate … */
  holdReason: string;
  /** contact_form, booking_form or chat; empty when the lead has none. */
  surface: string;
  /** Empty while the lead is held. */
  releasedAt: string;
};
export type LeadAnswer = ({ status: 'found' } & HeldLead) | { status: 'not_found' } | Failed;
export type ReleaseAnswer =
  { status: 'released' | 'already_released'; releasedAt: string } | { status: 'not_found' } | Failed;

type Raw = Record<string, unknown>;
const str = (raw: Raw, key: string) => (typeof raw[key] === 'string' ? (raw[key] as string) : '');
const NOT_FOUND = { status: 'not_found' } as const;

export async function heldLeadForRelease(token: string): Promise<LeadAnswer> {
  const raw = await rpcObject('held_lead_for_release', { token }, RELEASE_TIMEOUT_MS, '[release-lead]');
  if (raw.status === 'failed') return raw as Failed;
  if (raw.status !== 'held' && raw.status !== 'released') return NOT_FOUND;
  return {
    status: 'found',
    name: str(raw, 'name'),
    company: str(raw, 'company'),
    receivedAt: str(raw, 'received_at'),
    holdReason: str(raw, 'hold_reason'),
    surface: str(raw, 'surface'),
    releasedAt: raw.status === 'released' ? str(raw, 'released_at') : '',
  };
}

export async function releaseHeldLead(token: string): Promise<ReleaseAnswer> {
  const raw = await rpcObject('release_held_lead_by_token', { token }, RELEASE_TIMEOUT_MS, '[release-lead]');
  if (raw.status === 'failed') return raw as Failed;
  // 'not_held' cannot come from a link (only held leads get one); like anything unknown, it finds nothing.
  if (raw.status !== 'released' && raw.status !== 'already_released') return NOT_FOUND;
  return { status: raw.status, releasedAt: str(raw, 'released_at') };
}
