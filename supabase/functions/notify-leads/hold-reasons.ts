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

/** The path of the page that releases one held lead; the secret follows in the fragment (never sent to a server). */
export const RELEASE_PAGE_PATH = '/release-lead';
