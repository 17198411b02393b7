// One line of `npm run leads` per lead: where it came from (the `attribution` column), printed as inert text.
const LABELS: [key: string, label: string][] = [
  ['surface', 'via'],
  ['landing_page', 'landed on'],
  ['referrer', 'referred by'],
  ['utm_source', 'utm_source'],
  ['utm_medium', 'utm_medium'],
  ['utm_campaign', 'utm_campaign'],
  ['utm_term', 'utm_term'],
  ['utm_content', 'utm_content'],
  ['submitted_from', 'sent from'],
];

/** "via booking_form · landed on /services?… · referred by https://… · sent from /book", or "no attribution". */
export function attributionLine(attribution: unknown, inert: (text: string) => string): string {
  if (typeof attribution !== 'object' || attribution === null) return 'Came from: no attribution';
  const record = attribution as Record<string, unknown>;
  const parts = LABELS.filter(([key]) => typeof record[key] === 'string').map(
    ([key, label]) => `${label} ${inert(record[key] as string)}`,
  );
  return `Came from: ${parts.length > 0 ? parts.join(' · ') : 'no attribution'}`;
}
