// The dashboard's first screen for a signed-in team member (src/insights/dashboard/Dashboard.tsx), with the team's
// supabase-js client replaced at its module and uPlot at its package: the figures, rates and changes, the notes of
// what was left out, the chart's text alternative, the funnel and the ranked tables come from the report object
// given; another period, or the other touch, asks again (only the sources for the touch); the "last N days" follow
// the team's today as the overview says it; each CSV equals its table; and all of it works from the keyboard.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import uPlot from 'uplot';
import * as download from '../../../src/insights/dashboard/download';
import { parseCsv } from '../../../src/insights/dashboard/csv';
import InsightsApp from '../../../src/insights/dashboard/InsightsApp';
import { addDays, todayIn } from '../../../src/insights/dashboard/periods';
import { FIRST_ROWS } from '../../../src/insights/dashboard/ReportTable';
import type { PageRow } from '../../../src/insights/dashboard/report-types';
import {
  answerReports,
  copy,
  fakeTeamClient,
  sampleReports,
  sessionOf,
  type FakeTeamClient,
} from '../../helpers/insights-dashboard';

let mockClient: FakeTeamClient;
jest.mock('../../../src/insights/dashboard/team-client', () => ({ getTeamClient: () => mockClient }));
jest.mock('../../../src/insights/dashboard/download', () => ({ downloadText: jest.fn() }));
jest.mock('uplot', () => {
  const chart = jest.fn(() => ({ destroy: jest.fn(), setSize: jest.fn() }));
  return { __esModule: true, default: Object.assign(chart, { tzDate: (date: Date) => date }) };
});
const downloads = jest.mocked(download.downloadText);
const charts = jest.mocked(uPlot);

const MEMBER = 'ada@example.com';
const today = todayIn(undefined);
const week = { from_day: addDays(today, -6), to_day: addDays(today, 1) };

beforeEach(() => {
  jest.clearAllMocks();
  mockClient = fakeTeamClient();
  mockClient.auth.getSession.mockResolvedValue(sessionOf(MEMBER));
  answerReports(mockClient, today);
});

async function showDashboard() {
  const user = userEvent.setup();
  render(<InsightsApp copy={copy} />);
  await screen.findByRole('heading', { name: copy.tables.landingPages });
  return user;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A copy text with its placeholders filled from `values`, any other placeholder standing for any text. */
const textPattern = (template: string, values: Record<string, string>) =>
  new RegExp(
    template
      .split(/(\{\w+\})/)
      .map((part) => {
        const name = /^\{(\w+)\}$/.exec(part)?.[1];
        if (!name) return escaped(part);
        return name in values ? escaped(values[name]) : '.+';
      })
      .join(''),
  );

const calls = (name: string) => mockClient.rpc.mock.calls.filter(([called]) => called === name).map(([, args]) => args);
const card = (label: string) => screen.getByRole('heading', { name: label, level: 3 }).closest('li')!;
const table = (name: string) => screen.getByRole('table', { name });
/** A table's cells as text, row by row, counts without their thousands separators. */
const cells = (element: HTMLElement) =>
  within(element)
    .getAllByRole('row')
    .map((row) =>
      [...row.querySelectorAll('th, td')].map((cell) => {
        const text = cell.textContent ?? '';
        return /^[\d,]+$/.test(text) ? text.replace(/,/g, '') : text;
      }),
    );

test('the figures, their rates and their changes come from the report, with what was left out', async () => {
  await showDashboard();
  expect(calls('insights_overview')).toEqual([week]);
  expect(calls('insights_sources')).toEqual([{ ...week, touch: 'first' }]);
  expect(calls('insights_pages')).toEqual([week]);

  expect(within(card(copy.figures.labels.visitors)).getByText('1,234')).toBeInTheDocument();
  expect(card(copy.figures.labels.visitors)).toHaveTextContent('+25% on the previous period');
  expect(card(copy.figures.labels.engaged)).toHaveTextContent('26% of visitors');
  expect(card(copy.figures.labels.engaged)).toHaveTextContent(copy.figures.noChange);
  expect(card(copy.figures.labels.leads)).toHaveTextContent('3.2% of visitors');
  expect(card(copy.figures.labels.booked)).toHaveTextContent('30% of leads');
  expect(card(copy.figures.labels.booked)).toHaveTextContent(copy.figures.newInPeriod);
  expect(card(copy.figures.labels.booked)).toHaveTextContent(copy.figures.cancelled.replace('{count}', '2'));
  expect(card(copy.figures.labels.attended)).toHaveTextContent('58.3% of booked calls');
  expect(card(copy.figures.labels.attended)).toHaveTextContent('+75% on the previous period');
  expect(card(copy.figures.labels.attended)).toHaveTextContent(copy.figures.awaitingOutcome.replace('{count}', '3'));
  expect(screen.getByText(copy.leftOut.bots.replace('{count}', '812'))).toBeInTheDocument();
  expect(screen.getByText(copy.leftOut.heldLeads.replace('{count}', '1'))).toBeInTheDocument();
  expect(screen.queryByText(/flood/)).not.toBeInTheDocument();
});

test('the chart gets the days; its text alternative says the totals and every day', async () => {
  await showDashboard();
  const reports = sampleReports({ from: week.from_day, to: week.to_day }, today);
  const [options, data] = charts.mock.calls[0] as unknown as [uPlot.Options, uPlot.AlignedData];
  expect(options.series.slice(1).map((series) => series.label)).toEqual([
    copy.figures.labels.visitors,
    copy.figures.labels.leads,
    copy.figures.labels.booked,
  ]);
  expect(data[1]).toEqual(reports.overview.current.daily.map((row) => row.visitors));
  // The time axis ticks whole days, named as days (not the hours uPlot would pick for a week).
  const timeAxis = options.axes![0];
  expect((timeAxis.incrs as number[]).every((step) => step % 86_400 === 0)).toBe(true);
  const dayTick = (timeAxis.values as (self: unknown, splits: number[]) => string[])(undefined, [data[0][0]])[0];
  expect(dayTick).not.toMatch(/am|pm|:/i);
  expect(dayTick).toContain(String(new Date(data[0][0] * 1000).getUTCDate()));
  const summary = textPattern(copy.chart.summary, { visitors: '1,234', leads: '40', booked: '12' });
  expect(screen.getByText(summary)).toHaveTextContent(textPattern(copy.chart.busiestDay, { count: '402' }));
  const days = cells(table(copy.chart.tableCaption));
  expect(days).toHaveLength(8);
  expect(days[0]).toEqual([
    copy.chart.dayColumn,
    copy.figures.labels.visitors,
    copy.figures.labels.leads,
    copy.figures.labels.booked,
  ]);
  expect(days.slice(1).map((row) => row.slice(1))).toEqual(
    reports.overview.current.daily.map((row) => [String(row.visitors), String(row.leads), String(row.booked)]),
  );
});

test('the funnel: each step with its share of the step before, and the leads without a counted visit', async () => {
  await showDashboard();
  expect(cells(table(copy.funnel.heading))).toEqual([
    [copy.funnel.stepColumn, copy.funnel.countColumn, copy.funnel.rateColumn],
    [copy.funnel.steps.visits, '1234', ''],
    [copy.funnel.steps.engaged, '321', '26%'],
    [copy.funnel.steps.leads, '35', '10.9%'],
    [copy.funnel.steps.booked, '11', '31.4%'],
    [copy.funnel.steps.attended, '6', '54.5%'],
  ]);
  expect(screen.getByText(copy.funnel.leadsWithoutVisit.replace('{count}', '5'))).toBeInTheDocument();
});

test('the tables are ranked as the report ranks them, in the page’s words for direct, unknown and no campaign', async () => {
  await showDashboard();
  expect(cells(table(copy.tables.sources)).map((row) => row[0])).toEqual([
    copy.tables.columns.source,
    'linkedin',
    copy.tables.direct,
    copy.tables.unknown,
    '=cmd|calc',
  ]);
  expect(cells(table(copy.tables.campaigns)).slice(1)).toEqual([
    ['dental-q1', '280', '19', '8', '5'],
    [copy.tables.noCampaign, '954', '21', '4', '2'],
  ]);
  expect(cells(table(copy.tables.landingPages))).toEqual([
    [
      copy.tables.columns.landingPage,
      copy.tables.columns.visitors,
      copy.tables.columns.engaged,
      copy.tables.columns.leads,
      copy.tables.columns.booked,
    ],
    ['/dental-clinics', '310', '120', '22', '9'],
    ['/', '924', '201', '18', '3'],
  ]);
});

test.each([
  [copy.tables.sources, 'sources-first-touch'],
  [copy.tables.campaigns, 'campaigns-first-touch'],
  [copy.tables.pages, 'pages'],
  [copy.tables.landingPages, 'landing-pages'],
])('the CSV of %s equals its table, and no cell of it is a formula', async (name, file) => {
  const user = await showDashboard();
  const section = table(name).closest('section')!;
  await user.click(within(section).getByRole('button', { name: copy.tables.download }));
  expect(downloads).toHaveBeenCalledTimes(1);
  const [fileName, text] = downloads.mock.calls[0];
  expect(fileName).toBe(`${file}-${week.from_day}-to-${today}.csv`);
  expect(text.startsWith('\uFEFF')).toBe(true);
  const rows = parseCsv(text.slice(1));
  expect(rows.map((row) => row.map((cell) => cell.replace(/^'(?=[=+\-@])/, '')))).toEqual(cells(table(name)));
  for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@]/);
});

test('another period asks again for all three; the other touch only for the sources', async () => {
  const user = await showDashboard();
  await user.click(screen.getByRole('radio', { name: copy.period.last30 }));
  const month = { from_day: addDays(today, -29), to_day: addDays(today, 1) };
  await waitFor(() => expect(calls('insights_pages')).toEqual([week, month]));
  expect(calls('insights_overview')).toEqual([week, month]);
  expect(screen.getByText(new RegExp(`compared with`))).toBeInTheDocument();

  await user.click(screen.getByRole('radio', { name: copy.tables.lastTouch }));
  await waitFor(() => expect(calls('insights_sources')).toHaveLength(3));
  expect(calls('insights_sources')[2]).toEqual({ ...month, touch: 'last' });
  expect(calls('insights_overview')).toHaveLength(2);
  expect(calls('insights_pages')).toHaveLength(2);
  await screen.findByRole('table', { name: copy.tables.sources });

  await user.click(screen.getByRole('radio', { name: copy.period.custom }));
  const first = screen.getByLabelText(copy.period.fromLabel);
  const last = screen.getByLabelText(copy.period.toLabel);
  expect(first).toHaveValue(month.from_day);
  await user.clear(first);
  await user.type(first, '2026-04-05');
  await user.clear(last);
  await user.type(last, '2026-04-01');
  await user.click(screen.getByRole('button', { name: copy.period.apply }));
  expect(screen.getByRole('alert')).toHaveTextContent(copy.period.invalid);
  await user.clear(last);
  await user.type(last, '2026-04-11');
  await user.click(screen.getByRole('button', { name: copy.period.apply }));
  await waitFor(() =>
    expect(calls('insights_overview').at(-1)).toEqual({ from_day: '2026-04-05', to_day: '2026-04-12' }),
  );
  expect(
    await screen.findByText(/5 Apr 2026 to 11 Apr 2026, compared with 29 Mar 2026 to 4 Apr 2026/),
  ).toBeInTheDocument();
});

test('"last 7 days" end with the team’s today: when the overview says another day, the period is asked again', async () => {
  const teamToday = addDays(today, 1);
  answerReports(mockClient, teamToday);
  await showDashboard();
  expect(calls('insights_overview')).toEqual([
    week,
    { from_day: addDays(teamToday, -6), to_day: addDays(teamToday, 1) },
  ]);
});

test('a failed load is said, with a way to try again', async () => {
  mockClient.rpc.mockResolvedValue({ data: null, error: { code: 'PGRST000', message: 'down' } });
  const user = userEvent.setup();
  render(<InsightsApp copy={copy} />);
  expect(await screen.findByRole('alert')).toHaveTextContent(copy.loadFailure);
  answerReports(mockClient, today);
  await user.click(screen.getByRole('button', { name: copy.retry }));
  expect(await screen.findByRole('table', { name: copy.tables.sources })).toBeInTheDocument();
});

test('long tables show their first rows, and all on request', async () => {
  const many: PageRow[] = Array.from({ length: FIRST_ROWS + 5 }, (_, index) => ({
    dimension: 'page',
    name: `/page-${index}`,
    visitors: 100 - index,
    engaged: 0,
    leads: 0,
    booked: 0,
    rank: index + 1,
  }));
  answerReports(mockClient, today, (period, day) => ({ ...sampleReports(period, day), pages: many }));
  const user = await showDashboard();
  expect(within(table(copy.tables.pages)).getAllByRole('row')).toHaveLength(FIRST_ROWS + 1);
  const more = screen.getByRole('button', { name: copy.tables.showAll.replace('{count}', String(FIRST_ROWS + 5)) });
  expect(more).toHaveAttribute('aria-expanded', 'false');
  await user.click(more);
  expect(within(table(copy.tables.pages)).getAllByRole('row')).toHaveLength(FIRST_ROWS + 6);
  expect(more).toHaveAttribute('aria-expanded', 'true');
});

test('keyboard only: the period’s choices with the arrow keys, the touch, a download, signing out', async () => {
  const user = await showDashboard();
  await user.tab();
  expect(screen.getByRole('button', { name: copy.account.signOut })).toHaveFocus();
  await user.tab();
  expect(screen.getByRole('radio', { name: copy.period.last7 })).toHaveFocus();
  await user.keyboard('{ArrowRight}');
  expect(screen.getByRole('radio', { name: copy.period.last30 })).toBeChecked();
  await waitFor(() => expect(calls('insights_overview')).toHaveLength(2));

  // Through the choices of the period to the touch, then to the sources' download.
  const touch = screen.getByRole('radio', { name: copy.tables.firstTouch });
  while (document.activeElement !== touch) await user.tab();
  await user.keyboard('{ArrowDown}');
  expect(screen.getByRole('radio', { name: copy.tables.lastTouch })).toBeChecked();
  await waitFor(() => expect(calls('insights_sources').at(-1)).toMatchObject({ touch: 'last' }));
  await screen.findByRole('table', { name: copy.tables.sources });
  await user.tab();
  const download = within(table(copy.tables.sources).closest('section')!).getByRole('button', {
    name: copy.tables.download,
  });
  expect(download).toHaveFocus();
  expect(download).toHaveAccessibleDescription(copy.tables.sources);
  await user.keyboard('{Enter}');
  expect(downloads).toHaveBeenCalledWith(expect.stringMatching(/^sources-last-touch-/), expect.any(String));

  const signOut = screen.getByRole('button', { name: copy.account.signOut });
  for (let steps = 0; steps < 40 && document.activeElement !== signOut; steps += 1) await user.tab({ shift: true });
  expect(signOut).toHaveFocus();
  await user.keyboard(' ');
  expect(await screen.findByLabelText(copy.signIn.emailLabel)).toHaveFocus();
});
