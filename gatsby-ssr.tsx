import type { GatsbySSR } from 'gatsby';
import { themeCssVariables } from './src/styles/theme';

export { wrapPageElement, wrapRootElement } from './src/gatsby-wrappers';

export const onRenderBody: GatsbySSR['onRenderBody'] = ({ setHtmlAttributes, setHeadComponents }) => {
  setHtmlAttributes({ lang: 'en' });
  // The theme's custom properties, in the HTML itself: they apply from the first paint, before any script.
  setHeadComponents([<style key="theme-variables" dangerouslySetInnerHTML={{ __html: themeCssVariables() }} />]);
};
