// How the dashboard writes numbers, shares, chances, changes, days and lists (Australian English, as the site's
// copy), fills a text's placeholders, and says a count in its singular or plural words.

const counts = new Intl.NumberFormat('en-AU');
const shares = new Intl.NumberFormat('en-AU', { style: 'percent', maximumFractionDigits: 1 });
const changes = new Intl.NumberFormat('en-AU', {
  style: 'percent',
  maximumFractionDigits: 0,
  signDisplay: 'exceptZero',
});
const lists = new Intl.ListFormat('en-AU', { style: 'long', type: 'conjunction' });
const plurals = new Intl.PluralRules('en-AU');
const days = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

export const formatCount = (value: number) => counts.format(value);

export const formatShare = (value: number) => shares.format(value);

/**
 * A chance (0 to 1) as a share, never rounded to a certainty it is not: above 99.9 % it is ">99.9%", below 0.1 %
 * "<0.1%".
 */
export function formatChance(value: number): string {
  if (value > 0.999) return `>${shares.format(0.999)}`;
  if (value < 0.001) return `<${shares.format(0.001)}`;
  return shares.format(value);
}

/** Parts of a sentence joined as the site writes them: "a, b and c". */
export const formatList = (parts: string[]) => lists.format(parts);

/** A team day (YYYY-MM-DD) as people write it: 5 Apr 2026. */
export const formatDay = (day: string) => days.format(new Date(`${day}T00:00:00Z`));

export type Change = { kind: 'change'; text: string } | { kind: 'same' } | { kind: 'new' };

/** The change from `previous` to `current`: a signed share, the same, or new (nothing before). */
export function changeOf(current: number, previous: number): Change {
  if (current === previous) return { kind: 'same' };
  if (previous === 0) return { kind: 'new' };
  const share = (current - previous) / previous;
  return { kind: 'change', text: changes.format(share) };
}

/** `text` with each {name} replaced by its value. */
export const fill = (text: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((filled, [name, value]) => filled.split(`{${name}}`).join(String(value)), text);

/** A count in its words, singular or plural ({count} filled in). */
export const countIn = (words: { one: string; other: string }, count: number) =>
  fill(plurals.select(count) === 'one' ? words.one : words.other, { count: formatCount(count) });
