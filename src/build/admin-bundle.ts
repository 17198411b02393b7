// Bundles the editor (src/admin/index.ts, Decap CMS) with esbuild into its own folder, `public/admin/` after
// `gatsby build` and `.cache/admin/` for `gatsby develop`. It never enters Gatsby's webpack build, so no public
// route loads or waits for any of it. esbuild does it in seconds where a webpack pass with Gatsby's Babel and
// Terser took minutes (docs/performance.md, "The editor's bundle").
import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import type { BackendSettings } from '../admin/cms-config';
import { adminPageHtml } from './admin-page';
import { themeCssVariables } from '../styles/theme';
import { readServiceCards } from '../content-model/service-cards';

/** The site's own page styles for the preview pane: the theme's custom properties and the global rules. */
const previewCss = () => themeCssVariables() + fs.readFileSync(path.join(root, 'src/styles/global.css'), 'utf8');

/** The services' cards as data (src/admin/previews/service-cards.ts reads files, which the browser cannot). */
const serviceCardsAsData: Plugin = {
  name: 'service-cards',
  setup(bundler) {
    bundler.onLoad({ filter: /src[\\/]admin[\\/]previews[\\/]service-cards\.ts$/ }, () => ({
      contents: `export const serviceCards = ${JSON.stringify(readServiceCards(path.join(root, 'content')))};`,
      loader: 'js',
    }));
  },
};

export type AdminBundle = { entry: string; files: string[]; bytes: number; milliseconds: number };

const root = path.resolve(__dirname, '../..');

export async function buildAdmin(outDir: string, settings: BackendSettings): Promise<AdminBundle> {
  const started = Date.now();
  fs.rmSync(outDir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: { cms: 'src/admin/index.ts' },
    outdir: outDir,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    assetNames: 'assets/[name]-[hash]',
    publicPath: '/admin',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    legalComments: 'linked',
    jsx: 'automatic',
    metafile: true,
    logLevel: 'error',
    alias: { gatsby: './src/admin/gatsby-stand-in.tsx' },
    loader: { '.wasm': 'file' },
    plugins: [serviceCardsAsData],
    define: {
      'process.env.NODE_ENV': '"production"',
      global: 'globalThis',
      CMS_BACKEND_SETTINGS: JSON.stringify(settings),
      CMS_PREVIEW_CSS: JSON.stringify(previewCss()),
    },
  });
  const outputs = Object.keys(result.metafile.outputs);
  const entry = outputs.find((file) => result.metafile.outputs[file].entryPoint === 'src/admin/index.ts');
  if (!entry) throw new Error('esbuild wrote no entry for the editor');
  const entryUrl = `/admin/${path.relative(outDir, path.resolve(root, entry)).split(path.sep).join('/')}`;
  fs.writeFileSync(path.join(outDir, 'index.html'), adminPageHtml(entryUrl));
  return {
    entry: entryUrl,
    files: outputs,
    bytes: outputs.reduce((sum, file) => sum + result.metafile.outputs[file].bytes, 0),
    milliseconds: Date.now() - started,
  };
}
