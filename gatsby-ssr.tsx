import type { GatsbySSR } from 'gatsby';
import { loadScriptsAfterFirstPaint } from './src/ssr/load-scripts-after-first-paint';

export { wrapPageElement, wrapRootElement } from './src/gatsby-wrappers';

export const onRenderBody: GatsbySSR['onRenderBody'] = ({ setHtmlAttributes }) => {
  setHtmlAttributes({ lang: 'en' });
};

export const onPreRenderHTML: GatsbySSR['onPreRenderHTML'] = ({ getPostBodyComponents, replacePostBodyComponents }) => {
  replacePostBodyComponents(loadScriptsAfterFirstPaint(getPostBodyComponents()));
};
