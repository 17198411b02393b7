// The chart's text alternative: a sentence of the period's totals and its busiest day, shown, and every day's
// figures in a table that is visually hidden but read by assistive technology (and equal to the chart's data).
import type { DashboardCopy } from './copy-schema';
import { fill, formatCount, formatDay } from './format';
import type { DailyRow } from './report-types';

type Props = {
  copy: DashboardCopy['chart'];
  labels: { visitors: string; leads: string; booked: string };
  days: DailyRow[];
  totals: { visitors: number; leads: number; booked: number };
};

export function DailySummary({ copy, days, totals }: Omit<Props, 'labels'>) {
  const busiest = days.reduce<DailyRow | undefined>(
    (best, row) => (row.visitors > (best?.visitors ?? 0) ? row : best),
    undefined,
  );
  return (
    <p>
      {fill(copy.summary, {
        visitors: formatCount(totals.visitors),
        leads: formatCount(totals.leads),
        booked: formatCount(totals.booked),
      })}
      {busiest && ` ${fill(copy.busiestDay, { day: formatDay(busiest.day), count: formatCount(busiest.visitors) })}`}
    </p>
  );
}

export function DailyTable({ copy, labels, days }: Omit<Props, 'totals'>) {
  return (
    <table className="visually-hidden">
      <caption>{copy.tableCaption}</caption>
      <thead>
        <tr>
          <th scope="col">{copy.dayColumn}</th>
          <th scope="col">{labels.visitors}</th>
          <th scope="col">{labels.leads}</th>
          <th scope="col">{labels.booked}</th>
        </tr>
      </thead>
      <tbody>
        {days.map((row) => (
          <tr key={row.day}>
            <th scope="row">{formatDay(row.day)}</th>
            <td>{formatCount(row.visitors)}</td>
            <td>{formatCount(row.leads)}</td>
            <td>{formatCount(row.booked)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
