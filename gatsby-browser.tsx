import './src/styles/global.css';
import { captureVisit } from './src/lib/attribution';
import { hydratePage } from './src/early-input/hydrate';

export { wrapPageElement } from './src/gatsby-wrappers';

/** Records where the visit came from (landing page, referrer's origin, utm_*) for the leads it produces. */
export const onClientEntry = () => captureVisit();

/** Hydrates in slices and marks the page hydrated for the early-input script (src/early-input/hydrate.tsx). */
export const replaceHydrateFunction = () => hydratePage;
