// An experiment's table as columns of words: what each cell shows, and what the CSV holds (the same, with counts as
// plain numbers). The version's name heads each row.
import type { DashboardCopy } from './copy-schema';
import type { CsvCell } from './csv';
import type { VersionRow } from './experiment-rows';
import { fill, formatChance, formatCount, formatShare } from './format';
import type { DecisionMetric } from '../experiments/stats';

type Copy = DashboardCopy['experiments'];

export type ExperimentColumn = { label: string; value: (row: VersionRow) => CsvCell };

export const versionName = (copy: Copy, row: VersionRow) =>
  row.name ?? fill(copy.removedVersion, { version: row.index });

function chanceText(copy: Copy, row: VersionRow): string {
  const { chance } = row;
  if (chance.kind === 'not-yet') return copy.notYet;
  if (chance.kind === 'chance' && chance.value !== null) return formatChance(chance.value);
  return copy.notApplicable;
}

/** The columns after the version's: counts as numbers, the rest as the table shows them. */
export function experimentColumns(copy: Copy, metric: DecisionMetric): ExperimentColumn[] {
  const { columns } = copy;
  const orNone = (value: number | null, format: (value: number) => string) =>
    value === null ? copy.notApplicable : format(value);
  return [
    { label: columns.share, value: (row) => orNone(row.share, (share) => formatShare(share / 100)) },
    { label: columns.visitors, value: (row) => row.visitors },
    { label: columns.engaged, value: (row) => row.engaged },
    { label: columns.leads, value: (row) => row.leads },
    { label: columns.leadRate, value: (row) => orNone(row.leadRate, formatShare) },
    { label: columns.booked, value: (row) => row.booked },
    { label: fill(columns.chance, { metric: copy.metrics[metric] }), value: (row) => chanceText(copy, row) },
  ];
}

/** A cell as the table shows it: counts with their thousands separators. */
export const shownCell = (value: CsvCell) => (typeof value === 'number' ? formatCount(value) : value);
