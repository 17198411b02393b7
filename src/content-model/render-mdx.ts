// Renders an MDX body to static HTML at build time, for content shown inside a page rather than as a
// page of its own (gatsby-plugin-mdx v5 renders one MDX file per page only).
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as runtime from 'react/jsx-runtime';

// @mdx-js/mdx is ESM-only; gatsby-node is compiled to CommonJS, which would turn a plain import() into require().
const importEsm = new Function('specifier', 'return import(specifier)') as <T>(specifier: string) => Promise<T>;

export async function renderMdxToHtml(body: string): Promise<string> {
  const { evaluate } = await importEsm<typeof import('@mdx-js/mdx')>('@mdx-js/mdx');
  const { default: Content } = await evaluate(body, { ...runtime, development: false } as Parameters<
    typeof evaluate
  >[1]);
  return renderToStaticMarkup(createElement(Content));
}
