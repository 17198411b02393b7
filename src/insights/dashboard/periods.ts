// The periods the dashboard offers, as team days. A choice is what the marketer picked; a period is what the reports
// are asked for: [from, to), `to` the day after the last day shown. "Last N days" ends with the team's today.

export type PeriodChoice = { kind: 'last'; days: 7 | 30 | 90 } | { kind: 'custom'; first: string; last: string };
export type Period = { from: string; to: string };

/** The longest period the reports answer (supabase/migrations/20261202120000_insights_reports.sql). */
export const MAX_PERIOD_DAYS = 1100;
export const PRESET_DAYS = [7, 30, 90] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The calendar day in `zone` at `now`, YYYY-MM-DD. */
export function todayIn(zone: string | undefined, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    now,
  );
}

/** Whether `first` and `last` (both shown days) make a period the reports answer. */
export function isValidCustom(first: string, last: string): boolean {
  if (!DAY.test(first) || !DAY.test(last) || Number.isNaN(Date.parse(first)) || Number.isNaN(Date.parse(last)))
    return false;
  const days = daysBetween(first, last) + 1;
  return days >= 1 && days <= MAX_PERIOD_DAYS;
}

export function periodFor(choice: PeriodChoice, today: string): Period {
  if (choice.kind === 'custom') return { from: choice.first, to: addDays(choice.last, 1) };
  return { from: addDays(today, 1 - choice.days), to: addDays(today, 1) };
}

/** The period of the same length just before. */
export function previousOf(period: Period): Period {
  return { from: addDays(period.from, -daysBetween(period.from, period.to)), to: period.from };
}
