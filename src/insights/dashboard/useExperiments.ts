// The running experiments' numbers, loaded once when the dashboard shows (and again on "try again"), whatever the
// period chosen: each experiment's numbers run from its start to the moment they were read, which is kept with them
// (the days still to run count to it).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ExperimentSummary } from './experiment-content';
import { loadExperiments } from './experiments-api';
import type { ExperimentRow } from './report-types';
import type { TeamClient } from './team-client';

export type ExperimentsState = {
  status: 'loading' | 'ready' | 'forbidden' | 'failed';
  /** Each running experiment's rows by its id, and when they were read. */
  results?: { rows: Record<string, ExperimentRow[]>; readAt: Date };
  retry: () => void;
};

export function useExperiments(client: TeamClient, experiments: readonly ExperimentSummary[]): ExperimentsState {
  const [status, setStatus] = useState<ExperimentsState['status']>('loading');
  const [results, setResults] = useState<ExperimentsState['results']>();
  const [attempt, setAttempt] = useState(0);
  const request = useRef(0);
  const anyRunning = experiments.some((experiment) => experiment.startedAt !== null);

  useEffect(() => {
    if (!anyRunning) return;
    const number = ++request.current;
    setStatus('loading');
    void loadExperiments(client, experiments).then((answer) => {
      if (number !== request.current) return;
      if (answer.status !== 'ok') return setStatus(answer.status);
      setResults({ rows: answer.value, readAt: new Date() });
      setStatus('ready');
    });
  }, [client, experiments, anyRunning, attempt]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return { status: anyRunning ? status : 'ready', results, retry };
}
