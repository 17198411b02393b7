// The host's outcome link's two database functions (supabase/migrations/20261126110000_booking_host_messages.sql),
// read into what the page shows. Nothing throws: a lost connection is 'failed'.
import { rpcObject, type Failed } from '../../lib/rpc-object';

export const OUTCOME_TIMEOUT_MS = 15_000;
export const OUTCOMES = ['attended', 'no_show', 'moved'] as const;
export type Outcome = (typeof OUTCOMES)[number];

export type OutcomeCall = {
  startsAt: string;
  visitorName: string;
  company: string;
  hostName: string;
  outcome: Outcome | null;
  recordedBy: string | null;
};
export type CallAnswer =
  ({ status: 'found' } & OutcomeCall) | { status: 'not_started' | 'not_found' | 'cancelled' | 'other' } | Failed;
export type RecordAnswer =
  | { status: 'recorded'; outcome: Outcome; recordedBy: string }
  | { status: 'not_started' | 'not_found' | 'cancelled' | 'other' }
  | Failed;

type Raw = Record<string, unknown>;
const str = (raw: Raw, key: string) => (typeof raw[key] === 'string' ? (raw[key] as string) : '');
const outcomeOf = (raw: Raw): Outcome | null => OUTCOMES.find((outcome) => outcome === raw.outcome) ?? null;
const KNOWN = ['not_started', 'not_found', 'cancelled'] as const;
const refusal = (raw: Raw) => ({ status: KNOWN.find((status) => status === raw.status) ?? ('other' as const) });

export async function callForOutcome(token: string): Promise<CallAnswer> {
  const raw = await rpcObject('call_for_outcome', { token }, OUTCOME_TIMEOUT_MS, '[call-outcome]');
  if (raw.status === 'failed') return raw as Failed;
  if (raw.status !== 'found') return refusal(raw);
  return {
    status: 'found',
    startsAt: str(raw, 'starts_at'),
    visitorName: str(raw, 'visitor_name'),
    company: str(raw, 'company'),
    hostName: str(raw, 'host_name'),
    outcome: outcomeOf(raw),
    recordedBy: str(raw, 'recorded_by') || null,
  };
}

export async function recordCallOutcome(token: string, outcome: Outcome): Promise<RecordAnswer> {
  const raw = await rpcObject('record_call_outcome', { token, outcome }, OUTCOME_TIMEOUT_MS, '[call-outcome]');
  if (raw.status === 'failed') return raw as Failed;
  const recorded = outcomeOf(raw);
  if (raw.status !== 'recorded' || !recorded) return refusal(raw);
  return { status: 'recorded', outcome: recorded, recordedBy: str(raw, 'recorded_by') };
}
