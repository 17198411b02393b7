// How the dashboard writes numbers, shares, changes and days (Australian English, as the site's copy), and fills a
// text's placeholders.

const counts = new Intl.NumberFormat('en-AU');
const shares = new Intl.NumberFormat('en-AU', { style: 'percent', maximumFractionDigits: 1 });
const changes = new Intl.NumberFormat('en-AU', {
  style: 'percent',
  maximumFractionDigits: 0,
  signDisplay: 'exceptZero',
});
const days = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

export const formatCount = (value: number) => counts.format(value);

export const formatShare = (value: number) => shares.format(value);

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
