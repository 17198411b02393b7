import type { GatsbySSR } from 'gatsby';
import { EARLY_INPUT_SCRIPT } from './src/early-input/script';

export { wrapPageElement, wrapRootElement } from './src/gatsby-wrappers';

export const onRenderBody: GatsbySSR['onRenderBody'] = ({ setHtmlAttributes, setHeadComponents }) => {
  setHtmlAttributes({ lang: 'en' });
  // Keeps taps, typing and submits made before hydration (src/early-input/script.ts).
  setHeadComponents([<script key="early-input" dangerouslySetInnerHTML={{ __html: EARLY_INPUT_SCRIPT }} />]);
};
