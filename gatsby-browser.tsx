import './src/styles/global.css';
import { captureVisit } from './src/lib/attribution';
import { hydratePage } from './src/early-input/hydrate';
import { countPageView } from './src/insights/page-view';
import { startSending } from './src/insights/send';

export { wrapPageElement } from './src/gatsby-wrappers';

/**
 * Records where the visit came from (landing page, referrer's origin, utm_*) for the leads it produces, and gets
 * the visit's counted events sent after the page's load event (src/insights/send.ts).
 */
export const onClientEntry = () => {
  captureVisit();
  startSending();
};

/** Counts the page shown: Gatsby calls this for the first page and after each client-side navigation. */
export const onRouteUpdate = () => countPageView();

/** Hydrates in slices and marks the page hydrated for the early-input script (src/early-input/hydrate.tsx). */
export const replaceHydrateFunction = () => hydratePage;
