// Saves a finished chat booking through the shared lead module. It is imported on first use so neither
// it nor the Supabase client is part of any page's first load.
import type { ConsultationLead } from '../../lib/leads';

/** Saves the booking; `prepare`, when given, is called as the chat opens (the save will be quicker). */
export type SaveLead = ((lead: ConsultationLead) => Promise<boolean>) & { prepare?: () => void };

const saveThroughSharedModule = async (lead: ConsultationLead) => {
  try {
    const { submitConsultationRequest } = await import('../../lib/leads');
    const result = await submitConsultationRequest(lead, 'chat');
    return result.ok;
  } catch (error) {
    // The module promises not to throw; loading it can still fail (e.g. offline after a deploy).
    console.error('[chat] Could not save the booking:', error);
    return false;
  }
};

/**
 * Through leads.ts, which the chat loads when it opens: the client code, and the proof-of-work challenge that the
 * saved lead carries, solved while the visitor answers (as the forms start it on their first focus).
 */
export const saveLeadThroughSharedModule: SaveLead = Object.assign(saveThroughSharedModule, {
  prepare: () => {
    import('../../lib/leads')
      .then((leads) => leads.preloadLeadClient())
      .catch(() => {
        // The save loads it again, and reports a failure then.
      });
  },
});
