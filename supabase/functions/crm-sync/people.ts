// A lead's e-mail and name as the CRMs get them.

/** Trimmed and lower-case: the one form every lookup and upsert uses. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** The name as typed, its spaces collapsed: what every CRM gets as the whole name. */
export const cleanName = (name: string) => name.trim().replace(/\s+/g, ' ');

// Lower-case particles that begin a family name ("van der Berg", "de la Cruz", "bin Laden").
const PARTICLES = new Set(
  'al bin binti da das de degli del della der di do dos du el la le st st. ten ter van von zu'.split(' '),
);

/**
 * First and last name, losing no word: `${first} ${last}` is the name with its spaces collapsed. The last word
 * is the family name, with the lower-case particles before it ("Mary Ann van der Berg" → "Mary Ann" +
 * "van der Berg"); a single word is a first name only.
 */
export function splitName(name: string): { first: string; last: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { first: words[0] ?? '', last: '' };
  let start = words.length - 1;
  while (start > 1 && PARTICLES.has(words[start - 1])) start -= 1;
  return { first: words.slice(0, start).join(' '), last: words.slice(start).join(' ') };
}

const REQUESTS: Record<string, string> = { strategy_call: 'Strategy call', demo: 'Demo' };
export const requestLabel = (request: string) => REQUESTS[request] ?? request;

/** "Ada Lovelace (Acme)". */
export const whoLabel = (name: string, company: string | null) => `${cleanName(name)}${company ? ` (${company})` : ''}`;

/** The lead's attribution as "key: value" lines (utm_source: newsletter, …). */
export function attributionLines(attribution: Record<string, unknown> | null): string[] {
  if (!attribution) return [];
  return Object.entries(attribution)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
}
