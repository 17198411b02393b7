// The reports for the chosen period and touch: loaded when either changes (only the sources when only the touch
// does), the last answer kept while the next loads. "Last N days" end with the team's today, which the overview
// says: until the first answer the browser's today stands in, and a period built on another day is asked again.
import { useCallback, useEffect, useRef, useState } from 'react';
import { periodFor, todayIn, type Period, type PeriodChoice } from './periods';
import { loadReports, loadSources } from './reports-api';
import type { Reports, Touch } from './report-types';
import type { TeamClient } from './team-client';

export type ReportsState = {
  period: Period;
  reports?: Reports;
  status: 'loading' | 'ready' | 'forbidden' | 'failed';
  retry: () => void;
};

export function useReports(client: TeamClient, choice: PeriodChoice, touch: Touch): ReportsState {
  const [today, setToday] = useState(() => todayIn(undefined));
  const [reports, setReports] = useState<Reports>();
  const [status, setStatus] = useState<ReportsState['status']>('loading');
  const [attempt, setAttempt] = useState(0);
  const period = periodFor(choice, today);
  const loadedFor = useRef<{ from: string; to: string; touch: Touch } | undefined>(undefined);
  const request = useRef(0);

  useEffect(() => {
    const number = ++request.current;
    const loaded = loadedFor.current;
    const onlyTouch = status === 'ready' && loaded && loaded.from === period.from && loaded.to === period.to;
    setStatus('loading');
    void (async () => {
      if (onlyTouch && reports) {
        const sources = await loadSources(client, period, touch);
        if (number !== request.current) return;
        if (sources.status !== 'ok') return setStatus(sources.status);
        setReports({ ...reports, sources: sources.value });
      } else {
        const answer = await loadReports(client, period, touch);
        if (number !== request.current) return;
        if (answer.status !== 'ok') return setStatus(answer.status);
        if (choice.kind === 'last' && answer.value.overview.today !== today)
          return setToday(answer.value.overview.today);
        setReports(answer.value);
      }
      loadedFor.current = { ...period, touch };
      setStatus('ready');
    })();
    // The period's days and the touch decide what to load; the rest is read as it is then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, period.from, period.to, touch, attempt]);

  const retry = useCallback(() => {
    loadedFor.current = undefined;
    setAttempt((value) => value + 1);
  }, []);
  return { period, reports, status, retry };
}
