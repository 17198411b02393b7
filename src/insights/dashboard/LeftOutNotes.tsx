// What the period's figures leave out, said only when there is some: events of bots and automated browsers, events
// held back as a flood, leads held as suspected spam; and days whose visits come from the daily totals.
import type { DashboardCopy } from './copy-schema';
import { fill, formatCount } from './format';
import type { PeriodFigures } from './report-types';
import { Muted } from './styles';

type Props = { copy: DashboardCopy['leftOut']; figures: PeriodFigures };

export function LeftOutNotes({ copy, figures }: Props) {
  const { bot_events: bots, flood_held_events: flood, held_leads: held } = figures.left_out;
  const notes = [
    bots > 0 && fill(copy.bots, { count: formatCount(bots) }),
    flood > 0 && fill(copy.flood, { count: formatCount(flood) }),
    held > 0 && fill(copy.heldLeads, { count: formatCount(held) }),
    figures.rollup_days > 0 && fill(copy.approximate, { days: formatCount(figures.rollup_days) }),
  ].filter((note): note is string => !!note);
  if (notes.length === 0) return null;
  return (
    <div>
      {notes.map((note) => (
        <Muted key={note}>{note}</Muted>
      ))}
    </div>
  );
}
