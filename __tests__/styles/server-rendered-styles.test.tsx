// styled-components' server-rendered styles are unmarked at build time, so the browser copy leaves them in
// place instead of re-inserting every rule while the app bundle starts (src/styles/server-rendered-styles.tsx).
import React from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server.node';
import styled, { ServerStyleSheet } from 'styled-components';
import { SERVER_STYLES_ATTRIBUTE, withoutStyleRehydration } from '../../src/styles/server-rendered-styles';

const Card = styled.section`
  padding: 1.5rem;
  color: rebeccapurple;
`;

/** The head components a page build hands to onPreRenderHTML, and the CSS styled-components collected. */
function serverHead() {
  const sheet = new ServerStyleSheet();
  renderToString(sheet.collectStyles(<Card>Hello</Card>));
  const [styledComponentsStyle] = sheet.getStyleElement();
  const css = (styledComponentsStyle.props as { dangerouslySetInnerHTML: { __html: string } }).dangerouslySetInnerHTML
    .__html;
  sheet.seal();
  const description = <meta key="description" name="description" content="A page" />;
  const themeVariables = <style key="theme" dangerouslySetInnerHTML={{ __html: ':root{--brand:#7c3aed}' }} />;
  return { components: [description, styledComponentsStyle, themeVariables], css };
}

/** Renders `components` into the document head, as the built HTML has them, then starts styled-components. */
function startInBrowser(components: React.ReactNode[]) {
  document.head.innerHTML = renderToStaticMarkup(<>{components}</>);
  document.body.innerHTML = '';
  jest.isolateModules(() => {
    /* eslint-disable @typescript-eslint/no-require-imports -- a fresh styled-components, as a page load starts one */
    const { createElement } = require('react') as typeof import('react');
    const { flushSync } = require('react-dom') as typeof import('react-dom');
    const { createRoot } = require('react-dom/client') as typeof import('react-dom/client');
    const freshStyled = (require('styled-components') as typeof import('styled-components')).default;
    /* eslint-enable @typescript-eslint/no-require-imports */
    const FreshCard = freshStyled.section`
      padding: 1.5rem;
      color: rebeccapurple;
    `;
    const root = createRoot(document.body.appendChild(document.createElement('div')));
    flushSync(() => root.render(createElement(FreshCard, null, 'Hello')));
  });
}

const headStyles = () => Array.from(document.head.querySelectorAll('style'));

it("unmarks styled-components' server-rendered style and keeps its CSS, leaving every other head component", () => {
  const { components, css } = serverHead();
  const result = withoutStyleRehydration(components);

  expect(result[0]).toBe(components[0]);
  expect(result[2]).toBe(components[2]);
  const markup = renderToStaticMarkup(<>{result[1]}</>);
  expect(markup).toBe(`<style ${SERVER_STYLES_ATTRIBUTE}="">${css}</style>`);
  expect(css).toContain('color:rebeccapurple');
});

it('leaves the server-rendered rules where they are and adds the browser copy at the end of the head', () => {
  startInBrowser(withoutStyleRehydration(serverHead().components));

  const styles = headStyles();
  expect(styles.map((style) => style.hasAttribute(SERVER_STYLES_ATTRIBUTE))).toEqual([true, false, false]);
  expect(styles[0].textContent).toContain('color:rebeccapurple');
  expect(styles[1].textContent).toBe(':root{--brand:#7c3aed}');
  expect(styles[2].getAttribute('data-styled')).toBe('active');
});

it('is what stops the re-insertion: marked, the server-rendered style is taken over when the browser copy starts', () => {
  startInBrowser(serverHead().components);

  expect(document.head.querySelector('style[data-styled=""]')).toBeNull();
  expect(headStyles().map((style) => style.getAttribute('data-styled'))).toEqual(['active', null]);
});
