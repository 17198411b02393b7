// The running experiments' numbers, through the data API as a signed-in team member
// (public.insights_experiment(experiment_id, started_at): one row per version seen, from the start to now). Refused
// as the reports are (./reports-api.ts): 'forbidden' for anyone not on the team's list, else 'failed'.
import type { ExperimentSummary } from './experiment-content';
import type { ExperimentRow } from './report-types';
import { attempt, type Loaded } from './reports-api';
import type { TeamClient } from './team-client';

/**
 * An experiment whose start is still to come (the content may set one) has no numbers yet: the database refuses a
 * start in the future, and asking would fail the whole section.
 */
export function loadExperiment(client: TeamClient, experimentId: string, startedAt: string, now = new Date()) {
  if (new Date(startedAt).getTime() > now.getTime())
    return Promise.resolve<Loaded<ExperimentRow[]>>({ status: 'ok', value: [] });
  return attempt<ExperimentRow[]>(() =>
    client.rpc('insights_experiment', { experiment_id: experimentId, started_at: startedAt }),
  );
}

/** The rows of every running experiment, by its id; one refused or failed load makes the whole answer so. */
export async function loadExperiments(
  client: TeamClient,
  experiments: readonly ExperimentSummary[],
): Promise<Loaded<Record<string, ExperimentRow[]>>> {
  const running = experiments.filter((experiment) => experiment.startedAt !== null);
  const answers = await Promise.all(
    running.map((experiment) => loadExperiment(client, experiment.id, experiment.startedAt!)),
  );
  if (answers.some((answer) => answer.status === 'forbidden')) return { status: 'forbidden' };
  const rows: Record<string, ExperimentRow[]> = {};
  for (const [index, answer] of answers.entries()) {
    if (answer.status !== 'ok') return { status: 'failed' };
    rows[running[index].id] = answer.value;
  }
  return { status: 'ok', value: rows };
}
