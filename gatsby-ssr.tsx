import type { GatsbySSR } from 'gatsby';
import { themeCssVariables } from './src/styles/theme';
import { EARLY_INPUT_SCRIPT } from './src/early-input/script';
import { withoutStyleRehydration } from './src/styles/server-rendered-styles';
import { renderBody } from './src/build/render-body';
import { EXPERIMENT_VERSION_CSS } from './src/insights/experiments/version-styles';

export { wrapPageElement } from './src/gatsby-wrappers';

export const onRenderBody: GatsbySSR['onRenderBody'] = ({ setHtmlAttributes, setHeadComponents }) => {
  setHtmlAttributes({ lang: 'en' });
  setHeadComponents([
    // The theme's custom properties, in the HTML itself: they apply from the first paint, before any script.
    <style key="theme-variables" dangerouslySetInnerHTML={{ __html: themeCssVariables() }} />,
    // Which version of an experiment's section shows, from the first paint (src/insights/experiments/).
    <style key="experiment-versions" dangerouslySetInnerHTML={{ __html: EXPERIMENT_VERSION_CSS }} />,
    // Keeps taps, typing and submits made before hydration (src/early-input/script.ts).
    <script key="early-input" dangerouslySetInnerHTML={{ __html: EARLY_INPUT_SCRIPT }} />,
  ]);
};

/** Keeps the app bundle's first task short: see src/styles/server-rendered-styles.tsx. */
export const onPreRenderHTML: GatsbySSR['onPreRenderHTML'] = ({ getHeadComponents, replaceHeadComponents }) => {
  replaceHeadComponents(withoutStyleRehydration(getHeadComponents()));
};

/** Each page's HTML whole and in reading order, Suspense boundaries included: see src/build/render-body.ts. */
export const replaceRenderer: GatsbySSR['replaceRenderer'] = async ({ bodyComponent, replaceBodyHTMLString }) => {
  replaceBodyHTMLString(await renderBody(bodyComponent));
};
