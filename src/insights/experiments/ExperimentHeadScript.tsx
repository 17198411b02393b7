// The head script (./head-script.ts) as an element of a page's Head (Gatsby Head API), for a page that runs an
// experiment. Only in the built HTML: Gatsby also renders a page's Head in the browser, and would add the script
// to the document on a client-side navigation, where the first page's Content-Security-Policy (its own scripts'
// hashes) refuses it; the page's layout effect does its work then (./useExperimentOnPage.ts).
import type { ExperimentContent } from '../../content-model/experiment-versions';
import { experimentHeadScript } from './head-script';
import { experimentShares, isRunning } from './versions';

export function ExperimentHeadScript({ experiment }: { experiment: ExperimentContent | null | undefined }) {
  if (!isRunning(experiment) || typeof window !== 'undefined') return null;
  return (
    <script dangerouslySetInnerHTML={{ __html: experimentHeadScript(experiment.id, experimentShares(experiment)) }} />
  );
}
