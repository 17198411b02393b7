// The dashboard's first screen for a signed-in team member: who is signed in, the period, the figures with their
// change against the previous period, the daily chart, the funnel, and the ranked tables. The reports load when the
// period or the touch changes (./useReports.ts); the last figures stay while the next load (the region says it is
// busy, and a status line says so). Just after signing in, focus moves to the figures' heading. The experiments in the
// content follow, with their numbers from each one's start, whatever the period (./ExperimentTables.tsx).
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { SecondaryButton } from '../../features/forms/styles';
import type { DashboardCopy } from './copy-schema';
import { DailyChart } from './DailyChart';
import { DailySummary, DailyTable } from './DailyTable';
import type { ExperimentSummary } from './experiment-content';
import { ExperimentTables } from './ExperimentTables';
import { FigureCards } from './FigureCards';
import { fill, formatDay } from './format';
import { FunnelTable } from './FunnelTable';
import { LeftOutNotes } from './LeftOutNotes';
import { PageTables } from './PageTables';
import { addDays, previousOf, type PeriodChoice } from './periods';
import { PeriodPicker } from './PeriodPicker';
import type { Touch } from './report-types';
import { SourceTables } from './SourceTables';
import { Muted, Panel, Row } from './styles';
import type { TeamClient } from './team-client';
import { useReports } from './useReports';

type Props = {
  client: TeamClient;
  copy: DashboardCopy;
  email: string;
  /** The experiments in the content (./experiment-content.ts). */
  experiments: readonly ExperimentSummary[];
  onSignOut: () => void;
  /** Move focus to the figures' heading when shown (just after signing in). */
  focusOnShow: boolean;
};

export function Dashboard({ client, copy, email, experiments, onSignOut, focusOnShow }: Props) {
  const id = useId();
  const [choice, setChoice] = useState<PeriodChoice>({ kind: 'last', days: 7 });
  const [touch, setTouch] = useState<Touch>('first');
  const { period, reports, status, retry } = useReports(client, choice, touch);
  // The experiments' numbers load apart (./ExperimentTables.tsx); refused there first, the dashboard is refused too.
  const [experimentsRefused, setExperimentsRefused] = useState(false);
  const refuseExperiments = useCallback(() => setExperimentsRefused(true), []);
  const figuresHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnShow) figuresHeading.current?.focus();
    // Once, when the dashboard first shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const lastDay = addDays(period.to, -1);
  const previous = previousOf(period);
  const labels = copy.figures.labels;
  const fileSuffix = `${period.from}-to-${lastDay}`;
  const heading = (name: string) => `${id}-${name}`;

  const account = (
    <Row>
      <Muted>{fill(copy.account.signedInAs, { email })}</Muted>
      <SecondaryButton type="button" onClick={onSignOut}>
        {copy.account.signOut}
      </SecondaryButton>
    </Row>
  );

  if (status === 'forbidden' || experimentsRefused)
    return (
      <Panel as="div">
        <p role="alert">{fill(copy.account.notMember, { email })}</p>
        {account}
      </Panel>
    );

  const overview = reports?.overview;
  return (
    <>
      {account}
      <Panel aria-labelledby={heading('period')}>
        <h2 id={heading('period')} className="visually-hidden">
          {copy.period.legend}
        </h2>
        <PeriodPicker
          copy={copy.period}
          choice={choice}
          shown={{ first: period.from, last: lastDay }}
          onChoose={setChoice}
        />
        <p>
          {fill(copy.period.showing, {
            from: formatDay(period.from),
            to: formatDay(lastDay),
            previousFrom: formatDay(previous.from),
            previousTo: formatDay(addDays(previous.to, -1)),
          })}
        </p>
        <div role="status">{status === 'loading' && <Muted>{copy.loadingReports}</Muted>}</div>
        {status === 'failed' && (
          <Row>
            <p role="alert">{copy.loadFailure}</p>
            <SecondaryButton type="button" onClick={retry}>
              {copy.retry}
            </SecondaryButton>
          </Row>
        )}
      </Panel>
      <div aria-busy={status === 'loading'}>
        <Panel aria-labelledby={heading('figures')}>
          <h2 id={heading('figures')} ref={figuresHeading} tabIndex={-1}>
            {copy.figures.heading}
          </h2>
          {overview && <FigureCards copy={copy.figures} overview={overview} />}
          {overview && <LeftOutNotes copy={copy.leftOut} figures={overview.current} />}
        </Panel>
        {overview && (
          <>
            <Panel aria-labelledby={heading('chart')}>
              <h2 id={heading('chart')}>{copy.chart.heading}</h2>
              <DailySummary copy={copy.chart} days={overview.current.daily} totals={overview.current} />
              <DailyChart days={overview.current.daily} labels={labels} />
              <DailyTable copy={copy.chart} labels={labels} days={overview.current.daily} />
            </Panel>
            <Panel aria-labelledby={heading('funnel')}>
              <h2 id={heading('funnel')}>{copy.funnel.heading}</h2>
              <p>{copy.funnel.intro}</p>
              <FunnelTable copy={copy.funnel} funnel={overview.current.funnel} headingId={heading('funnel')} />
            </Panel>
            <SourceTables
              copy={copy.tables}
              rows={reports.sources}
              touch={touch}
              onTouch={setTouch}
              fileSuffix={fileSuffix}
            />
            <PageTables copy={copy.tables} rows={reports.pages} fileSuffix={fileSuffix} />
          </>
        )}
      </div>
      <ExperimentTables
        client={client}
        copy={copy}
        experiments={experiments}
        onForbidden={refuseExperiments}
        timeZone={overview?.time_zone}
      />
    </>
  );
}
