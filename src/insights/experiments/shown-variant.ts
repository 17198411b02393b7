// Which version of the page's experiment the visit is shown: two attributes of <html>, set before the first
// paint by the page's head script (./head-script.ts) or, after a client-side navigation, by the page itself
// (./useExperimentOnPage.ts). The page view reads them (../page-view.ts), so this module is on every page: small.

/** The experiment's id. */
export const EXPERIMENT_ATTRIBUTE = 'data-experiment';
/** The index of the version shown: 0 the original, 1… the variants. */
export const SHOWN_VARIANT_ATTRIBUTE = 'data-experiment-variant';
/** The attribute of each version's wrapper in the page (./ExperimentVersions.tsx): its index. */
export const VERSION_ATTRIBUTE = 'data-variant';

/** What a page view says about the variant shown: `<experiment id>:<index>`, 0 being the original. */
export const variantLabel = (experimentId: string, index: number | string) => experimentId + ':' + index;

/** The label of the version shown, or '' when the page runs no experiment or the visit was given none. */
export function shownVariant(): string {
  const html = document.documentElement;
  const experiment = html.getAttribute(EXPERIMENT_ATTRIBUTE);
  const index = html.getAttribute(SHOWN_VARIANT_ATTRIBUTE);
  return experiment && index ? variantLabel(experiment, index) : '';
}
