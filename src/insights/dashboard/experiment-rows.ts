// An experiment's table and decision from its rows (public.insights_experiment) and the content's versions: one row
// per version in the content (zeros for one no visit has seen yet), then any version the numbers have that the
// content no longer has (a variant removed while it ran: shown, not judged); and decide()'s answer over the versions
// in the content, run to the moment the numbers were read. While the decision is collecting, no chance is shown
// (DESIGN.md: results only after a minimum sample and run).
import { decide, type Decision, type DecisionRules } from '../experiments/stats';
import type { ExperimentSummary } from './experiment-content';
import type { ExperimentRow } from './report-types';

export type VersionChance =
  | { kind: 'original' }
  | { kind: 'not-yet' }
  /** A version no longer in the content is not compared. */
  | { kind: 'not-compared' }
  /** null where the chance is undefined (the original has no conversion yet). */
  | { kind: 'chance'; value: number | null };

export type VersionRow = {
  index: number;
  /** null: a version the numbers have and the content no longer does. */
  name: string | null;
  share: number | null;
  visitors: number;
  engaged: number;
  leads: number;
  booked: number;
  /** leads / visitors; null before a visitor. */
  leadRate: number | null;
  chance: VersionChance;
};

export type ExperimentReport = { rows: VersionRow[]; decision: Decision };

const NONE = { visitors: 0, engaged: 0, leads: 0, booked: 0 };

/** The arm decide() compares: the version's index as its id. */
function armOf(row: VersionRow) {
  // decide() needs visitors who converted, at most one each: the report counts each visit once (so leads and booked
  // are at most its visitors); taken as such all the same, so that a report that ever broke this would not throw here.
  return {
    id: String(row.index),
    visitors: row.visitors,
    leads: Math.min(row.leads, row.visitors),
    booked: Math.min(row.booked, row.visitors),
  };
}

export function experimentReport(
  experiment: ExperimentSummary & { startedAt: string },
  numbers: readonly ExperimentRow[],
  readAt: Date,
  rules?: Partial<DecisionRules>,
): ExperimentReport {
  const counted = new Map(numbers.map((row) => [row.variant, row]));
  const row = (index: number, name: string | null, share: number | null): VersionRow => {
    const { visitors, engaged, leads, booked } = counted.get(index) ?? NONE;
    const chance: VersionChance = index === 0 ? { kind: 'original' } : { kind: 'not-yet' };
    return {
      index,
      name,
      share,
      visitors,
      engaged,
      leads,
      booked,
      leadRate: visitors ? leads / visitors : null,
      chance,
    };
  };
  const versions = experiment.versions.map((version) => row(version.index, version.name, version.share));
  const removed = numbers
    .filter((number) => number.variant >= versions.length)
    .sort((a, b) => a.variant - b.variant)
    .map((number) => ({ ...row(number.variant, null, null), chance: { kind: 'not-compared' } as const }));

  const [original, ...variants] = versions;
  const decision = decide(
    {
      startedAt: new Date(experiment.startedAt),
      now: readAt,
      original: armOf(original),
      variants: variants.map(armOf),
    },
    rules,
  );
  if (decision.status !== 'collecting') {
    const chances = new Map(decision.verdicts.map((verdict) => [verdict.id, verdict.chanceToBeat]));
    for (const variant of variants) variant.chance = { kind: 'chance', value: chances.get(String(variant.index))! };
  }
  return { rows: [...versions, ...removed], decision };
}
