// A copy of the repository as a fresh clone has it: the files git knows (tracked, and new ones not ignored) as they
// are in the working tree, with this checkout's node_modules. Used by `npm run check:reword`, the `npm start` test
// and the editor test.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export function copyRepository(source: string, target: string): void {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: source,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((file) => file && fs.existsSync(path.join(source, file)));
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
    fs.copyFileSync(path.join(source, file), path.join(target, file));
  }
  // Hard links cost no space and keep module paths inside the copy; a symlink is the fallback across disks.
  const linked = spawnSync('cp', ['-al', path.join(source, 'node_modules'), path.join(target, 'node_modules')]);
  if (linked.status !== 0) fs.symlinkSync(path.join(source, 'node_modules'), path.join(target, 'node_modules'));
}

/** Makes `dir` (a copy) a git repository of its own with everything in it committed on `main` as `message`. */
export function commitCopy(dir: string, message: string): void {
  for (const args of [
    ['init', '-q', '-b', 'main'],
    ['add', '-A'],
    ['commit', '-q', '-m', message],
  ]) {
    execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], { cwd: dir });
  }
}
