// The dashboard's experiments (issue 44): every experiment in the content, the running ones first. A running one
// shows a table of its versions (share, visitors, engaged, leads, lead rate, booked calls, the chance to beat the
// original once decide() allows it) with decide()'s verdict in words below and a CSV of the table; a draft says it
// has not started. The numbers load once, whatever the period (./useExperiments.ts).
import { useEffect, useId } from 'react';
import { SecondaryButton } from '../../features/forms/styles';
import { DEFAULT_DECISION_RULES } from '../experiments/stats';
import type { DashboardCopy } from './copy-schema';
import { toCsv } from './csv';
import { downloadText } from './download';
import type { ExperimentSummary } from './experiment-content';
import { experimentReport } from './experiment-rows';
import { experimentColumns, shownCell, versionName } from './experiment-table';
import { verdictWords } from './experiment-verdict';
import { fill, formatChance, formatDay, formatShare } from './format';
import { todayIn } from './periods';
import type { ExperimentRow } from './report-types';
import { Muted, Panel, Row, Table, TableScroll } from './styles';
import type { TeamClient } from './team-client';
import { useExperiments } from './useExperiments';

type Copy = DashboardCopy['experiments'];

type Props = {
  client: TeamClient;
  copy: DashboardCopy;
  experiments: readonly ExperimentSummary[];
  /**
   * The numbers were refused (not on the team's list): the dashboard says so once, in place of everything, whichever
   * of its reports is refused first.
   */
  onForbidden: () => void;
  /** The team's time zone (the overview says it), for the days; the browser's until then. */
  timeZone?: string;
};

export function ExperimentTables({ client, copy, experiments, onForbidden, timeZone }: Props) {
  const words = copy.experiments;
  const id = useId();
  const { status, results, retry } = useExperiments(client, experiments);
  const rules = DEFAULT_DECISION_RULES;
  const anyRunning = experiments.some((experiment) => experiment.startedAt !== null);
  useEffect(() => {
    if (status === 'forbidden') onForbidden();
  }, [status, onForbidden]);
  return (
    <>
      <Panel aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`}>{words.heading}</h2>
        <p>{words.intro}</p>
        <Muted>
          {fill(words.rule, {
            visitors: rules.minVisitors,
            conversions: rules.minConversions,
            metric: words.metrics[rules.metric],
            days: rules.minDays,
            chance: formatChance(rules.chanceToWin),
          })}
        </Muted>
        {experiments.length === 0 && <Muted>{words.none}</Muted>}
        <div role="status">{anyRunning && status === 'loading' && <Muted>{words.loading}</Muted>}</div>
        {status === 'failed' && (
          <Row>
            <p role="alert">{words.loadFailure}</p>
            <SecondaryButton type="button" onClick={retry}>
              {copy.retry}
            </SecondaryButton>
          </Row>
        )}
      </Panel>
      {experiments.map((experiment) =>
        experiment.startedAt === null ? (
          <DraftExperiment key={experiment.id} copy={words} experiment={experiment} />
        ) : (
          <RunningExperiment
            key={experiment.id}
            copy={copy}
            experiment={{ ...experiment, startedAt: experiment.startedAt }}
            numbers={results?.rows[experiment.id]}
            readAt={results?.readAt}
            timeZone={timeZone}
          />
        ),
      )}
    </>
  );
}

type RunningProps = {
  copy: DashboardCopy;
  experiment: ExperimentSummary & { startedAt: string };
  /** Absent until loaded (or when the load failed). */
  numbers?: ExperimentRow[];
  readAt?: Date;
  timeZone?: string;
};

function RunningExperiment({ copy, experiment, numbers, readAt, timeZone }: RunningProps) {
  const words = copy.experiments;
  const headingId = `${useId()}-heading`;
  const startDay = todayIn(timeZone, new Date(experiment.startedAt));
  const report = numbers && readAt ? experimentReport(experiment, numbers, readAt) : undefined;
  const columns = report ? experimentColumns(words, report.decision.metric) : [];
  const name = (row: Parameters<typeof versionName>[1]) => versionName(words, row);
  const csv = () =>
    toCsv(
      [words.columns.version, ...columns.map((column) => column.label)],
      report!.rows.map((row) => [name(row), ...columns.map((column) => column.value(row))]),
    );
  const fileName = () => `experiment-${experiment.id}-${startDay}-to-${todayIn(timeZone, readAt!)}.csv`;
  return (
    <Panel aria-labelledby={headingId}>
      <Row>
        <h3 id={headingId}>{experiment.name}</h3>
        {report && (
          <SecondaryButton
            type="button"
            aria-describedby={headingId}
            onClick={() => downloadText(fileName(), `\uFEFF${csv()}`)}
          >
            {copy.tables.download}
          </SecondaryButton>
        )}
      </Row>
      <Muted>{fill(words.running, { page: experiment.page, day: formatDay(startDay) })}</Muted>
      {report && (
        <>
          <TableScroll tabIndex={0} role="group" aria-labelledby={headingId}>
            <Table>
              <caption className="visually-hidden">{fill(words.caption, { experiment: experiment.name })}</caption>
              <thead>
                <tr>
                  <th scope="col">{words.columns.version}</th>
                  {columns.map((column) => (
                    <th scope="col" key={column.label}>
                      {column.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {report.rows.map((row) => (
                  <tr key={row.index}>
                    <th scope="row">{name(row)}</th>
                    {columns.map((column) => (
                      <td key={column.label}>{shownCell(column.value(row))}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableScroll>
          <p>
            {verdictWords(words, report.decision, (index) =>
              name(report.rows.find((row) => String(row.index) === index)!),
            ).join(' ')}
          </p>
        </>
      )}
    </Panel>
  );
}

function DraftExperiment({ copy, experiment }: { copy: Copy; experiment: ExperimentSummary }) {
  const headingId = `${useId()}-heading`;
  return (
    <Panel aria-labelledby={headingId}>
      <h3 id={headingId}>{experiment.name}</h3>
      <Muted>{fill(copy.draft, { page: experiment.page })}</Muted>
      <TableScroll tabIndex={0} role="group" aria-labelledby={headingId}>
        <Table>
          <caption className="visually-hidden">{fill(copy.caption, { experiment: experiment.name })}</caption>
          <thead>
            <tr>
              <th scope="col">{copy.columns.version}</th>
              <th scope="col">{copy.columns.share}</th>
            </tr>
          </thead>
          <tbody>
            {experiment.versions.map((version) => (
              <tr key={version.index}>
                <th scope="row">{version.name}</th>
                <td>{formatShare(version.share / 100)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </TableScroll>
    </Panel>
  );
}
