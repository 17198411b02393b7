// The head script (./head-script.ts) as an element of a page's Head (Gatsby Head API), for a page that runs an
// experiment. Only in the built HTML: Gatsby also renders a page's Head in the browser, and would add the script
// to the document on a client-side navigation, where the first page's Content-Security-Policy (its own scripts'
// hashes) refuses it; the page's layout effect does its work then (./useExperimentOnPage.ts).
import { experimentShares, isRunning, type ExperimentContent } from '../../content-model/experiment-versions';

export function ExperimentHeadScript({ experiment }: { experiment: ExperimentContent | null | undefined }) {
  // Webpack writes the stage in and drops this branch, and the builder it requires, from the browser's bundles
  // (Gatsby's 'build-javascript' and 'develop'): only the server rendering makes the script.
  if (process.env.BUILD_STAGE !== 'build-javascript' && process.env.BUILD_STAGE !== 'develop') {
    if (isRunning(experiment) && typeof window === 'undefined') {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { experimentHeadScript } = require('./head-script') as typeof import('./head-script');
      const script = experimentHeadScript(experiment.id, experimentShares(experiment));
      return <script dangerouslySetInnerHTML={{ __html: script }} />;
    }
  }
  return null;
}
