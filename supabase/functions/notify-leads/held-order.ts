// The order held leads are listed in: in the hourly digest (digest-render.ts) and by `npm run leads -- held`
// (dev/leads/held.ts, which imports this file as it is: no imports, so Node can load it too). The command in the
// digest's "Not listed here" goes on where the e-mail stops only because both sort alike.
//
// A person's browser fetches the proof-of-work challenge when they start a form or open the chat and sends the
// lead once they have filled it in; a script sends as soon as its solution is found. So among leads that carried a
// valid solution, those that took a person's time come first (supabase/migrations/20261201100000_held_lead_fill_time.sql).
// It orders, it never decides: a flood that holds its solutions before sending ranks with people, and a person
// whose first solution expired while they typed ranks with scripts.

/**
 * Seconds from the challenge's issue to the lead at and above which it took a person's time. Typing a name, an
 * e-mail address and a company takes longer even with autofill; a script's lead follows its solution within the
 * solve (at most about 2.5 s on a server at the hardest level, docs/security.md "The challenge").
 */
export const PERSON_SECONDS = 5;

export type OrderedHeldLead = { received_at: string; lead_id: string; seconds_to_send?: number | null };

export const tookAPersonsTime = (lead: Pick<OrderedHeldLead, 'seconds_to_send'>): boolean =>
  typeof lead.seconds_to_send === 'number' && lead.seconds_to_send >= PERSON_SECONDS;

/** Those that took a person's time first, then newest first. */
export function heldLeadOrder(a: OrderedHeldLead, b: OrderedHeldLead): number {
  return (
    Number(tookAPersonsTime(b)) - Number(tookAPersonsTime(a)) ||
    Date.parse(b.received_at) - Date.parse(a.received_at) ||
    a.lead_id.localeCompare(b.lead_id)
  );
}
