import type { GatsbySSR } from 'gatsby';

export { wrapPageElement, wrapRootElement } from './src/gatsby-wrappers';

export const onRenderBody: GatsbySSR['onRenderBody'] = ({ setHtmlAttributes }) => {
  setHtmlAttributes({ lang: 'en' });
};
