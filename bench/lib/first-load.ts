// First-load JavaScript of a route, computed from the build output (no browser involved).
//
// Definition: the set of JavaScript files a visit to the route downloads before any interaction, i.e.
//   1. every <script src> and every <link rel="preload"|"modulepreload" as="script"> in the route's HTML
//      (for Gatsby 5: webpack-runtime, framework, app), plus
//   2. every .js asset of webpack's named chunk groups `app` and the route's page component
//      (`componentChunkName` from its page-data.json, looked up in public/webpack.stats.json
//      `namedChunkGroups`): the loader fetches those right after the app starts, to hydrate the page.
// Files are deduplicated; each is gzipped at level 9 and the sizes are summed. Chunks loaded later with
// import() (the chat panel, the Supabase client) are not in those groups and are not counted, but are
// caught by the forbidden-module check below if they ever move into the first load.
//
// The JSON a route fetches on load (page-data.json, app-data.json and the static query results) is
// reported separately as first-load data.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { PAGE_TEMPLATES } from '../../src/build/page-templates';

export type FirstLoad = {
  jsGzipBytes: number;
  jsRawBytes: number;
  files: { file: string; raw: number; gzip: number }[];
  dataGzipBytes: number;
  dataFiles: number;
  /**
   * Source modules in the first-load files that must not be there (chat engine/panel, Supabase, zod, the challenge;
   * the experiments' code on a page that runs none).
   */
  forbidden: string[];
  /** Whether the route's template is the one of a page running an experiment (src/build/page-templates.ts). */
  runsExperiment: boolean;
};

const FORBIDDEN = [
  /src\/features\/chat\/(engine|ChatPanel|useConversation|match|steps|MessageList|Composer)\b/,
  /node_modules\/@supabase\//,
  /node_modules\/zod\//,
  /src\/lib\/(supabase-client|local-supabase)\b/,
  // The proof-of-work challenge: loaded when a visitor starts a form or opens the chat (issue 36).
  /src\/lib\/lead-challenge\//,
];

/** The experiments' code, which only the template of a page running one loads (src/build/page-templates.ts). */
const EXPERIMENT_CODE = /src\/insights\/experiments\/(ExperimentVersions|useExperimentOnPage|assign|from-query)\b/;

/** Gatsby's chunk name for a page component, as `component---src-templates-landing-page-experiment-tsx`. */
const chunkNameOf = (component: string) => `component---${component.replace(/[^a-zA-Z0-9]+/g, '-')}`;
const EXPERIMENT_TEMPLATE_CHUNKS = new Set(
  Object.values(PAGE_TEMPLATES).map(({ experiment }) => chunkNameOf(experiment)),
);
const isExperimentTemplate = (componentChunkName: string) => EXPERIMENT_TEMPLATE_CHUNKS.has(componentChunkName);

function gzipSize(file: string): number {
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

export function pageDataDir(route: string): string {
  return route === '/' ? 'index' : route.replace(/^\//, '');
}

export function htmlFile(root: string, route: string): string {
  return route === '/' ? path.join(root, 'index.html') : path.join(root, route.replace(/^\//, ''), 'index.html');
}

export function scriptsInHtml(html: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)) found.push(match[1]);
  for (const match of html.matchAll(/<link\b[^>]*>/g)) {
    const tag = match[0];
    if (/\brel="(preload|modulepreload)"/.test(tag) && /\bas="script"/.test(tag) && /\bhref="([^"]+)"/.test(tag)) {
      found.push(/\bhref="([^"]+)"/.exec(tag)![1]);
    }
  }
  return found;
}

/** The source modules a built script was made from, read from its source map (none without one). */
export function mapSources(root: string, file: string): string[] {
  const map = path.join(root, `${file}.map`);
  if (!fs.existsSync(map)) return [];
  return (JSON.parse(fs.readFileSync(map, 'utf8')) as { sources: string[] }).sources;
}

export function firstLoad(root: string, route: string): FirstLoad {
  const html = fs.readFileSync(htmlFile(root, route), 'utf8');
  const pageData = JSON.parse(
    fs.readFileSync(path.join(root, 'page-data', pageDataDir(route), 'page-data.json'), 'utf8'),
  ) as { componentChunkName: string; staticQueryHashes?: string[] };
  const stats = JSON.parse(fs.readFileSync(path.join(root, 'webpack.stats.json'), 'utf8')) as {
    namedChunkGroups: Record<string, { assets: { name: string }[] }>;
  };

  const names = new Set<string>();
  for (const src of scriptsInHtml(html)) {
    if (/^https?:\/\//.test(src)) throw new Error(`${route}: third-party script in the HTML: ${src}`);
    names.add(src.replace(/^\//, ''));
  }
  for (const group of ['app', pageData.componentChunkName]) {
    const chunkGroup = stats.namedChunkGroups[group];
    if (!chunkGroup) throw new Error(`${route}: chunk group ${group} missing from webpack.stats.json`);
    for (const asset of chunkGroup.assets) if (asset.name.endsWith('.js')) names.add(asset.name);
  }

  const files = [...names].sort().map((file) => {
    const full = path.join(root, file);
    return { file, raw: fs.statSync(full).size, gzip: gzipSize(full) };
  });

  const runsExperiment = isExperimentTemplate(pageData.componentChunkName);
  const forbidden = new Set<string>();
  for (const { file } of files) {
    for (const source of mapSources(root, file)) {
      if (FORBIDDEN.some((pattern) => pattern.test(source))) forbidden.add(source);
      if (!runsExperiment && EXPERIMENT_CODE.test(source)) forbidden.add(source);
    }
  }

  const dataPaths = [
    path.join('page-data', pageDataDir(route), 'page-data.json'),
    path.join('page-data', 'app-data.json'),
    ...(pageData.staticQueryHashes ?? []).map((hash) => path.join('page-data', 'sq', 'd', `${hash}.json`)),
  ].filter((file) => fs.existsSync(path.join(root, file)));

  return {
    jsGzipBytes: files.reduce((sum, file) => sum + file.gzip, 0),
    jsRawBytes: files.reduce((sum, file) => sum + file.raw, 0),
    files,
    dataGzipBytes: dataPaths.reduce((sum, file) => sum + gzipSize(path.join(root, file)), 0),
    dataFiles: dataPaths.length,
    forbidden: [...forbidden].sort(),
    runsExperiment,
  };
}
