// A landing page's Markdown text as HTML in the editor, with the compiler the build uses for it (@mdx-js/mdx, as
// render-mdx.ts), synchronously so the preview's sections stay plain data. Compiling runs generated code, which
// is why /admin's Content-Security-Policy allows 'unsafe-eval' (docs/security.md).
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as runtime from 'react/jsx-runtime';
import { evaluateSync } from '@mdx-js/mdx';

const compiled = new Map<string, string>();

/** The HTML of `body`; a text that does not compile yet (mid-edit) says why instead. */
export function markdownHtml(body: string): string {
  let html = compiled.get(body);
  if (html === undefined) {
    try {
      const { default: Content } = evaluateSync(body, { ...runtime, development: false } as Parameters<
        typeof evaluateSync
      >[1]);
      html = renderToStaticMarkup(createElement(Content));
    } catch (error) {
      html = renderToStaticMarkup(createElement('p', { role: 'alert' }, `The text cannot be shown: ${String(error)}`));
    }
    compiled.set(body, html);
  }
  return html;
}
