/**
 * @jest-environment node
 */
// A real webpack production build (minifier and `source-map`, as Gatsby's build-javascript stage has them)
// of a small app shaped like Gatsby's: an `app` entry with its runtime in its own chunk, a page component
// loaded as `component---…`, and a panel loaded later with import().
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
import { SourceMapConsumer } from 'source-map-js';
import { EAGER_COMPILE_HINT, EagerCompileHintPlugin, runsOnLoad } from '../../src/build/eager-compile-hint';

const fixture: Record<string, string> = {
  'app.js': [
    `import(/* webpackChunkName: "component---src-pages-index-tsx" */ './page').then((page) => page.render());`,
    `document.body.dataset.app = 'app-started';`,
  ].join('\n'),
  'page.js': [
    `export function render() {`,
    `  document.body.dataset.page = 'page-rendered';`,
    `  document.body.onclick = () => import(/* webpackChunkName: "chat-panel" */ './panel').then((panel) => panel.open());`,
    `}`,
  ].join('\n'),
  'panel.js': `export function open() {\n  document.body.dataset.panel = 'panel-opened';\n}\n`,
};

let dir: string;
let outDir: string;
let assets: string[];
let entryFiles: string[];
const read = (file: string) => fs.readFileSync(path.join(outDir, file), 'utf8');
const filesOf = (stats: webpack.StatsCompilation, group: string) =>
  stats.namedChunkGroups![group].assets!.map((asset) => asset.name).filter((name) => name.endsWith('.js'));

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eager-compile-hint-'));
  outDir = path.join(dir, 'public');
  for (const [file, text] of Object.entries(fixture)) fs.writeFileSync(path.join(dir, file), text);
  const stats = await new Promise<webpack.Stats>((resolve, reject) =>
    webpack(
      {
        mode: 'production',
        context: dir,
        entry: { app: './app.js' },
        output: { path: outDir, filename: '[name]-[contenthash].js', chunkFilename: '[name]-[contenthash].js' },
        optimization: { runtimeChunk: { name: 'webpack-runtime' } },
        devtool: 'source-map',
        plugins: [new EagerCompileHintPlugin()],
      },
      (error, result) => (error || !result ? reject(error) : resolve(result)),
    ),
  );
  expect(stats.compilation.errors).toEqual([]);
  const json = stats.toJson({ all: false, assets: true, chunkGroups: true });
  assets = json.assets!.map((asset) => asset.name).filter((name) => name.endsWith('.js'));
  entryFiles = filesOf(json, 'app');
  expect(entryFiles).toHaveLength(2);
}, 60_000);
afterAll(() => dir && fs.rmSync(dir, { recursive: true, force: true }));

it('marks the app entry (with its runtime chunk) and the page components, nothing loaded later', () => {
  const hinted = assets.filter((file) => read(file).startsWith(EAGER_COMPILE_HINT)).sort();
  expect(hinted).toEqual([...entryFiles, ...assets.filter((file) => file.startsWith('component---'))].sort());
  const panel = assets.filter((file) => file.startsWith('chat-panel-'));
  expect(panel).toHaveLength(1);
  expect(read(panel[0])).not.toContain('allFunctionsCalledOnLoad');
});

it('keeps the hint on its own first line of the minified script', () => {
  for (const file of entryFiles) {
    const [first, ...rest] = read(file).split('\n');
    expect(first).toBe(EAGER_COMPILE_HINT.trim());
    expect(rest.join('\n')).not.toContain('allFunctionsCalledOnLoad');
  }
});

it('keeps the source maps pointing at the original lines', () => {
  // The minified code, where each assignment to `dataset.…` is mapped back to its source line.
  const expectations: [string, string, number][] = [
    ['dataset.app=', 'app.js', 2],
    ['dataset.page=', 'page.js', 2],
  ];
  const hinted = assets.filter((file) => read(file).startsWith(EAGER_COMPILE_HINT));
  for (const [code, source, line] of expectations) {
    const file = hinted.find((candidate) => read(candidate).includes(code))!;
    const lines = read(file).split('\n');
    const generatedLine = lines.findIndex((text) => text.includes(code));
    const map = new SourceMapConsumer(JSON.parse(read(file + '.map')));
    const original = map.originalPositionFor({
      line: generatedLine + 1,
      column: lines[generatedLine].indexOf(code) + 'dataset.'.length,
    });
    expect([original.source?.split('/').pop(), original.line, original.name]).toEqual([
      source,
      line,
      code.slice('dataset.'.length, -1),
    ]);
  }
});

it('names the chunk groups that run on load', () => {
  expect(['app', 'component---src-pages-contact-tsx'].map(runsOnLoad)).toEqual([true, true]);
  expect(['chat-panel', 'polyfill', null, undefined].map(runsOnLoad)).toEqual([false, false, false, false]);
});
