// Why the submission guard held a lead (supabase/migrations/20261127100000_held_leads.sql and
// 20261128100000_lead_challenge.sql), in words: in the hourly digest (digest-render.ts) and in
// `npm run leads -- held` (dev/leads/held.ts), which imports this file as it is. No imports, so Node can load it
// too. A reason added later reads as its name until it gets words here.
export const HOLD_REASONS: Record<string, string> = {
  honeypot: "the form's hidden trap field was filled",
  no_challenge: "sent without the site's proof-of-work (scripts blocked, an old browser, or not the site)",
  bad_challenge: 'sent with an invalid, expired or already used proof-of-work',
  network_burst: 'a burst of submissions from one network',
  over_global_rate: 'more submissions a minute than the form normally receives',
};

export const holdReasonText = (reason: string): string => HOLD_REASONS[reason] ?? reason.replaceAll('_', ' ');

/**
 * The reasons that say only "there was a lot of traffic": the guard checks the trap field and the proof-of-work
 * first, so a lead held for one of these had the trap empty and a valid solution, as a person's browser sends it.
 * A real visitor held in a flood is among these; the digest lists them first. Every other reason (the trap, no or
 * a bad solution, and any reason added later until it is named here) counts as probably automated.
 */
export const TRAFFIC_HOLD_REASONS: readonly string[] = ['over_global_rate', 'network_burst'];
/** The other reasons known today, in the order the digest counts them. */
export const AUTOMATED_HOLD_REASONS: readonly string[] = ['no_challenge', 'bad_challenge', 'honeypot'];

export const isTrafficHold = (reason: string): boolean => TRAFFIC_HOLD_REASONS.includes(reason);

/** The path of the page that releases one held lead; the secret follows in the fragment (never sent to a server). */
export const RELEASE_PAGE_PATH = '/release-lead';
