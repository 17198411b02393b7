// Sources and campaigns, with the switch of which touch leads and calls are credited to: where the visit came from
// (first touch) or what the lead said when it was sent (last touch). Names the database leaves null, or calls
// "direct", are said in the page's words.
import { useId } from 'react';
import type { DashboardCopy } from './copy-schema';
import { ReportTable, type Column } from './ReportTable';
import type { SourceRow, Touch } from './report-types';
import { Choices, Panel } from './styles';

type Props = {
  copy: DashboardCopy['tables'];
  rows: SourceRow[];
  touch: Touch;
  onTouch: (touch: Touch) => void;
  /** Added to the files' names: the period's days. */
  fileSuffix: string;
};

export function sourceName(copy: DashboardCopy['tables'], row: SourceRow): string {
  if (row.name === null) return row.dimension === 'source' ? copy.unknown : copy.noCampaign;
  return row.dimension === 'source' && row.name === 'direct' ? copy.direct : row.name;
}

export function SourceTables({ copy, rows, touch, onTouch, fileSuffix }: Props) {
  const id = useId();
  const columns: Column<SourceRow>[] = [
    { label: copy.columns.visitors, value: (row) => row.visitors },
    { label: copy.columns.leads, value: (row) => row.leads },
    { label: copy.columns.booked, value: (row) => row.booked },
    { label: copy.columns.attended, value: (row) => row.attended },
  ];
  const of = (dimension: SourceRow['dimension']) =>
    rows.filter((row) => row.dimension === dimension).sort((a, b) => a.rank - b.rank);
  return (
    <>
      <Panel as="div">
        <Choices>
          <legend>{copy.touchLegend}</legend>
          {(['first', 'last'] as const).map((value) => (
            <label key={value}>
              <input type="radio" name={`${id}-touch`} checked={touch === value} onChange={() => onTouch(value)} />
              {value === 'first' ? copy.firstTouch : copy.lastTouch}
            </label>
          ))}
        </Choices>
      </Panel>
      <ReportTable
        copy={copy}
        title={copy.sources}
        nameLabel={copy.columns.source}
        rows={of('source')}
        name={(row) => sourceName(copy, row)}
        columns={columns}
        fileName={`sources-${touch}-touch-${fileSuffix}`}
      />
      <ReportTable
        copy={copy}
        title={copy.campaigns}
        nameLabel={copy.columns.campaign}
        rows={of('campaign')}
        name={(row) => sourceName(copy, row)}
        columns={columns}
        fileName={`campaigns-${touch}-touch-${fileSuffix}`}
      />
    </>
  );
}
