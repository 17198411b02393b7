// The lead challenge's Web Worker (src/lib/lead-challenge/worker.ts) as the one self-contained script the site
// serves, static/lead-challenge-worker.js: Gatsby copies static/ as it is, to the site's root in a build and at
// the same path under `gatsby develop`, so the worker comes from the site's own origin without a build step of
// its own. The file is committed; `npm run build:challenge-worker` writes it again after a change to the
// worker or the solver, and __tests__/lib/lead-challenge-worker.test.ts fails while it is out of date.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { CHALLENGE_WORKER_PATH } from '../lib/lead-challenge/worker-path';

const root = path.resolve(__dirname, '../..');
export const CHALLENGE_WORKER_SOURCE = 'src/lib/lead-challenge/worker.ts';
export const CHALLENGE_WORKER_FILE = path.join(root, 'static', CHALLENGE_WORKER_PATH.slice(1));

const BANNER = '// Generated from src/lib/lead-challenge/worker.ts by `npm run build:challenge-worker`; do not edit.';

/** The worker script, built as the site serves it. */
export async function buildChallengeWorker(): Promise<string> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: [CHALLENGE_WORKER_SOURCE],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    // Workers with typed arrays and TextEncoder, in every browser the site supports.
    target: 'es2017',
    minify: true,
    legalComments: 'none',
    banner: { js: BANNER },
    logLevel: 'error',
  });
  return result.outputFiles[0].text;
}

export async function writeChallengeWorker(): Promise<{ file: string; bytes: number }> {
  const code = await buildChallengeWorker();
  fs.writeFileSync(CHALLENGE_WORKER_FILE, code);
  return { file: path.relative(root, CHALLENGE_WORKER_FILE), bytes: Buffer.byteLength(code) };
}
