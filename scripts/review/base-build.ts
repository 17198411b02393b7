// The base branch's site and copy, made once per commit and kept in artifacts/review-base/<commit>/:
// the commit is checked out into a temporary git worktree that reuses this checkout's node_modules (when
// package-lock.json is the same; otherwise `npm ci` there), built with the browser tests' settings (so its
// forms send leads to the same local data API as the head build), and its public/ and content/ kept.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BUILD_LOCK } from '../../__tests__/browser/setup/build-site';
import { buildEnv } from '../../__tests__/browser/setup/test-env';

export const git = (args: string[], cwd: string): string =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

export function tryGit(args: string[], cwd: string): string | null {
  try {
    return git(args, cwd) || null;
  } catch {
    return null;
  }
}

/** Runs a command in `cwd`, its output shown; `locked`: under the build lock the browser tests' builds take too. */
function run(
  command: string,
  args: string[],
  cwd: string,
  options: { env?: NodeJS.ProcessEnv; locked?: boolean } = {},
): void {
  const env = options.env ?? process.env;
  const lock = options.locked && spawnSync('flock', ['--version']).status === 0;
  const [file, argv] = lock ? ['flock', [BUILD_LOCK, command, ...args]] : [command, args];
  const result = spawnSync(file, argv, { cwd, env, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd} (exit ${result.status})`);
}

export type BaseBuild = { site: string; content: string };

export function baseBuild(root: string, commit: string, log: (line: string) => void): BaseBuild {
  const cache = path.join(root, 'artifacts', 'review-base', commit);
  const kept: BaseBuild = { site: path.join(cache, 'public'), content: path.join(cache, 'content') };
  if (fs.existsSync(path.join(kept.site, 'index.html')) && fs.existsSync(kept.content)) {
    log(`Base ${commit.slice(0, 7)}: reusing the build in ${path.relative(root, cache)}`);
    return kept;
  }
  const worktree = fs.mkdtempSync(path.join(os.tmpdir(), 'review-base-'));
  log(`Base ${commit.slice(0, 7)}: checking out into ${worktree} and building (a minute or more)…`);
  git(['worktree', 'add', '--detach', '--force', worktree, commit], root);
  try {
    const sameLock =
      git(['show', `${commit}:package-lock.json`], root) ===
      fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8').trim();
    if (sameLock) fs.symlinkSync(path.join(root, 'node_modules'), path.join(worktree, 'node_modules'), 'dir');
    else run('npm', ['ci', '--no-audit', '--no-fund'], worktree);
    run('npx', ['gatsby', 'build'], worktree, { env: { ...process.env, ...buildEnv }, locked: true });
    fs.rmSync(cache, { recursive: true, force: true });
    fs.mkdirSync(cache, { recursive: true });
    fs.cpSync(path.join(worktree, 'content'), kept.content, { recursive: true });
    fs.renameSync(path.join(worktree, 'public'), kept.site);
  } finally {
    git(['worktree', 'remove', '--force', worktree], root);
  }
  return kept;
}

/** The base's content/ alone (for the copy diff when the base site is given as a folder). */
export function baseContent(root: string, commit: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'review-content-'));
  const archive = spawnSync('git', ['archive', commit, 'content'], { cwd: root, maxBuffer: 256 * 1024 * 1024 });
  if (archive.status !== 0) throw new Error(`git archive ${commit} content failed: ${archive.stderr}`);
  execFileSync('tar', ['-x', '-C', dir], { input: archive.stdout });
  return path.join(dir, 'content');
}
