// `npm run check:reword`: proves the tests pin behaviour, not wording. Copies the repository to a temporary
// folder, rewords every piece of copy the specification does not fix (scripts/reword/reword-content.ts) and runs
// the unit and browser tests there. Green means a marketer's rewording pull request stays green.
//   --unit | --browser   run only one of the two suites
//   --keep               leave the copy behind (its path is printed) to look at a failure
//   -- <jest args>       passed to both jest runs, e.g. -- __tests__/chat
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { commitCopy, copyRepository } from './copy-repository';
import { REWORD_PREFIX, rewordContent } from './reword/reword-content';

const ROOT = path.resolve(__dirname, '..');
const args = process.argv.slice(2);
const jestArgs = args.includes('--') ? args.slice(args.indexOf('--') + 1) : [];
const only = args.includes('--unit') ? 'unit' : args.includes('--browser') ? 'browser' : undefined;

function run(label: string, command: string[], cwd: string): boolean {
  console.log(`\n== ${label}: ${command.join(' ')}`);
  // The test of the rewording itself starts from the wording as it was, not from the reworded copy.
  const env = { ...process.env, REWORD_BASE_CONTENT: path.join(ROOT, 'content') };
  const result = spawnSync(command[0], command.slice(1), { cwd, stdio: 'inherit', env });
  return result.status === 0;
}

function main() {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'reword-'));
  // The test PostgreSQL server runs as an unprivileged user, which must be able to reach its binaries in the copy.
  fs.chmodSync(copy, 0o755);
  // Committed after rewording, as a marketer's pull request is: the editor and `npm start` tests copy the project
  // with git.
  copyRepository(ROOT, copy);
  const changes = rewordContent(path.join(copy, 'content'));
  console.log(`Reworded ${changes.length} pieces of copy in ${copy}/content ("${REWORD_PREFIX} …" in front of each).`);
  commitCopy(copy, 'Reworded copy');
  const results: [string, boolean][] = [];
  const checks: [string, string[]][] = [['content check', ['npx', 'tsx', 'scripts/check-content.ts']]];
  if (only !== 'browser') checks.push(['unit tests', ['npx', 'jest', ...jestArgs]]);
  if (only !== 'unit') checks.push(['browser tests', ['npm', 'run', 'test:browser', '--', ...jestArgs]]);
  for (const [label, command] of checks) results.push([label, run(label, command, copy)]);
  if (args.includes('--keep')) console.log(`\nThe reworded copy is kept in ${copy}`);
  else fs.rmSync(copy, { recursive: true, force: true });
  console.log('\nReword check:');
  for (const [label, passed] of results) console.log(`  ${passed ? 'green' : 'RED  '}  ${label}`);
  process.exit(results.every(([, passed]) => passed) ? 0 : 1);
}

main();
