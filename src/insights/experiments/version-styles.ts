// The one style rule set behind every experiment, in every page's <head> (gatsby-ssr's onRenderBody), so it applies
// from the first paint: each version of the section is a wrapper that adds no box of its own (display: contents),
// and only the version <html> names is shown; without that attribute (no head script, no visit id) the original.
// Static: the same text for any experiment, written for as many versions as an experiment may have.
import { EXPERIMENT_VARIANTS_MAX } from '../../content-model/experiment-schema';
import { SHOWN_VARIANT_ATTRIBUTE, VERSION_ATTRIBUTE } from './shown-variant';

const version = (index: number) => `[${VERSION_ATTRIBUTE}="${index}"]`;
const shown = (index: number) => `html[${SHOWN_VARIANT_ATTRIBUTE}="${index}"]`;
const variants = Array.from({ length: EXPERIMENT_VARIANTS_MAX }, (_, index) => index + 1);

/** The rules, later ones more specific than earlier ones (so the same whichever way a cascade is resolved). */
export const EXPERIMENT_VERSION_CSS = [
  `[${VERSION_ATTRIBUTE}]{display:contents}`,
  `[${VERSION_ATTRIBUTE}]:not(${version(0)}){display:none}`,
  `${variants.map((index) => `${shown(index)} ${version(0)}`).join(',')}{display:none}`,
  `${variants.map((index) => `${shown(index)} ${version(index)}`).join(',')}{display:contents}`,
].join('');
