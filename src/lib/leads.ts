// The one way a lead leaves the browser, shared by the demo-request form, the booking form and the chat:
// shape the row, insert it with the anon key, give up after LEAD_TIMEOUT_MS, and turn every failure into
// a logged LeadResult. Nothing here throws.
import { leadAttribution, type LeadSurface } from './attribution';
import type { Database } from './database.types';
import type { LeadDatabaseClient } from './supabase-client';
import { cleanLeadText } from './stored-text';

export type ConsultationLead = { name: string; email: string; company: string; phone: string; message: string };
export type ContactLead = { name: string; email: string; company?: string; message: string };
export type LeadResult = { ok: true } | { ok: false; reason: 'network' | 'timeout' | 'rejected'; detail?: string };

export const LEAD_TIMEOUT_MS = 15_000;

type Tables = Database['public']['Tables'];
type ConsultationRow = Tables['consultation_requests']['Insert'];
type ContactRow = Tables['contact_messages']['Insert'];

/** Only `error` and `status` of the insert's answer are read; no row is requested back. */
type InsertOutcome = { error: { message: string } | null; status: number };
type Insert = (client: LeadDatabaseClient, signal: AbortSignal) => PromiseLike<InsertOutcome>;

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
  const row = { ...toConsultationRow(lead), attribution: leadAttribution(surface) };
  return insertLead('consultation_requests', (client, signal) =>
    client.from('consultation_requests').insert(row).abortSignal(signal),
  );
}

export function submitContactMessage(lead: ContactLead): Promise<LeadResult> {
  const row = { ...toContactRow(lead), attribution: leadAttribution('contact_form') };
  return insertLead('contact_messages', (client, signal) =>
    client.from('contact_messages').insert(row).abortSignal(signal),
  );
}

/** Starts loading the client code (idempotent); forms call it on first focus so submitting is quick. */
export function preloadLeadClient(): void {
  loadClientModule().catch(() => {
    // A failed preload is retried by the submission itself, which reports the failure properly.
  });
}

function loadClientModule() {
  return import('./supabase-client');
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
    const { getSupabaseClient } = await loadClientModule();
    const { error, status } = await insert(getSupabaseClient(), signal);
    if (signal.aborted) return TIMEOUT;
    if (!error) return { ok: true };
    // supabase-js reports an unreachable API as an error with status 0 instead of throwing.
    return { ok: false, reason: status === 0 ? 'network' : 'rejected', detail: error.message };
  } catch (thrown) {
    if (signal.aborted) return TIMEOUT;
    return { ok: false, reason: 'network', detail: thrown instanceof Error ? thrown.message : String(thrown) };
  }
}
