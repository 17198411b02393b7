import { render } from '@testing-library/react';
import { afterFirstPaintLoader, loadScriptsAfterFirstPaint } from '../../src/ssr/load-scripts-after-first-paint';

const gatsbyPostBody = [
  <script key="loader" id="gatsby-script-loader" dangerouslySetInnerHTML={{ __html: 'window.pagePath="/"' }} />,
  <script key="/webpack-runtime.js" src="/webpack-runtime.js" async />,
  <script key="/framework.js" src="/framework.js" async />,
  <script key="/app.js" src="/app.js" async />,
];

it('replaces the async script tags by one loader that runs after the first frame, keeping the inline scripts first', () => {
  const html = render(<>{loadScriptsAfterFirstPaint(gatsbyPostBody)}</>).container.innerHTML;
  expect(html).not.toMatch(/<script[^>]* src=/);
  expect(html.indexOf('gatsby-script-loader')).toBeLessThan(html.indexOf('requestAnimationFrame'));
  expect(html).toContain(afterFirstPaintLoader(['/webpack-runtime.js', '/framework.js', '/app.js']));
});

it('loads the same scripts, in order, when the loader runs', () => {
  jest.useFakeTimers();
  const frame = jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
    callback(0);
    return 1;
  });
  document.body.innerHTML = '';
  new Function(afterFirstPaintLoader(['/webpack-runtime.js', '/framework.js', '/app.js']))();
  expect(document.querySelectorAll('script[src]')).toHaveLength(0);
  jest.runAllTimers();
  const scripts = [...document.querySelectorAll<HTMLScriptElement>('script[src]')];
  expect(scripts.map((script) => script.getAttribute('src'))).toEqual([
    '/webpack-runtime.js',
    '/framework.js',
    '/app.js',
  ]);
  expect(scripts.every((script) => script.async)).toBe(true);
  frame.mockRestore();
  jest.useRealTimers();
});

it('leaves pages without async scripts alone', () => {
  const components = [gatsbyPostBody[0]];
  expect(loadScriptsAfterFirstPaint(components)).toBe(components);
});
