// The inline script in the <head> of a page that runs an experiment: it picks the visit's version before the
// first paint, so the static CSS (./version-styles.ts) shows that one alone and nothing moves or blinks. It takes
// the visit id as src/insights/visit-id.ts does (the same sessionStorage key; in memory where storage is
// refused; none without crypto.randomUUID, and none under Do Not Track or Global Privacy Control, as
// src/insights/consent.ts), picks the variant with the assignment's own copy (ASSIGNMENT_SOURCE) and sets the
// two attributes of <html> (./shown-variant.ts). Without a visit id it sets nothing: the original shows.
// Written out by hand, in ES5, like src/early-input/script.ts: its text is hashed into the page's
// Content-Security-Policy (src/build/security-headers.ts), so it must not depend on a transpiler.
import { ASSIGNMENT_SOURCE, areValidShares } from './assign';
import { EXPERIMENT_ATTRIBUTE, SHOWN_VARIANT_ATTRIBUTE } from './shown-variant';
import { VISIT_ID_STORAGE_KEY } from '../visit-id';

/** The script's text for the experiment `experimentId` with `shares` (the original's first, summing to 100). */
export function experimentHeadScript(experimentId: string, shares: readonly number[]): string {
  // The content check refuses both before a build (experiment-schema.ts); this keeps anything else out of a script.
  if (!/^[a-z0-9-]+$/.test(experimentId) || !areValidShares(shares)) {
    throw new RangeError(`Experiment ${experimentId}: not an experiment id or shares summing to 100`);
  }
  return (
    '(function(d,n,k,x,v,s,c){' +
    'if(n.doNotTrack=="1"||n.globalPrivacyControl)return;c=crypto;' +
    'try{s=sessionStorage;v=s.getItem(k);if(!v)s.setItem(k,v=c.randomUUID())}' +
    'catch(e){if(!v&&c.randomUUID)v=c.randomUUID()}' +
    'if(v){d.setAttribute("' +
    EXPERIMENT_ATTRIBUTE +
    '",x);d.setAttribute("' +
    SHOWN_VARIANT_ATTRIBUTE +
    '",' +
    ASSIGNMENT_SOURCE +
    '(x,v,' +
    JSON.stringify(shares) +
    '))}' +
    '})(document.documentElement,navigator,"' +
    VISIT_ID_STORAGE_KEY +
    '","' +
    experimentId +
    '")'
  );
}
