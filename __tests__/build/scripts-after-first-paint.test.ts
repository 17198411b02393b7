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

const runLoader = () => new Function(afterFirstPaintLoader(sources).replace(/^<script>|<\/script>$/g, ''))();
const loadedScripts = () =>
  [...document.querySelectorAll<HTMLScriptElement>('script[src]')].map((script) => [
    script.getAttribute('src'),
    script.async,
  ]);

describe('the loader', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    document.body.innerHTML = '';
  });
  afterEach(() => {
    jest.useRealTimers();
    delete (globalThis as { PerformanceObserver?: unknown }).PerformanceObserver;
  });

  it('loads the scripts, in order and async, once the first contentful paint is reported', () => {
    let report: (names: string[]) => void = () => undefined;
    (globalThis as { PerformanceObserver?: unknown }).PerformanceObserver = class {
      constructor(
        callback: (list: { getEntriesByName(name: string): unknown[] }, observer: { disconnect(): void }) => void,
      ) {
        report = (names) =>
          callback(
            { getEntriesByName: (name) => names.filter((entry) => entry === name) },
            { disconnect: () => undefined },
          );
      }
      observe() {}
    };
    runLoader();
    report(['first-paint']);
    jest.advanceTimersByTime(10);
    expect(loadedScripts()).toEqual([]);
    report(['first-contentful-paint']);
    jest.advanceTimersByTime(1);
    expect(loadedScripts()).toEqual(sources.map((src) => [src, true]));
    jest.advanceTimersByTime(5000);
    expect(loadedScripts()).toHaveLength(3);
  });

  it('falls back to the next frame where paint timing cannot be observed', () => {
    const frame = jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      callback(0);
      return 1;
    });
    runLoader();
    expect(loadedScripts()).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(loadedScripts()).toEqual(sources.map((src) => [src, true]));
    frame.mockRestore();
  });

  it('loads them after three seconds at the latest, e.g. in a background tab that never paints', () => {
    (globalThis as { PerformanceObserver?: unknown }).PerformanceObserver = class {
      observe() {}
    };
    runLoader();
    jest.advanceTimersByTime(2999);
    expect(loadedScripts()).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(loadedScripts()).toHaveLength(3);
  });
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
