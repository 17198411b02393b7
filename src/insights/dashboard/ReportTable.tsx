// One ranked table of the dashboard (sources, campaigns, pages, landing pages): a heading, the rows as the reports
// rank them (the first 25, all on request), and "Download CSV", which saves every row, as shown, in a file made in
// the browser (./csv.ts).
import { useId, useState } from 'react';
import { SecondaryButton } from '../../features/forms/styles';
import type { DashboardCopy } from './copy-schema';
import { toCsv } from './csv';
import { downloadText } from './download';
import { fill, formatCount } from './format';
import { Muted, Panel, Row, Table, TableScroll } from './styles';

export type Column<T> = { label: string; value: (row: T) => number };

type Props<T> = {
  copy: DashboardCopy['tables'];
  title: string;
  nameLabel: string;
  rows: T[];
  name: (row: T) => string;
  columns: Column<T>[];
  /** The downloaded file's name, without ".csv". */
  fileName: string;
};

/** Rows shown before "show all". */
export const FIRST_ROWS = 25;

/** The table's CSV: a header of the column names, then every row as the table shows it (counts as plain numbers). */
export function tableCsv<T>({
  nameLabel,
  rows,
  name,
  columns,
}: Pick<Props<T>, 'nameLabel' | 'rows' | 'name' | 'columns'>) {
  return toCsv(
    [nameLabel, ...columns.map((column) => column.label)],
    rows.map((row) => [name(row), ...columns.map((column) => column.value(row))]),
  );
}

export function ReportTable<T>(props: Props<T>) {
  const { copy, title, nameLabel, rows, name, columns, fileName } = props;
  const id = useId();
  const headingId = `${id}-heading`;
  const [all, setAll] = useState(false);
  const shown = all ? rows : rows.slice(0, FIRST_ROWS);
  return (
    <Panel aria-labelledby={headingId}>
      <Row>
        <h2 id={headingId}>{title}</h2>
        <SecondaryButton
          type="button"
          aria-describedby={headingId}
          onClick={() => downloadText(`${fileName}.csv`, `\uFEFF${tableCsv(props)}`)}
        >
          {copy.download}
        </SecondaryButton>
      </Row>
      <Muted>{copy.ranked}</Muted>
      {rows.length === 0 ? (
        <Muted>{copy.empty}</Muted>
      ) : (
        <TableScroll tabIndex={0} role="group" aria-labelledby={headingId}>
          <Table aria-labelledby={headingId}>
            <thead>
              <tr>
                <th scope="col">{nameLabel}</th>
                {columns.map((column) => (
                  <th scope="col" key={column.label}>
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {shown.map((row, index) => (
                <tr key={index}>
                  <th scope="row">{name(row)}</th>
                  {columns.map((column) => (
                    <td key={column.label}>{formatCount(column.value(row))}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </Table>
        </TableScroll>
      )}
      {rows.length > FIRST_ROWS && (
        <Row>
          <SecondaryButton type="button" aria-expanded={all} onClick={() => setAll(!all)}>
            {all
              ? fill(copy.showFewer, { count: formatCount(FIRST_ROWS) })
              : fill(copy.showAll, { count: formatCount(rows.length) })}
          </SecondaryButton>
        </Row>
      )}
    </Panel>
  );
}
