// The period day by day: visitors (left axis), leads and booked calls (right axis) as lines, drawn by uPlot on a
// canvas. Only this module imports uPlot, and only the dashboard's lazily loaded code imports this module, so no
// other route loads it. uPlot's stylesheet is not imported (Gatsby would put it in every page's CSS): the few rules it
// needs are here, and its own legend is off (the series are named below the chart, in the page's words). The
// canvas is hidden from assistive technology; the text alternative is the summary above it and the table of every
// day, visually hidden, after it (./DailyTable.tsx).
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import uPlot from 'uplot';
import { colorValue } from '../../styles/theme';
import type { DailyRow } from './report-types';
import { Legend, Swatch } from './styles';

type Labels = { visitors: string; leads: string; booked: string };
type Props = { days: DailyRow[]; labels: Labels };

const HEIGHT = 260;
export const SERIES_COLORS = {
  visitors: colorValue('primaryLight'),
  leads: colorValue('accent'),
  booked: colorValue('star'),
} as const;

const Frame = styled.div`
  width: 100%;
  min-height: ${HEIGHT}px;

  .uplot,
  .uplot * {
    box-sizing: border-box;
  }
  .uplot {
    width: min-content;
    font-family: inherit;
  }
  .u-wrap {
    position: relative;
    user-select: none;
  }
  .u-over,
  .u-under,
  .u-axis,
  .u-select,
  .u-cursor-x,
  .u-cursor-y,
  .u-cursor-pt {
    position: absolute;
  }
  .u-under {
    overflow: hidden;
  }
  .uplot canvas {
    display: block;
    position: relative;
    width: 100%;
    height: 100%;
  }
  .u-cursor-x,
  .u-cursor-y,
  .u-cursor-pt {
    left: 0;
    top: 0;
    pointer-events: none;
  }
  .u-hz .u-cursor-x {
    height: 100%;
    border-right: 1px dashed ${colorValue('textMuted')};
  }
  .u-hz .u-cursor-y {
    width: 100%;
    border-bottom: 1px dashed ${colorValue('textMuted')};
  }
  .u-cursor-pt {
    border-radius: 50%;
    border: 0 solid;
    background-clip: padding-box !important;
  }
  .u-off {
    display: none;
  }
`;

/** uPlot's data: the days as seconds since 1970 (UTC midnight, shown as UTC: the team's day as it is named), then each series. */
export function chartData(days: DailyRow[]): uPlot.AlignedData {
  return [
    days.map((row) => Date.parse(`${row.day}T00:00:00Z`) / 1000),
    days.map((row) => row.visitors),
    days.map((row) => row.leads),
    days.map((row) => row.booked),
  ];
}

const DAY = 86_400;
/** The steps between the time axis's ticks: whole days only (uPlot would otherwise tick hours on a short period). */
export const DAY_STEPS = [1, 2, 7, 14, 28, 56, 91, 182, 364].map((days) => days * DAY);
const dayLabel = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });
/** A tick's label: the day as it is named (the data's seconds are that day's UTC midnight). */
export const dayTicks = (_self: uPlot, splits: number[]) => splits.map((seconds) => dayLabel.format(seconds * 1000));

function options(labels: Labels, width: number): uPlot.Options {
  const text = colorValue('textMuted');
  const grid = { stroke: colorValue('border'), width: 1 };
  const axis = { stroke: text, grid, ticks: grid };
  return {
    width,
    height: HEIGHT,
    legend: { show: false },
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'UTC'),
    scales: { x: { time: true }, counts: { range: (_self, _min, max) => [0, Math.max(1, max)] } },
    series: [
      {},
      { label: labels.visitors, stroke: SERIES_COLORS.visitors, width: 2, scale: 'y' },
      { label: labels.leads, stroke: SERIES_COLORS.leads, width: 2, scale: 'counts' },
      { label: labels.booked, stroke: SERIES_COLORS.booked, width: 2, scale: 'counts' },
    ],
    axes: [
      { ...axis, incrs: DAY_STEPS, values: dayTicks },
      { ...axis, scale: 'y' },
      { ...axis, scale: 'counts', side: 1, grid: { show: false } },
    ],
  };
}

export function DailyChart({ days, labels }: Props) {
  const frame = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | undefined>(undefined);

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const width = () => Math.max(280, element.clientWidth || 640);
    plot.current = new uPlot(options(labels, width()), chartData(days), element);
    const resize = () => plot.current?.setSize({ width: width(), height: HEIGHT });
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      plot.current?.destroy();
      plot.current = undefined;
    };
    // A new chart for new days or words, not for a new object holding the same words.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [days, labels.visitors, labels.leads, labels.booked]);

  return (
    <div>
      <Frame ref={frame} aria-hidden="true" />
      <Legend aria-hidden="true">
        {(['visitors', 'leads', 'booked'] as const).map((name) => (
          <li key={name}>
            <Swatch $color={SERIES_COLORS[name]} />
            {labels[name]}
          </li>
        ))}
      </Legend>
    </div>
  );
}
