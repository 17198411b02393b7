// Pages (where visits and leads happened) and landing pages (where visits began), each ranked by leads, then booked
// calls. A page the database leaves null (a lead sent without its page) is said in the page's words.
import type { DashboardCopy } from './copy-schema';
import { ReportTable, type Column } from './ReportTable';
import type { PageRow } from './report-types';

type Props = { copy: DashboardCopy['tables']; rows: PageRow[]; fileSuffix: string };

export function PageTables({ copy, rows, fileSuffix }: Props) {
  const columns: Column<PageRow>[] = [
    { label: copy.columns.visitors, value: (row) => row.visitors },
    { label: copy.columns.engaged, value: (row) => row.engaged },
    { label: copy.columns.leads, value: (row) => row.leads },
    { label: copy.columns.booked, value: (row) => row.booked },
  ];
  const of = (dimension: PageRow['dimension']) =>
    rows.filter((row) => row.dimension === dimension).sort((a, b) => a.rank - b.rank);
  const name = (row: PageRow) => row.name ?? copy.unknown;
  return (
    <>
      <ReportTable
        copy={copy}
        title={copy.pages}
        nameLabel={copy.columns.page}
        rows={of('page')}
        name={name}
        columns={columns}
        fileName={`pages-${fileSuffix}`}
      />
      <ReportTable
        copy={copy}
        title={copy.landingPages}
        nameLabel={copy.columns.landingPage}
        rows={of('landing_page')}
        name={name}
        columns={columns}
        fileName={`landing-pages-${fileSuffix}`}
      />
    </>
  );
}
