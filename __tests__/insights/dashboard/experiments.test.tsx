// The dashboard's experiments (src/insights/dashboard/ExperimentTables.tsx) with the team's client stubbed: each
// running experiment's versions with their numbers and, once the minimum is met, their chance to beat the original;
// decide()'s verdict in the copy's words (collecting: only what is missing; a winner; the original winning; no
// clear winner); a draft; a version no longer in the content; the refused and failed loads; each table's CSV; and,
// in the whole dashboard, one load from each start whatever the period. The time is chosen (Date alone is faked).
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as download from '../../../src/insights/dashboard/download';
import { parseCsv } from '../../../src/insights/dashboard/csv';
import { Dashboard } from '../../../src/insights/dashboard/Dashboard';
import type { ExperimentSummary, ExperimentsQueryData } from '../../../src/insights/dashboard/experiment-content';
import { experimentColumns } from '../../../src/insights/dashboard/experiment-table';
import { ExperimentTables } from '../../../src/insights/dashboard/ExperimentTables';
import { verdictWords } from '../../../src/insights/dashboard/experiment-verdict';
import { fill } from '../../../src/insights/dashboard/format';
import InsightsApp from '../../../src/insights/dashboard/InsightsApp';
import type { ExperimentRow } from '../../../src/insights/dashboard/report-types';
import type { TeamClient } from '../../../src/insights/dashboard/team-client';
import { answerReports, copy, fakeTeamClient, sessionOf, type FakeTeamClient } from '../../helpers/insights-dashboard';

let mockClient: FakeTeamClient;
jest.mock('../../../src/insights/dashboard/team-client', () => ({ getTeamClient: () => mockClient }));
jest.mock('../../../src/insights/dashboard/download', () => ({ downloadText: jest.fn() }));
jest.mock('uplot', () => {
  const chart = jest.fn(() => ({ destroy: jest.fn(), setSize: jest.fn() }));
  return { __esModule: true, default: Object.assign(chart, { tzDate: (date: Date) => date }) };
});
const downloads = jest.mocked(download.downloadText);

const words = copy.experiments;
const MEMBER = 'ada@example.com';
const ZONE = 'Australia/Sydney';
/** 5:00 pm on 27 Nov 2026 in Sydney. */
const NOW = new Date('2026-11-27T06:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

beforeEach(() => {
  jest.clearAllMocks();
  // Only Date: the page's timers and promises run as usual.
  jest.useFakeTimers({
    now: NOW,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
  mockClient = fakeTeamClient();
});
afterEach(() => jest.useRealTimers());

const summary = (id: string, startedAt: string | null, ...variants: [string, number][]): ExperimentSummary => ({
  id,
  name: `Test ${id}`,
  page: `/${id}-page`,
  startedAt,
  versions: [
    { index: 0, name: words.original, share: 100 - variants.reduce((sum, [, share]) => sum + share, 0) },
    ...variants.map(([name, share], index) => ({ index: index + 1, name, share })),
  ],
});

const counts = (variant: number, visitors: number, leads: number, engaged = 0, booked = 0): ExperimentRow => ({
  variant,
  visitors,
  engaged,
  leads,
  booked,
  attended: 0,
});

/** Answers insights_experiment with each experiment's rows; anything else as `other` says. */
function answerExperiments(rows: Record<string, ExperimentRow[]>, other?: (name: string, args: never) => unknown) {
  mockClient.rpc.mockImplementation((name, args) => {
    if (name !== 'insights_experiment') return Promise.resolve({ data: other?.(name, args as never), error: null });
    return Promise.resolve({ data: rows[args.experiment_id], error: null });
  });
}

function showExperiments(experiments: ExperimentSummary[], onForbidden = jest.fn()) {
  render(
    <ExperimentTables
      client={mockClient as unknown as TeamClient}
      copy={copy}
      experiments={experiments}
      onForbidden={onForbidden}
      timeZone={ZONE}
    />,
  );
}

const tableOf = (name: string) => screen.findByRole('table', { name: fill(words.caption, { experiment: name }) });
const panelOf = (name: string) => screen.getByRole('region', { name });
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
const header = (metric: 'leads' | 'booked' = 'leads') => [
  words.columns.version,
  words.columns.share,
  words.columns.visitors,
  words.columns.engaged,
  words.columns.leads,
  words.columns.leadRate,
  words.columns.booked,
  fill(words.columns.chance, { metric: words.metrics[metric] }),
];
const count = (forms: { one: string; other: string }, value: number) =>
  fill(value === 1 ? forms.one : forms.other, { count: String(value) });

test('collecting, every version alike: its numbers, no chance yet, and what each version and the run still need', async () => {
  // 63 visitors and 6 leads each after 5 days 3 hours: 37 more visitors, 4 more leads and 2 more days.
  answerExperiments({ headline: [counts(0, 63, 6, 20, 1), counts(1, 63, 6, 25, 2)] });
  showExperiments([summary('headline', ago(5 * DAY + 3 * HOUR), ['Bold', 50])]);

  expect(cells(await tableOf('Test headline'))).toEqual([
    header(),
    [words.original, '50%', '63', '20', '6', '9.5%', '1', words.notApplicable],
    ['Bold', '50%', '63', '25', '6', '9.5%', '2', words.notYet],
  ]);
  expect(mockClient.rpc).toHaveBeenCalledWith('insights_experiment', {
    experiment_id: 'headline',
    started_at: ago(5 * DAY + 3 * HOUR),
  });
  const panel = panelOf('Test headline');
  expect(panel).toHaveTextContent(fill(words.running, { page: '/headline-page', day: '22 Nov 2026' }));
  expect(panel).toHaveTextContent(
    [
      words.collecting,
      fill(words.eachNeeds, {
        needs: `${count(words.moreVisitors, 37)} and ${count(words.moreLeads, 4)}`,
      }),
      count(words.runMore, 2),
    ].join(' '),
  );
});

test('collecting, versions unlike: one sentence per version that lacks anything, only its missing parts', async () => {
  // Ten days run; the original has its 100 visitors and 10 leads; Bold lacks one of each; Calm has no visit yet.
  answerExperiments({ three: [counts(0, 120, 12), counts(1, 99, 9)] });
  showExperiments([summary('three', ago(10 * DAY), ['Bold', 30], ['Calm', 20])]);

  expect(cells(await tableOf('Test three')).slice(1)).toEqual([
    [words.original, '50%', '120', '0', '12', '10%', '0', words.notApplicable],
    ['Bold', '30%', '99', '0', '9', '9.1%', '0', words.notYet],
    ['Calm', '20%', '0', '0', '0', words.notApplicable, '0', words.notYet],
  ]);
  const verdict = [
    words.collecting,
    fill(words.versionNeeds, {
      version: 'Bold',
      needs: `${count(words.moreVisitors, 1)} and ${count(words.moreLeads, 1)}`,
    }),
    fill(words.versionNeeds, {
      version: 'Calm',
      needs: `${count(words.moreVisitors, 100)} and ${count(words.moreLeads, 10)}`,
    }),
  ].join(' ');
  expect(screen.getByText(verdict)).toBeInTheDocument();
  expect(panelOf('Test three')).not.toHaveTextContent(words.runMore.other.split('{count}')[0]);
});

test('a winner: the chance to beat the original shown, the winner named with it', async () => {
  // 100 of 1,000 against 130 of 1,000: a 96.7 % chance (docs/insights.md), over 95 %.
  answerExperiments({ winner: [counts(0, 1000, 100, 400, 30), counts(1, 1000, 130, 420, 41)] });
  showExperiments([summary('winner', ago(14 * DAY), ['Bold', 50])]);

  expect(cells(await tableOf('Test winner')).slice(1)).toEqual([
    [words.original, '50%', '1000', '400', '100', '10%', '30', words.notApplicable],
    ['Bold', '50%', '1000', '420', '130', '13%', '41', '96.7%'],
  ]);
  expect(
    screen.getByText(fill(words.winner, { version: 'Bold', chance: '96.7%', metric: words.metrics.leads })),
  ).toBeInTheDocument();
});

test('the original winning, and no clear winner yet', async () => {
  answerExperiments({
    worse: [counts(0, 1000, 130), counts(1, 1000, 80)],
    close: [counts(0, 1000, 100), counts(1, 1000, 110)],
  });
  showExperiments([summary('worse', ago(8 * DAY), ['Pushy', 50]), summary('close', ago(8 * DAY), ['Calm', 50])]);

  expect(cells(await tableOf('Test worse'))[2].at(-1)).toBe('<0.1%');
  expect(
    screen.getByText(fill(words.originalWins, { chance: '<0.1%', metric: words.metrics.leads })),
  ).toBeInTheDocument();
  // 100 of 1,000 against 110 of 1,000: lift +10 %, variance 0.02068, Φ(0.6954).
  expect(cells(await tableOf('Test close'))[2].at(-1)).toBe('75.7%');
  expect(screen.getByText(fill(words.noClearWinner, { metric: words.metrics.leads }))).toBeInTheDocument();
});

test('a version the numbers have and the content no longer does is shown, not judged', async () => {
  answerExperiments({ edited: [counts(0, 1000, 100), counts(1, 1000, 130), counts(2, 40, 3)] });
  showExperiments([summary('edited', ago(14 * DAY), ['Bold', 50])]);
  expect(cells(await tableOf('Test edited')).at(-1)).toEqual([
    fill(words.removedVersion, { version: '2' }),
    words.notApplicable,
    '40',
    '0',
    '3',
    '7.5%',
    '0',
    words.notApplicable,
  ]);
  expect(
    screen.getByText(fill(words.winner, { version: 'Bold', chance: '96.7%', metric: words.metrics.leads })),
  ).toBeInTheDocument();
});

test('running experiments come before drafts; a draft shows its versions and says it has not started', async () => {
  answerExperiments({ live: [counts(0, 10, 1), counts(1, 12, 2)] });
  showExperiments([summary('live', ago(DAY), ['Short', 50]), summary('idea', null, ['Warm', 30], ['Plain', 20])]);

  await tableOf('Test live');
  const headings = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
  expect(headings).toEqual(['Test live', 'Test idea']);
  expect(cells(await tableOf('Test idea'))).toEqual([
    [words.columns.version, words.columns.share],
    [words.original, '50%'],
    ['Warm', '30%'],
    ['Plain', '20%'],
  ]);
  expect(panelOf('Test idea')).toHaveTextContent(fill(words.draft, { page: '/idea-page' }));
  expect(within(panelOf('Test idea')).queryByRole('button')).not.toBeInTheDocument();
  // Nothing is asked for a draft.
  expect(mockClient.rpc.mock.calls.map(([, args]) => args.experiment_id)).toEqual(['live']);
});

test('a start still to come: nothing asked for it, zeros shown beside the other experiments’ numbers', async () => {
  answerExperiments({ live: [counts(0, 10, 1), counts(1, 12, 2)] });
  showExperiments([summary('live', ago(DAY), ['Short', 50]), summary('soon', ago(-2 * DAY), ['Warm', 50])]);

  expect(cells(await tableOf('Test soon')).slice(1)).toEqual([
    [words.original, '50%', '0', '0', '0', '—', '0', '—'],
    ['Warm', '50%', '0', '0', '0', '—', '0', words.notYet],
  ]);
  expect(cells(await tableOf('Test live'))[1].slice(0, 3)).toEqual([words.original, '50%', '10']);
  expect(mockClient.rpc.mock.calls.map(([, args]) => args.experiment_id)).toEqual(['live']);
});

test('no experiments in the content: said, and nothing asked', () => {
  showExperiments([]);
  expect(screen.getByRole('heading', { level: 2, name: words.heading })).toBeInTheDocument();
  expect(screen.getByText(words.none)).toBeInTheDocument();
  expect(mockClient.rpc).not.toHaveBeenCalled();
});

test('the rule and the period: said above the experiments, with the numbers decide() uses', () => {
  showExperiments([]);
  expect(screen.getByText(words.intro)).toBeInTheDocument();
  expect(
    screen.getByText(
      fill(words.rule, { visitors: '100', conversions: '10', metric: words.metrics.leads, days: '7', chance: '95%' }),
    ),
  ).toBeInTheDocument();
});

test('refused (not on the team’s list): the dashboard is told, no table', async () => {
  mockClient.rpc.mockResolvedValue({ data: null, error: { code: '42501', message: 'not a team member' } });
  const onForbidden = jest.fn();
  showExperiments([summary('headline', ago(DAY), ['Bold', 50])], onForbidden);
  await waitFor(() => expect(onForbidden).toHaveBeenCalled());
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
});

test('refused here before the first screen’s reports answer: the dashboard says it once, in place of everything', async () => {
  mockClient.rpc.mockImplementation((name) =>
    name === 'insights_experiment'
      ? Promise.resolve({ data: null, error: { code: '42501', message: 'not a team member' } })
      : new Promise(() => undefined),
  );
  render(
    <Dashboard
      client={mockClient as unknown as TeamClient}
      copy={copy}
      email={MEMBER}
      experiments={[summary('headline', ago(DAY), ['Bold', 50])]}
      onSignOut={jest.fn()}
      focusOnShow={false}
    />,
  );
  expect(await screen.findByRole('alert')).toHaveTextContent(fill(copy.account.notMember, { email: MEMBER }));
  expect(screen.getAllByRole('alert')).toHaveLength(1);
  expect(screen.queryByRole('heading', { name: copy.figures.heading })).not.toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
});

test('a failed load is said, with a way to try again', async () => {
  mockClient.rpc.mockResolvedValue({ data: null, error: { code: 'PGRST000', message: 'down' } });
  const user = userEvent.setup();
  showExperiments([summary('headline', ago(DAY), ['Bold', 50])]);
  expect(await screen.findByRole('alert')).toHaveTextContent(words.loadFailure);
  expect(screen.queryByRole('table')).not.toBeInTheDocument();

  answerExperiments({ headline: [counts(0, 5, 1), counts(1, 6, 0)] });
  await user.click(screen.getByRole('button', { name: copy.retry }));
  expect(await tableOf('Test headline')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('the CSV of an experiment equals its table, named by the experiment and its days', async () => {
  answerExperiments({ winner: [counts(0, 1000, 100, 400, 30), counts(1, 1234, 160, 420, 41)] });
  const user = userEvent.setup();
  showExperiments([summary('winner', ago(14 * DAY), ['Bold', 50])]);
  const table = await tableOf('Test winner');
  const download = within(panelOf('Test winner')).getByRole('button', { name: copy.tables.download });
  expect(download).toHaveAccessibleDescription('Test winner');
  await user.click(download);

  expect(downloads).toHaveBeenCalledTimes(1);
  const [fileName, text] = downloads.mock.calls[0];
  expect(fileName).toBe('experiment-winner-2026-11-13-to-2026-11-27.csv');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const rows = parseCsv(text.slice(1));
  expect(rows).toEqual(cells(table));
  expect(rows[2].slice(2, 5)).toEqual(['1234', '420', '160']);
});

test('in the dashboard: the experiments from the page’s content, asked once from each start, whatever the period', async () => {
  const today = '2026-11-27';
  answerReports(mockClient, today);
  const reports = mockClient.rpc.getMockImplementation()!;
  mockClient.rpc.mockImplementation((name, args) =>
    name === 'insights_experiment'
      ? Promise.resolve({ data: [counts(0, 63, 6), counts(1, 63, 6)], error: null })
      : reports(name, args),
  );
  mockClient.auth.getSession.mockResolvedValue(sessionOf(MEMBER));
  const content: ExperimentsQueryData = {
    allLandingPage: {
      nodes: [
        {
          slug: 'dental-clinics',
          sections: [
            {
              heroExperiment: {
                id: 'dental-headline',
                name: 'Dental headline',
                startedAt: '2026-11-22T10:00:00+11:00',
                variants: [{ name: 'Bold', share: 50 }],
              },
            },
          ],
        },
      ],
    },
    homeJson: { hero: { experiment: null } },
  };
  const user = userEvent.setup();
  render(<InsightsApp copy={copy} content={content} />);

  expect(await tableOf('Dental headline')).toBeInTheDocument();
  expect(panelOf('Dental headline')).toHaveTextContent(
    fill(words.running, { page: '/dental-clinics', day: '22 Nov 2026' }),
  );
  const experimentCalls = () => mockClient.rpc.mock.calls.filter(([name]) => name === 'insights_experiment');
  expect(experimentCalls()).toEqual([
    ['insights_experiment', { experiment_id: 'dental-headline', started_at: '2026-11-22T10:00:00+11:00' }],
  ]);

  await user.click(screen.getByRole('radio', { name: copy.period.last30 }));
  await waitFor(() =>
    expect(mockClient.rpc.mock.calls.filter(([name]) => name === 'insights_overview')).toHaveLength(2),
  );
  expect(experimentCalls()).toHaveLength(1);
});

test('when booked calls decide, the words and the chance’s column say booked calls', () => {
  const decision = {
    status: 'collecting' as const,
    metric: 'booked' as const,
    days: 1,
    missing: [
      { id: '0', visitors: 0, conversions: 1 },
      { id: '1', visitors: 0, conversions: 1 },
    ],
  };
  expect(verdictWords(words, decision, (id) => id).join(' ')).toBe(
    [words.collecting, fill(words.eachNeeds, { needs: count(words.moreBooked, 1) }), count(words.runMore, 1)].join(' '),
  );
  expect(experimentColumns(words, 'booked').map((column) => column.label)).toEqual(header('booked').slice(1));
});
