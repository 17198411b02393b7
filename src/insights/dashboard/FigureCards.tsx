// The period's figures, each with its rate and its change against the previous period: visitors, engaged visits,
// leads, booked calls and attended calls (supabase/migrations/20261202120000_insights_reports.sql says what each
// counts). Cancelled calls and calls still without an outcome are said under the booked and attended calls.
import type { DashboardCopy } from './copy-schema';
import { changeOf, fill, formatCount, formatShare } from './format';
import type { Overview } from './report-types';
import { Cards, Figure, Muted } from './styles';

type Props = { copy: DashboardCopy['figures']; overview: Overview };
type Name = keyof DashboardCopy['figures']['labels'];

const NAMES: Name[] = ['visitors', 'engaged', 'leads', 'booked', 'attended'];

export function FigureCards({ copy, overview }: Props) {
  const { current, previous } = overview;
  const rate = (name: Name): string | undefined => {
    const value = name === 'visitors' ? null : current.rates[name];
    if (value === null) return undefined;
    const text = { engaged: copy.ofVisitors, leads: copy.ofVisitors, booked: copy.ofLeads, attended: copy.ofBooked }[
      name as Exclude<Name, 'visitors'>
    ];
    return fill(text, { rate: formatShare(value) });
  };
  const change = (name: Name) => {
    const found = changeOf(current[name], previous[name]);
    if (found.kind === 'same') return copy.noChange;
    if (found.kind === 'new') return copy.newInPeriod;
    return fill(copy.change, { change: found.text });
  };
  return (
    <Cards>
      {NAMES.map((name) => (
        <li key={name}>
          <h3>{copy.labels[name]}</h3>
          <Figure>{formatCount(current[name])}</Figure>
          {rate(name) && <Muted>{rate(name)}</Muted>}
          <Muted>{change(name)}</Muted>
          {name === 'booked' && current.cancelled > 0 && (
            <Muted>{fill(copy.cancelled, { count: formatCount(current.cancelled) })}</Muted>
          )}
          {name === 'attended' && current.awaiting_outcome > 0 && (
            <Muted>{fill(copy.awaitingOutcome, { count: formatCount(current.awaiting_outcome) })}</Muted>
          )}
        </li>
      ))}
    </Cards>
  );
}
