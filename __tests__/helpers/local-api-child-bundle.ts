// The local data API's test process (./local-api-process.ts and what it imports from dev/), bundled into one
// CommonJS file that plain Node runs, with the packages it uses loaded from node_modules as they are. Started
// under tsx instead, each of the hundred or so starts in a test run spent 0.8 CPU-s more compiling and resolving
// TypeScript files one by one (4.0 against 3.2 CPU-s a start, measured). Jest's global setup bundles it (esbuild,
// a fraction of a second) and names it in LOCAL_API_CHILD_BUNDLE for the test files; started from elsewhere (a
// bench script), ./local-api.ts runs the TypeScript under tsx as before. The file is named by its content, so runs
// side by side share it and never read half of one.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'esbuild';

const ENTRY = path.join(__dirname, 'local-api-process.ts');
/** Inside the project, so the bundle's `require`s find the project's node_modules. */
const OUT_DIR = path.join(__dirname, '..', '..', 'node_modules', '.cache', 'local-api-child');

/** Each bundled file keeps its own folder: `__dirname` and `__filename` are written in as the source file's. */
const sourceLocations: Plugin = {
  name: 'source-locations',
  setup(plugin) {
    plugin.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8');
      return {
        contents: source
          .replace(/\b__dirname\b/g, JSON.stringify(path.dirname(args.path)))
          .replace(/\b__filename\b/g, JSON.stringify(args.path)),
        loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts',
      };
    });
  },
};

/** The environment variable naming the bundled test process for ./local-api.ts. */
export const LOCAL_API_CHILD_BUNDLE = 'LOCAL_API_CHILD_BUNDLE';

/** Jest's global setup: bundles the test process and names it for the test files. */
export async function bundleLocalApiChild(): Promise<void> {
  process.env[LOCAL_API_CHILD_BUNDLE] = await bundle();
}

async function bundle(): Promise<string> {
  // Loaded here: the test files that import ./local-api.ts for this file's one name need none of esbuild.
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    packages: 'external',
    plugins: [sourceLocations],
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  const file = path.join(
    OUT_DIR,
    `local-api-process-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.cjs`,
  );
  if (!fs.existsSync(file)) {
    fs.mkdirSync(OUT_DIR, { recursive: true });
    const partial = `${file}.${process.pid}`;
    fs.writeFileSync(partial, code);
    fs.renameSync(partial, file);
  }
  return file;
}
