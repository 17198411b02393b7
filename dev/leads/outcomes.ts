// Who turned up (issue 34) in `npm run leads`: `booking outcome <booking id | email> attended|no-show|moved`
// records what happened at a call whose start has passed (as the host's link does, through the database's own
// rules: supabase/migrations/20261126110000_booking_host_messages.sql), and the listing ends with the show rate by
// week and by where the leads came from, so the site's claim about fewer no-shows can be checked against its calls.
import { describeTime } from '../../supabase/functions/notify-leads/times';
import type { NodeLeadClient } from '../local-api/node-client';
import { call, teamTimeZone, type OperatorResult } from './bookings';
import { OUTCOME_WORDS, type OutcomeWord } from './outcome-words';

type Answer = { status: string; [key: string]: unknown };

const REFUSALS: Record<string, string> = {
  not_found: 'No such call: give the booking id, or the e-mail address of a visitor whose call has started.',
  ambiguous: 'More than one call of this address has started: give the booking id.',
  not_started: 'That call has not started yet: record what happened after it.',
  cancelled: 'That call was cancelled: there is nothing to record.',
  expired: 'That booking was a held time that was given back: there is no call.',
  held: 'That booking is a time still held by a visitor: there is no call yet.',
};

/** Records the outcome of a call by booking id or the visitor's e-mail address; `recordedBy` says who. */
export async function recordOutcome(
  client: NodeLeadClient,
  reference: string,
  word: OutcomeWord,
  recordedBy: string,
): Promise<OperatorResult> {
  const found = await call<Answer>(client, 'find_operator_call', { reference: reference.trim() });
  const zone = await teamTimeZone(client);
  const refuse = (answer: Answer): OperatorResult => {
    const lines = [REFUSALS[answer.status] ?? `Refused: ${answer.status}.`];
    for (const candidate of (answer.candidates ?? []) as { booking_id: string; starts_at: string }[])
      lines.push(`  ${candidate.booking_id}  ${describeTime(new Date(candidate.starts_at), zone)}`);
    return { ok: false, lines };
  };
  if (found.status !== 'found') return refuse(found);
  const answer = await call<Answer>(client, 'operator_record_call_outcome', {
    booking_id: found.booking_id,
    outcome: OUTCOME_WORDS[word],
    recorded_by: recordedBy,
  });
  if (answer.status !== 'recorded') return refuse(answer);
  return {
    ok: true,
    lines: [
      `Recorded ${word} for booking ${String(found.booking_id)} of ${String(found.email)}: ${describeTime(new Date(String(found.starts_at)), zone)}.`,
      `Recorded by ${recordedBy}; recording again replaces it.`,
    ],
  };
}

export type ShowRateRow = {
  week_start: string;
  source: string;
  attended: number;
  no_show: number;
  moved: number;
  not_recorded: number;
};
type Counts = Omit<ShowRateRow, 'week_start' | 'source'>;

export async function fetchShowRates(client: NodeLeadClient, weeks = 12): Promise<ShowRateRow[]> {
  return call<ShowRateRow[]>(client, 'call_show_rates', { weeks });
}

function totals(rows: ShowRateRow[], key: 'week_start' | 'source'): Map<string, Counts> {
  const byKey = new Map<string, Counts>();
  for (const row of rows) {
    const counts = byKey.get(row[key]) ?? { attended: 0, no_show: 0, moved: 0, not_recorded: 0 };
    counts.attended += row.attended;
    counts.no_show += row.no_show;
    counts.moved += row.moved;
    counts.not_recorded += row.not_recorded;
    byKey.set(row[key], counts);
  }
  return byKey;
}

/** Attended out of the calls where the visitor either came or did not: "67% (2 of 3)", or "—". */
export function showRate({ attended, no_show }: Counts): string {
  const known = attended + no_show;
  return known === 0 ? '—' : `${Math.round((attended / known) * 100)}% (${attended} of ${known})`;
}

const COLUMNS = ['Calls', 'Attended', 'No-show', 'Moved', 'Not recorded', 'Show rate'];
const WIDTHS = COLUMNS.map((column, index) => (index === COLUMNS.length - 1 ? 14 : Math.max(column.length, 5)));

function table(heading: string, byKey: Map<string, Counts>, inert: (text: string) => string): string[] {
  const width = Math.max(heading.length, ...[...byKey.keys()].map((key) => [...inert(key)].length));
  const row = (first: string, cells: string[]) =>
    `  ${first.padEnd(width)}  ${cells.map((cell, index) => cell.padStart(WIDTHS[index])).join('  ')}`;
  const lines = [row(heading, COLUMNS)];
  for (const [key, counts] of byKey) {
    const calls = counts.attended + counts.no_show + counts.moved + counts.not_recorded;
    const numbers = [calls, counts.attended, counts.no_show, counts.moved, counts.not_recorded].map(String);
    lines.push(row(inert(key), [...numbers, showRate(counts)]));
  }
  return lines;
}

/** The show-rate section of `npm run leads`. */
export function formatShowRates(rows: ShowRateRow[], weeks: number, inert: (text: string) => string): string {
  const title = `Show rate of the calls whose start has passed, last ${weeks} weeks: attended out of attended + no-show (moved and not recorded are left out)`;
  if (rows.length === 0) return `${title}\n  no calls yet`;
  return [
    title,
    ...table('Week from', totals(rows, 'week_start'), inert),
    '',
    ...table('Source', totals(rows, 'source'), inert),
    '  (source: the lead’s utm_source, else the site that referred it, else direct)',
  ].join('\n');
}
