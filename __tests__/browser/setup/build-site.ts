// Jest global setup: one production build per test run, reused by every browser test file: the build the host runs,
// with the staging project's settings (./test-env.ts). SKIP_BUILD=1 reuses the build already in public/ when this
// setup or the deploy build check (`npm run check:deploy`, which npm test runs first) made it. A run of only the
// files that serve a site of their own (the editor bundled alone, `npm start` on a copy) makes none.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '@jest/types';
import { buildEnv } from './test-env';

const root = path.resolve(__dirname, '../../..');
const marker = path.join(root, 'public', '.built-for-browser-tests');
const indexHtml = path.join(root, 'public', 'index.html');
export const BUILD_LOCK = '/tmp/build.lock';

/** Identifies one build: any later build (e.g. `npm run preview`) rewrites index.html and so invalidates it. */
const buildStamp = () => `${buildEnv.GATSBY_SUPABASE_URL} ${fs.statSync(indexHtml).mtimeMs}`;

/** Browser test files that need no build of this checkout: they serve the editor alone, or run `npm start` on a copy. */
const OWN_SITE_TESTS = ['editor.test.ts', 'npm-start.test.ts'];

/** Whether the files this run selects (by the paths given on the command line) all serve a site of their own. */
function onlyOwnSiteTests(globalConfig?: Config.GlobalConfig): boolean {
  const patterns = globalConfig?.testPathPatterns;
  if (!globalConfig || !patterns?.isSet()) return false;
  const matches = patterns.toExecutor({ rootDir: globalConfig.rootDir });
  const browserTests = path.join(root, '__tests__', 'browser');
  const selected = fs
    .readdirSync(browserTests)
    .filter((name) => name.endsWith('.test.ts') && matches.isMatch(path.join(browserTests, name)));
  return selected.length > 0 && selected.every((name) => OWN_SITE_TESTS.includes(name));
}

/** Whether a process this one runs under is `flock <lockFile> …` (Linux's /proc; false elsewhere). */
function heldByAncestor(lockFile: string): boolean {
  let pid = process.ppid;
  while (pid > 1) {
    try {
      const argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (path.basename(argv[0]) === 'flock' && argv.includes(lockFile)) return true;
      // The parent's pid is the 4th field of /proc/<pid>/stat, after the command name in parentheses.
      pid = Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
    } catch {
      return false;
    }
  }
  return false;
}

/** Marks the build now in public/ as one the browser tests may reuse: made with `buildEnv`'s settings. */
export function markBuiltForBrowserTests(): void {
  fs.writeFileSync(marker, buildStamp());
}

export default function buildSite(globalConfig?: Config.GlobalConfig) {
  if (onlyOwnSiteTests(globalConfig)) {
    console.log('\nBrowser tests: the selected files serve a site of their own; no build of this checkout.');
    return;
  }
  const reusable =
    fs.existsSync(marker) && fs.existsSync(indexHtml) && fs.readFileSync(marker, 'utf8') === buildStamp();
  if (process.env.SKIP_BUILD === '1' && reusable) {
    console.log('\nBrowser tests: reusing the production build in public/.');
    return;
  }
  console.log('\nBrowser tests: building the production site once for this run…');
  const started = Date.now();
  // One Gatsby build at a time in this folder (the benchmark builds here too): flock, where available, unless a
  // caller already holds the lock for this run (`flock /tmp/build.lock npm run build:test && …`): taking it again
  // from a new open file would wait for ourselves forever.
  const hasFlock = spawnSync('flock', ['--version']).status === 0;
  const lock = hasFlock && !heldByAncestor(BUILD_LOCK);
  const command = lock ? ['flock', BUILD_LOCK, 'npx', 'gatsby', 'build'] : ['npx', 'gatsby', 'build'];
  const result = spawnSync(command[0], command.slice(1), {
    cwd: root,
    env: { ...process.env, ...buildEnv },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  fs.mkdirSync(path.join(root, 'artifacts'), { recursive: true });
  fs.writeFileSync(path.join(root, 'artifacts', 'build.log'), `${result.stdout}\n${result.stderr}`);
  if (result.status !== 0) {
    throw new Error(`gatsby build failed (see artifacts/build.log):\n${(result.stdout + result.stderr).slice(-4000)}`);
  }
  markBuiltForBrowserTests();
  console.log(`Browser tests: build finished in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
