/** @jest-environment node */
// `npm run check:spelling` on a copy of content/ with mistakes put in: it fails and names file, field and word.
// (The real content/ passes: npm test runs the same script on it first.)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
let workDir: string;

beforeAll(() => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spelling-'));
  fs.cpSync(path.join(ROOT, 'content'), path.join(workDir, 'content'), { recursive: true });
});
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

function edit(file: string, change: (text: string) => string) {
  const absolute = path.join(workDir, 'content', file);
  const before = fs.readFileSync(absolute, 'utf8');
  const after = change(before);
  expect(after).not.toBe(before);
  fs.writeFileSync(absolute, after);
}

function runCheck() {
  return spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(ROOT, 'scripts/check-spelling.ts')], {
    cwd: ROOT,
    env: { ...process.env, CONTENT_DIR: path.join(workDir, 'content') },
    encoding: 'utf8',
  });
}

it('fails on a misspelt word and on American spellings, naming file, field (JSON path, frontmatter key, body line) and word', () => {
  const pricing = JSON.parse(fs.readFileSync(path.join(workDir, 'content/pages/pricing.json'), 'utf8'));
  edit('pages/pricing.json', (text) =>
    text.replace(JSON.stringify(pricing.hero.title), JSON.stringify(`${pricing.hero.title} recieve`)),
  );
  edit('services/appointment-setting.mdx', (text) =>
    text.replace(/^summary: (.*)$/m, 'summary: We optimize $1').replace(/(\n---\n\n)(\S)/, '$1The color of money. $2'),
  );

  const result = runCheck();

  expect(result.status).toBe(1);
  const lines = result.stderr.split('\n').filter((line) => line.startsWith('- '));
  expect(lines).toEqual([
    expect.stringMatching(
      /^- content\/pages\/pricing\.json, hero\.title \(line \d+\): 'recieve' is not in the Australian English dictionary\. Did you mean .*'receive'/,
    ),
    expect.stringMatching(
      /^- content\/services\/appointment-setting\.mdx, frontmatter\.summary \(line 4\): 'optimize' is not in the Australian English dictionary\. Did you mean .*'optimise'/,
    ),
    expect.stringMatching(
      /^- content\/services\/appointment-setting\.mdx, body paragraph 1 \(line 14\): 'color' is not in the Australian English dictionary\. Did you mean .*'colour'/,
    ),
  ]);
  expect(result.stderr).toContain('add it to cspell-words.txt');
}, 60_000);
