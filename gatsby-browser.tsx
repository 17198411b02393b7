import './src/styles/global.css';
import { captureVisit } from './src/lib/attribution';

export { wrapPageElement } from './src/gatsby-wrappers';

/** Records where the visit came from (landing page, referrer's origin, utm_*) for the leads it produces. */
export const onClientEntry = () => captureVisit();
