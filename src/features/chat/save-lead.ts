// Saves a finished chat booking through the shared lead module. It is imported on first use so neither
// it nor the Supabase client is part of any page's first load.
import type { ConsultationLead } from '../../lib/leads';

export type SaveLead = (lead: ConsultationLead) => Promise<boolean>;

export const saveLeadThroughSharedModule: SaveLead = async (lead) => {
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
