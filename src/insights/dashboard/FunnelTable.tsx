// The funnel of the period's visitors: visit → engaged → lead → booked → attended, each with its count and its
// share of the step before, as a table (a bar per step for the eye, hidden from assistive technology: the share is
// in its cell). Leads without a counted visit are said below it.
import type { DashboardCopy } from './copy-schema';
import { fill, formatCount, formatShare } from './format';
import type { Funnel } from './report-types';
import { Bar, Muted, Table, TableScroll } from './styles';

type Props = { copy: DashboardCopy['funnel']; funnel: Funnel; headingId: string };
const STEPS = ['visits', 'engaged', 'leads', 'booked', 'attended'] as const;

export function FunnelTable({ copy, funnel, headingId }: Props) {
  return (
    <>
      <TableScroll tabIndex={0} role="group" aria-labelledby={headingId}>
        <Table aria-labelledby={headingId}>
          <thead>
            <tr>
              <th scope="col">{copy.stepColumn}</th>
              <th scope="col">{copy.countColumn}</th>
              <th scope="col">{copy.rateColumn}</th>
            </tr>
          </thead>
          <tbody>
            {STEPS.map((step, index) => {
              const before = index === 0 ? undefined : funnel[STEPS[index - 1]];
              return (
                <tr key={step}>
                  <th scope="row">
                    {copy.steps[step]}
                    <Bar $share={funnel.visits > 0 ? funnel[step] / funnel.visits : 0} aria-hidden="true" />
                  </th>
                  <td>{formatCount(funnel[step])}</td>
                  <td>{before ? formatShare(funnel[step] / before) : ''}</td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      </TableScroll>
      {funnel.leads_without_visit > 0 && (
        <Muted>{fill(copy.leadsWithoutVisit, { count: formatCount(funnel.leads_without_visit) })}</Muted>
      )}
    </>
  );
}
