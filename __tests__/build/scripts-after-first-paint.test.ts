import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  afterFirstPaintLoader,
  loadScriptsAfterFirstPaint,
  rewriteBuiltPages,
} from '../../src/build/scripts-after-first-paint';

const page = [
  '<html><body><div id="___gatsby"><h1>Hi</h1></div>',
  '<script id="gatsby-script-loader">window.pagePath="/";</script>',
  '<script src="/webpack-runtime-1.js" async></script><script src="/framework-2.js" async></script>',
  '<script src="/app-3.js" async></script></body></html>',
].join('');
const sources = ['/webpack-runtime-1.js', '/framework-2.js', '/app-3.js'];

it('replaces the async script tags by one loader, after the inline data scripts', () => {
  const html = loadScriptsAfterFirstPaint(page);
  expect(html).not.toMatch(/<script src=/);
  expect(html).toContain(afterFirstPaintLoader(sources));
  expect(html.indexOf('gatsby-script-loader')).toBeLessThan(html.indexOf('requestAnimationFrame'));
  expect(html.endsWith('</script></body></html>')).toBe(true);
});

it('loads the same scripts, in order and async, once the first frame has been painted', () => {
  jest.useFakeTimers();
  const frame = jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
    callback(0);
    return 1;
  });
  document.body.innerHTML = '';
  const loader = afterFirstPaintLoader(sources).replace(/^<script>|<\/script>$/g, '');
  new Function(loader)();
  expect(document.querySelectorAll('script[src]')).toHaveLength(0);
  jest.runAllTimers();
  const scripts = [...document.querySelectorAll<HTMLScriptElement>('script[src]')];
  expect(scripts.map((script) => script.getAttribute('src'))).toEqual(sources);
  expect(scripts.every((script) => script.async)).toBe(true);
  frame.mockRestore();
  jest.useRealTimers();
});

it('leaves pages without async scripts alone, and rewrites every HTML file of a build once', () => {
  expect(loadScriptsAfterFirstPaint('<p>static</p>')).toBe('<p>static</p>');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'public-'));
  fs.mkdirSync(path.join(dir, 'pricing'));
  fs.writeFileSync(path.join(dir, 'index.html'), page);
  fs.writeFileSync(path.join(dir, 'pricing', 'index.html'), page);
  fs.writeFileSync(path.join(dir, 'app.js'), '<script src="/x.js" async></script>');
  expect(rewriteBuiltPages(dir)).toBe(2);
  expect(rewriteBuiltPages(dir)).toBe(0);
  expect(fs.readFileSync(path.join(dir, 'app.js'), 'utf8')).toBe('<script src="/x.js" async></script>');
  fs.rmSync(dir, { recursive: true });
});
