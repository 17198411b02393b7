import './src/styles/global.css';

export { wrapPageElement, wrapRootElement } from './src/gatsby-wrappers';

/** Records where the visit came from (landing page, referrer's origin, utm_*) for the leads it produces. */
export { captureVisit as onClientEntry } from './src/lib/attribution';
