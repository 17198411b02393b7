// The one way a lead leaves the browser, shared by the demo-request form, the booking form and the chat:
// shape the row, attach the solved proof-of-work challenge (./lead-challenge/, waiting at most
// CHALLENGE_WAIT_MS for it) and the forms' trap field, insert it with the anon key, give up after
// LEAD_TIMEOUT_MS, and turn every failure into a logged LeadResult. Nothing here throws.
import { leadAttribution, type LeadSurface } from './attribution';
import type { Database } from './database.types';
import type { LeadDatabaseClient } from './supabase-client';
import { cleanLeadText } from './stored-text';
import { trapFieldValue } from './trap-field';

export type ConsultationLead = { name: string; email: string; company: string; phone: string; message: string };
export type ContactLead = { name: string; email: string; company?: string; message: string };
export type LeadResult = { ok: true } | { ok: false; reason: 'network' | 'timeout' | 'rejected'; detail?: string };

export const LEAD_TIMEOUT_MS = 15_000;
/**
 * How long a lead waits for a challenge still being solved before it goes without one (and is stored held). The
 * solve starts when the visitor starts the form or opens the chat, so at normal traffic it is done long before.
 */
export const CHALLENGE_WAIT_MS = 1_500;
/** The database keeps at most this much of the trap field (the column's check): more would refuse the lead. */
const TRAP_FIELD_MAX_LENGTH = 500;

type Tables = Database['public']['Tables'];
type ConsultationRow = Tables['consultation_requests']['Insert'];
type ContactRow = Tables['contact_messages']['Insert'];

/** Only `error` and `status` of the insert's answer are read; no row is requested back. */
type InsertOutcome = { error: { message: string } | null; status: number };
/** What the lead carries besides its row: the solved challenge, when there is one. */
type Attached = { challenge?: string };
type Insert = (client: LeadDatabaseClient, signal: AbortSignal, attached: Attached) => PromiseLike<InsertOutcome>;

const TIMEOUT: LeadResult = { ok: false, reason: 'timeout', detail: `no answer within ${LEAD_TIMEOUT_MS} ms` };

export function toConsultationRow(lead: ConsultationLead): ConsultationRow {
  return {
    name: cleanLeadText(lead.name),
    email: cleanLeadText(lead.email),
    company: cleanLeadText(lead.company),
    phone: cleanLeadText(lead.phone),
    message: cleanLeadText(lead.message),
  };
}

export function toContactRow(lead: ContactLead): ContactRow {
  const company = lead.company === undefined ? undefined : cleanLeadText(lead.company);
  return {
    name: cleanLeadText(lead.name),
    email: cleanLeadText(lead.email),
    ...(company ? { company } : {}),
    message: cleanLeadText(lead.message),
  };
}

/**
 * The spec's fields plus `attribution` (where the lead came from, see attribution.ts): a documented
 * addition to the specification's payload.
 */
export function submitConsultationRequest(
  lead: ConsultationLead,
  surface: Extract<LeadSurface, 'booking_form' | 'chat'>,
): Promise<LeadResult> {
  const row = { ...toConsultationRow(lead), attribution: leadAttribution(surface), ...trapField() };
  return insertLead('consultation_requests', (client, signal, attached) =>
    client
      .from('consultation_requests')
      .insert({ ...row, ...attached })
      .abortSignal(signal),
  );
}

export function submitContactMessage(lead: ContactLead): Promise<LeadResult> {
  const row = { ...toContactRow(lead), attribution: leadAttribution('contact_form'), ...trapField() };
  return insertLead('contact_messages', (client, signal, attached) =>
    client
      .from('contact_messages')
      .insert({ ...row, ...attached })
      .abortSignal(signal),
  );
}

/** The forms' trap field when the submission fills it (./trap-field.ts): sent, so the lead is stored held. */
function trapField(): { honeypot?: string } {
  const value = trapFieldValue();
  return value ? { honeypot: value.slice(0, TRAP_FIELD_MAX_LENGTH) } : {};
}

/**
 * Starts loading the client code and fetching and solving a challenge for the lead (both idempotent); the forms
 * call it when a visitor starts one, the chat when it opens, so submitting is quick and the lead carries its
 * solution.
 */
export function preloadLeadClient(): void {
  loadClientModule().catch(() => {
    // A failed preload is retried by the submission itself, which reports the failure properly.
  });
  loadChallengeModule().then(
    (challenge) => challenge.prepareLeadChallenge(),
    () => {
      // Retried by the submission, which sends the lead without a solution if it fails again.
    },
  );
}

function loadClientModule() {
  return import('./supabase-client');
}

let challengeModule: Promise<typeof import('./lead-challenge/client')> | undefined;

/** The challenge's code, loaded once; a failed load is tried again next time. */
function loadChallengeModule() {
  challengeModule ??= import('./lead-challenge/client').catch((error: unknown) => {
    challengeModule = undefined;
    throw error;
  });
  return challengeModule;
}

/** The solved challenge for a lead going out now, if there is one within CHALLENGE_WAIT_MS. */
async function challengeForLead(): Promise<Attached> {
  const deadline = Date.now() + CHALLENGE_WAIT_MS;
  const taken = loadChallengeModule()
    .then((challenge) => challenge.takeLeadChallenge(Math.max(0, deadline - Date.now())))
    .catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), CHALLENGE_WAIT_MS);
  });
  const challenge = await Promise.race([taken, waited]);
  clearTimeout(timer);
  return challenge ? { challenge } : {};
}

async function insertLead(table: keyof Tables, insert: Insert): Promise<LeadResult> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The race guarantees an answer even if loading the client code hangs, not only the request.
  const timedOut = new Promise<LeadResult>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(TIMEOUT);
    }, LEAD_TIMEOUT_MS);
  });
  try {
    const result = await Promise.race([attemptInsert(insert, controller.signal), timedOut]);
    if (!result.ok) console.error(`[leads] Could not save to ${table} (${result.reason}):`, result.detail);
    return result;
  } finally {
    clearTimeout(timer);
  }
}

async function attemptInsert(insert: Insert, signal: AbortSignal): Promise<LeadResult> {
  try {
    const [{ getSupabaseClient }, attached] = await Promise.all([loadClientModule(), challengeForLead()]);
    if (signal.aborted) return TIMEOUT;
    const { error, status } = await insert(getSupabaseClient(), signal, attached);
    if (signal.aborted) return TIMEOUT;
    if (!error) return { ok: true };
    // supabase-js reports an unreachable API as an error with status 0 instead of throwing.
    return { ok: false, reason: status === 0 ? 'network' : 'rejected', detail: error.message };
  } catch (thrown) {
    if (signal.aborted) return TIMEOUT;
    return { ok: false, reason: 'network', detail: thrown instanceof Error ? thrown.message : String(thrown) };
  }
}
