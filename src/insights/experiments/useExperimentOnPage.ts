// After a client-side navigation the head script does not run (it is only in the built HTML: the first page's
// Content-Security-Policy would refuse it, ./ExperimentHeadScript.tsx), so the page sets the attributes itself, in
// a layout effect: after React has put the versions in the document and before the browser paints them. It is the
// page's to do, not the section's: a section below the fold may still be loading when Gatsby counts the page view
// (onRouteUpdate), which reads the attributes.
import { useLayoutEffect } from 'react';
import { countingRefused } from '../consent';
import { visitId } from '../visit-id';
import { assignVariant } from './assign';
import { EXPERIMENT_ATTRIBUTE, SHOWN_VARIANT_ATTRIBUTE } from './shown-variant';
import { experimentShares, isRunning, type ExperimentContent } from '../../content-model/experiment-versions';

/** Shows the visit's version of the page's running experiment while the page is shown; removes it when it goes. */
export function useExperimentOnPage(experiment: ExperimentContent | null | undefined): void {
  const id = isRunning(experiment) ? experiment.id : '';
  const shares = isRunning(experiment) ? experimentShares(experiment).join() : '';
  useLayoutEffect(() => {
    if (!id) return undefined;
    const html = document.documentElement;
    // Already set by the head script on this page load: kept, even where its visit id was one in memory only
    // (storage refused), so the version shown never changes under the visitor's eyes.
    if (html.getAttribute(EXPERIMENT_ATTRIBUTE) !== id) {
      const visit = countingRefused() ? '' : visitId();
      if (!visit) return undefined;
      html.setAttribute(SHOWN_VARIANT_ATTRIBUTE, String(assignVariant(id, visit, shares.split(',').map(Number))));
      html.setAttribute(EXPERIMENT_ATTRIBUTE, id);
    }
    return () => {
      html.removeAttribute(EXPERIMENT_ATTRIBUTE);
      html.removeAttribute(SHOWN_VARIANT_ATTRIBUTE);
    };
  }, [id, shares]);
}
